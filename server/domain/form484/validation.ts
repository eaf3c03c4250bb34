// Form 484 validation as the API answers it (D-11): the complete check of schemas/form484 (structure
// and every rule, all faults at once) replaces what the document's structural pass (Ajv) found, so
// a client only ever sees D-11's codes at JSON-path fields.
import { FORM484_ERROR_CODES, checkForm484, type Form484Problem } from '../../../schemas/form484/index.js';
import type { Form484Parse } from '../../../schemas/form484/structural.js';
import { brisbaneDate } from '../../../schemas/common/dates.js';
import { addProblem, type FieldProblems } from '../errors.js';
import { unsafeStringPaths } from '../string-faults.js';

const D11_CODES: ReadonlySet<string> = new Set(FORM484_ERROR_CODES);

function add(out: FieldProblems, problem: Form484Problem): void {
  addProblem(out, problem.field, { code: problem.code, message: problem.message });
}

/**
 * Ajv's problems in D-11 words. Only used when the Zod check found nothing, which would mean the two
 * disagree (both come from the same schemas): the request is still refused, never let through.
 */
function restateAjv(ajv: FieldProblems): Form484Problem[] {
  return Object.entries(ajv).flatMap(([field, list]) =>
    list.map((p) => ({
      code: D11_CODES.has(p.code) ? p.code : p.code === 'too_short' || p.code === 'too_few' ? 'required' : 'invalid_format',
      field: field === 'body' ? '' : field,
      message: p.message,
    })),
  );
}

/** Every problem of a Form 484 body on the Brisbane date of `now`; empty when it may be lodged. */
export function form484Problems(body: unknown, now: Date, ajv: FieldProblems = {}): FieldProblems {
  return form484Check(body, now, ajv).problems;
}

/**
 * form484Problems and the body's one Zod parse with `Form484Request` that the check made on the way,
 * so the pipeline hands that to the handler instead of parsing the body again.
 */
export function form484Check(body: unknown, now: Date, ajv: FieldProblems = {}): { problems: FieldProblems; parsed: Form484Parse } {
  const { problems, parsed } = checkForm484(body, { today: brisbaneDate(now) });
  const found = problems.length > 0 ? problems : restateAjv(ajv);
  // No prototype: a field named `__proto__` (an unknown key a client sent) is a plain entry.
  const out = Object.create(null) as FieldProblems;
  for (const problem of found) add(out, problem);
  for (const field of unsafeStringPaths(body))
    add(out, { code: 'invalid_format', field, message: 'Must not contain a NUL character or a lone UTF-16 surrogate.' });
  return { problems: out, parsed };
}
