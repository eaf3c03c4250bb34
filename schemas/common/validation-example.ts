// The 422 example Prism answers with. Prism answers `Prefer: code=422` with the FIRST example of the
// operation's 422 (a request that really is broken gets the server's own answer from the mock's
// front, scripts/mock/front.ts), so that first example must be a `validation_failed` naming this
// operation's own fields. Where the operation's schemas allow, it is derived from them as the
// answer the server gives to the simplest broken request: a body of `{}` (every required field
// `required`), a query parameter over its maximum (`too_big`) or a required query parameter left
// out (`required`). The codes and messages are the server's (server/http/ajv-problems.ts);
// test/e2e/mock-parity.test.ts sends those requests to the server and compares.
import { z, type ZodObject, type ZodType } from 'zod';
import { apiError, form484Error, type ErrorFamily, type FieldErrorExample } from './errors.js';
import type { Examples, NamedExample } from './operation-definition.js';

const VALIDATION_MESSAGE = 'The request is not valid.';

/** A named example of 422 `validation_failed` (ErrorResponse shape) with these problems, keyed by field. */
export function validationExample(summary: string, errors: Record<string, FieldErrorExample[]>): NamedExample {
  return { summary, value: apiError('validation_failed', VALIDATION_MESSAGE, { errors }) };
}

interface JsonSchemaObject {
  type?: unknown;
  required?: string[];
  properties?: Record<string, { maximum?: number }>;
}

/** Largest integer a query bound can usefully show (`page` is bounded only by 2^53 - 1). */
const SHOWN_BOUND = 1_000_000;

function jsonSchemaOf(schema: ZodType): JsonSchemaObject {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaObject;
}

function problems(family: ErrorFamily, fields: { code: string; field: string; message: string }[]): unknown {
  if (family === 'form484') return form484Error(fields);
  const errors = Object.fromEntries(fields.map(({ field, code, message }) => [field, [{ code, message }]]));
  return apiError('validation_failed', VALIDATION_MESSAGE, { errors });
}

/** The derived example, or undefined when the schemas give no simple broken request (a union body). */
export function derivedValidationExample(
  family: ErrorFamily,
  body: ZodType | undefined,
  query: ZodObject | undefined,
): { name: string; example: NamedExample } | undefined {
  if (body) {
    const schema = jsonSchemaOf(body);
    const required = schema.type === 'object' ? (schema.required ?? []) : [];
    if (required.length === 0) return undefined;
    return {
      name: 'emptyBody',
      example: {
        summary: 'Body `{}`: every required field missing',
        value: problems(
          family,
          required.map((field) => ({ code: 'required', field, message: 'Required.' })),
        ),
      },
    };
  }
  if (query) {
    const schema = jsonSchemaOf(query);
    const bounded = Object.entries(schema.properties ?? {}).find(([, p]) => typeof p.maximum === 'number' && p.maximum < SHOWN_BOUND);
    if (bounded) {
      const [name, property] = bounded;
      return {
        name: `${name}TooBig`,
        example: {
          summary: `\`${name}\` over ${String(property.maximum)}`,
          value: problems(family, [{ code: 'too_big', field: name, message: `Must be at most ${String(property.maximum)}.` }]),
        },
      };
    }
    const missing = schema.required?.[0];
    if (missing)
      return {
        name: `${missing}Missing`,
        example: {
          summary: `No \`${missing}\``,
          value: problems(family, [{ code: 'required', field: missing, message: 'Required.' }]),
        },
      };
  }
  return undefined;
}

/** Stable JSON (sorted keys) to compare example values. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

function isValidationFailed(example: NamedExample): boolean {
  const value = example.value as { error?: unknown; response?: unknown };
  return value.error === 'validation_failed' || (value.response === null && 'errors' in (example.value as object));
}

/**
 * The operation's 422 examples with the one a mock should answer first at the front: the derived
 * example, else its first `validation_failed`. An operation whose own rules answer that broken
 * request differently (they restate a missing `url` as `url_invalid`) gives its own example under
 * the derived name (`emptyBody`), which then comes first instead; an own example equal to the
 * derived one is moved to the front rather than repeated.
 */
export function validationFirst(examples: Examples, derived: { name: string; example: NamedExample } | undefined): Examples {
  const entries = Object.entries(examples);
  if (derived) {
    const own = examples[derived.name];
    const same = entries.find(([, example]) => canonical(example.value) === canonical(derived.example.value));
    const first: [string, NamedExample] = own ? [derived.name, own] : (same ?? [derived.name, derived.example]);
    return Object.fromEntries([first, ...entries.filter(([name]) => name !== first[0])]);
  }
  const firstValidation = entries.find(([, example]) => isValidationFailed(example));
  if (!firstValidation) return examples;
  return Object.fromEntries([firstValidation, ...entries.filter(([name]) => name !== firstValidation[0])]);
}
