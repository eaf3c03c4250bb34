// The one entry point the server calls for a Form 484 body: structural problems and rule problems
// together, so a single 422 (D-11) lists everything that is wrong.
import { isCalendarDate } from './dates.js';
import { dedupeProblems, type Form484Problem } from './problems.js';
import { FORM484_RULES } from './rules.js';
import { structuralCheck, type Form484Parse } from './structural.js';

export interface ValidateForm484Options {
  /** `YYYY-MM-DD`, today in Australia/Brisbane (see `brisbaneDate` in common/dates.ts), from the service clock. */
  today: string;
}

/** Every problem of a Form 484 body (empty when it may be lodged), each (code, field) once. */
export function validateForm484(input: unknown, options: ValidateForm484Options): Form484Problem[] {
  return checkForm484(input, options).problems;
}

/** validateForm484's problems and the one structural parse they came from (see structuralCheck). */
export function checkForm484(input: unknown, options: ValidateForm484Options): { problems: Form484Problem[]; parsed: Form484Parse } {
  // A bad `today` is a bug in the caller, not a fault of the body: fail loudly.
  if (!isCalendarDate(options.today))
    throw new TypeError(`validateForm484: today must be YYYY-MM-DD, got ${JSON.stringify(options.today)}`);
  const context = { today: options.today };
  const structural = structuralCheck(input);
  return {
    problems: dedupeProblems([...structural.problems, ...FORM484_RULES.flatMap((rule) => rule(input, context))]),
    parsed: structural.parsed,
  };
}
