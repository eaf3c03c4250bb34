// Structural validation: the Zod schema of the body, with each Zod issue turned into D-11 codes.
// The same constraints are in the JSON Schema, so Ajv, Prism and the SDK refuse the same bodies;
// this mapper exists so the server reports them with Form 484 codes and JSON-path fields.
import type { z } from '../common/zod.js';
import { INVISIBLE_MESSAGE, UPPERCASE_NAME_PATTERN, UPPERCASE_PATTERN, namePatternFaults } from '../common/names.js';
import { PRINTABLE_PATTERN, UPPERCASE_PRINTABLE_PATTERN } from './fields.js';
import { dedupeProblems, fieldPath, problem, type Form484Problem } from './problems.js';
import { Form484Request } from './request.js';

type Issue = z.core.$ZodIssue;

/** Patterns with a code of their own; other patterns give `invalid_format`. */
const ACN_PATTERN = String(/^[0-9]{9}$/);
const ABN_PATTERN = String(/^[0-9]{11}$/);
const POSTCODE_PATTERN = String(/^[0-9]{4}$/);

/** Enums too long to list in a message get a sentence instead, by field name. */
const LONG_ENUM_MESSAGES: Record<string, string> = {
  country: 'Must be an ISO 3166-1 alpha-2 country code.',
  localityQualifier:
    'Must be an Australian state or territory code for a birth in Australia, or an ISO 3166-1 alpha-2 country code other than AU.',
};

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  int: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
};

function lastKey(path: readonly PropertyKey[]): string {
  return String(path[path.length - 1] ?? '');
}

function patternProblems(issue: Issue & { code: 'invalid_format' }, field: string): Form484Problem[] {
  const pattern = 'pattern' in issue ? String(issue.pattern) : '';
  const value = issue.input;
  if (pattern === String(UPPERCASE_PATTERN)) return [problem('not_uppercase', field, 'Must be uppercase.')];
  // A name's one pattern holds two rules too (D-57): say which one the value broke.
  if (pattern === String(UPPERCASE_NAME_PATTERN))
    return namePatternFaults(value, true).map((code) =>
      code === 'not_uppercase'
        ? problem('not_uppercase', field, 'Must be uppercase.')
        : problem('invalid_format', field, INVISIBLE_MESSAGE),
    );
  if (pattern === String(UPPERCASE_PRINTABLE_PATTERN)) {
    // One JSON Schema pattern holds two rules; say which one the value broke (possibly both).
    const text = typeof value === 'string' ? value : '';
    const out: Form484Problem[] = [];
    if (/[a-z]/.test(text)) out.push(problem('not_uppercase', field, 'Must be uppercase.'));
    if (!PRINTABLE_PATTERN.test(text))
      out.push(problem('invalid_format', field, 'Only printable ASCII characters and line breaks are allowed.'));
    return out.length > 0
      ? out
      : [problem('invalid_format', field, 'Only uppercase printable ASCII characters and line breaks are allowed.')];
  }
  // An ACN field's digit pattern and (where the spec names one) its checksum describe one fault:
  // `invalid_acn`, reported once. D-11 has no ABN code, so an ABN of the wrong shape is a format fault.
  if (pattern === ACN_PATTERN) return [problem('invalid_acn', field, 'Must be 9 digits.')];
  if (pattern === ABN_PATTERN) return [problem('invalid_format', field, 'Must be 11 digits.')];
  if (pattern === POSTCODE_PATTERN) return [problem('invalid_format', field, 'Must be 4 digits.')];
  return [problem('invalid_format', field, 'Not in the expected format.')];
}

function enumProblem(issue: Issue & { code: 'invalid_value' }, field: string): Form484Problem {
  const allowed = issue.values;
  // `"true"` for a literal `true`, or 3 for an enum of strings, is a type fault, not a wrong choice.
  if (allowed.length > 0 && typeof issue.input !== typeof allowed[0]) {
    return problem('invalid_format', field, `Must be ${TYPE_NAMES[typeof allowed[0]] ?? typeof allowed[0]}.`);
  }
  if (allowed.length === 1) return problem('invalid_enum', field, `Must be ${JSON.stringify(allowed[0])}.`);
  const message = LONG_ENUM_MESSAGES[lastKey(issue.path)] ?? `Must be one of: ${allowed.map(String).join(', ')}.`;
  return problem('invalid_enum', field, message);
}

/** One Zod issue -> the D-11 problems it stands for (usually one; unknown keys give one each). */
export function issueToProblems(issue: Issue): Form484Problem[] {
  const field = fieldPath(issue.path);
  // A key that is absent arrives as `undefined` (JSON has no undefined value): `required` whatever the
  // field's type. Zod reports a missing enum or literal as a wrong value (`invalid_value`), not a
  // wrong type, so this is asked before the issue's own code (D-11).
  if (issue.code !== 'unrecognized_keys' && 'input' in issue && issue.input === undefined) return [problem('required', field, 'Required.')];
  switch (issue.code) {
    case 'invalid_type':
      return [problem('invalid_format', field, `Must be ${TYPE_NAMES[issue.expected] ?? issue.expected}.`)];
    case 'too_big':
      if (issue.origin === 'string') return [problem('too_long', field, `At most ${String(issue.maximum)} characters.`)];
      if (issue.origin === 'array') return [problem('too_long', field, `At most ${String(issue.maximum)} items.`)];
      return [problem('invalid_format', field, `Must be at most ${String(issue.maximum)}.`)];
    case 'too_small':
      // Every minimum length in the schema is 1: an empty string or list is as good as missing.
      if (issue.origin === 'string' || issue.origin === 'array')
        return [problem('required', field, issue.origin === 'array' ? 'At least one item is required.' : 'Required; must not be empty.')];
      return [problem('invalid_format', field, `Must be at least ${String(issue.minimum)}.`)];
    case 'invalid_format':
      if (issue.format === 'date') return [problem('invalid_date', field, 'Must be a calendar date in YYYY-MM-DD form.')];
      return patternProblems(issue, field);
    case 'invalid_value':
      return [enumProblem(issue, field)];
    case 'unrecognized_keys':
      return issue.keys.map((key) => problem('invalid_format', fieldPath([...issue.path, key]), 'Unknown field; remove it.'));
    case 'custom': {
      const code = issue.params?.code;
      if (code === 'invalid_acn') return [problem('invalid_acn', field, 'Must be 9 digits with a valid ACN checksum.')];
      return [problem('invalid_format', field, issue.message)];
    }
    default:
      return [problem('invalid_format', field, issue.message)];
  }
}

/** Zod's result of parsing a body with `Form484Request`. */
export type Form484Parse = ReturnType<typeof Form484Request.safeParse>;

/**
 * Every structural problem of `input` against `Form484Request`, with the parse they came from: the
 * server hands a successful parse on as the handler's typed body, so the body is parsed once, not
 * once for the rules and again for the handler.
 */
export function structuralCheck(input: unknown): { problems: Form484Problem[]; parsed: Form484Parse } {
  // reportInput keeps each issue's offending value, which tells "missing" from "wrong type".
  const parsed = Form484Request.safeParse(input, { reportInput: true });
  return { problems: parsed.success ? [] : dedupeProblems(parsed.error.issues.flatMap(issueToProblems)), parsed };
}

/** Every structural problem of `input` against `Form484Request`. */
export function structuralProblems(input: unknown): Form484Problem[] {
  return structuralCheck(input).problems;
}
