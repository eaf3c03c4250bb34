// Zod issues -> field problems keyed by dotted path, in the same codes and words as the document's
// structural check gives for the same fault (http/ajv-problems.ts, D-10): a field missing is
// `required`, a string too long `too_long`, a value outside an enum `invalid_enum`, an unknown key
// `unknown_field`, and so on. A family with fewer codes (business accounts) restates these once.
import type { z } from 'zod';
import { NAME_PATTERN, UPPERCASE_NAME_PATTERN, UPPERCASE_PATTERN, namePatternFaults } from '../../schemas/common/names.js';
import { addProblem, emptyProblems, type FieldProblem, type FieldProblems } from './errors.js';

type Issue = z.core.$ZodIssue;

const limit = (value: number | bigint): string => String(value);

/** One issue's problem; a schema rule names its own documented code (`params: { code: 'invalid_acn' }`). */
function problemOf(issue: Issue): FieldProblem {
  // A key that is absent arrives as `undefined` (JSON has no undefined value; needs `reportInput`):
  // `required` whatever the field's type, also for an enum or literal, which Zod reports as a wrong
  // value rather than a wrong type (D-10, D-11).
  if ('input' in issue && issue.input === undefined) return { code: 'required', message: 'Required.' };
  switch (issue.code) {
    case 'invalid_type':
      return { code: 'invalid_type', message: `Must be of type ${issue.expected}.` };
    case 'too_big':
      if (issue.origin === 'string') return { code: 'too_long', message: `Must be at most ${limit(issue.maximum)} characters.` };
      if (issue.origin === 'array' || issue.origin === 'set')
        return { code: 'too_many', message: `At most ${limit(issue.maximum)} items.` };
      return { code: 'too_big', message: `Must be at most ${limit(issue.maximum)}.` };
    case 'too_small':
      if (issue.origin === 'string') return { code: 'too_short', message: `Must be at least ${limit(issue.minimum)} characters.` };
      if (issue.origin === 'array' || issue.origin === 'set')
        return { code: 'too_few', message: `At least ${limit(issue.minimum)} item(s).` };
      return { code: 'too_small', message: `Must be at least ${limit(issue.minimum)}.` };
    case 'invalid_value':
      return { code: 'invalid_enum', message: `Must be one of: ${issue.values.map(String).join(', ')}.` };
    case 'invalid_format':
      if (issue.format === 'regex' && 'pattern' in issue && String(issue.pattern) === String(UPPERCASE_PATTERN))
        return { code: 'not_uppercase', message: 'Must be uppercase.' };
      if (issue.format === 'date') return { code: 'invalid_date', message: 'Must be a valid YYYY-MM-DD date.' };
      if (issue.format === 'datetime') return { code: 'invalid_date', message: 'Must be a valid ISO 8601 date-time.' };
      return { code: 'invalid_format', message: issue.message };
    case 'custom':
      return { code: typeof issue.params?.code === 'string' ? issue.params.code : 'invalid_format', message: issue.message };
    default:
      return { code: 'invalid_format', message: issue.message };
  }
}

/**
 * A name's pattern (D-57): which of its rules the value broke, each its own problem. Without the
 * value (parsed without `reportInput`) the upper-case name pattern can only say both rules at once.
 */
function nameProblems(issue: Issue): FieldProblem[] | undefined {
  if (issue.code !== 'invalid_format' || issue.format !== 'regex' || !('pattern' in issue)) return undefined;
  const pattern = String(issue.pattern);
  if (pattern === String(NAME_PATTERN)) return [{ code: 'invalid_format', message: issue.message }];
  if (pattern !== String(UPPERCASE_NAME_PATTERN)) return undefined;
  if (!('input' in issue))
    return [{ code: 'invalid_format', message: 'Must be uppercase, without control or invisible formatting characters.' }];
  return namePatternFaults(issue.input, true).map((code) =>
    code === 'not_uppercase' ? { code, message: 'Must be uppercase.' } : { code, message: issue.message },
  );
}

/** The problems one issue stands for, with their paths: unknown keys give one each. */
export function zodIssueProblems(issue: Issue): [string, FieldProblem][] {
  const path = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys')
    return issue.keys.map((key) => [[...issue.path.map(String), key].join('.'), { code: 'unknown_field', message: 'Unknown field.' }]);
  const names = nameProblems(issue);
  if (names) return names.map((problem) => [path, problem]);
  return [[path, problemOf(issue)]];
}

/** Every issue as field problems; an issue of the whole value is filed under `fallback`. */
export function problemsFromZod(issues: readonly Issue[], fallback = 'body'): FieldProblems {
  const problems = emptyProblems();
  for (const issue of issues) for (const [path, problem] of zodIssueProblems(issue)) addProblem(problems, path || fallback, problem);
  return problems;
}
