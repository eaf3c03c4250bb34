// Each error response of an operation states exactly the codes it can answer: ErrorResponse `error` and
// Form 484 `errors[].code` become enums per operation and status, so a server that renames a code
// (or answers one the document never mentions) fails validation instead of conforming. The codes
// come from the response's own examples, the same values the server's mappers produce
// (apiError/form484Error), plus any a response declares without an example of each (Form 484's
// 422 answers every D-11 code, the list its validator uses).
import type { ZodType } from 'zod';
import { z } from './zod.js';
import { ErrorResponse, Form484Error, Form484FieldError, type ErrorFamily } from './errors.js';
import type { Examples } from './operation-definition.js';

/** The error codes an example set illustrates (ErrorResponse `error` or Form 484 `errors[].code`). */
export function codesIn(examples: Examples): Set<string> {
  const codes = new Set<string>();
  for (const example of Object.values(examples)) {
    const value = example.value as { error?: unknown; errors?: unknown };
    if (typeof value.error === 'string') codes.add(value.error);
    if (Array.isArray(value.errors))
      for (const item of value.errors as { code?: unknown }[]) if (typeof item.code === 'string') codes.add(item.code);
  }
  return codes;
}

/** The codes a response can answer, sorted so the document is stable: its examples' and the declared ones. */
export function responseCodes(examples: Examples, declared: readonly string[] = []): string[] {
  return [...new Set([...codesIn(examples), ...declared])].sort();
}

/**
 * The family's shape with its code narrowed to `codes`: the registered component (ErrorResponse or
 * Form484Error) and, beside it in an `allOf`, the same shape again with the code as an enum. The copy
 * types every property as the shape does (not as `{}`), so a code generator reading the `allOf`
 * types each field concretely, and it is closed like every response object.
 */
export function narrowedFamilySchema(family: ErrorFamily, codes: readonly string[]): ZodType {
  const [first, ...rest] = codes;
  if (first === undefined) throw new Error(`an error response of family ${family} must show or declare at least one code`);
  const code = z.enum([first, ...rest]).openapi({ description: 'The codes this response can answer.' });
  if (family === 'api') return z.intersection(ErrorResponse, z.strictObject({ ...ErrorResponse.shape, error: code }));
  return z.intersection(
    Form484Error,
    z.strictObject({ ...Form484Error.shape, errors: z.array(z.strictObject({ ...Form484FieldError.shape, code })) }),
  );
}
