// Business account validation as the API answers it (spec 2.4, D-10): every fault at once, the
// structural ones and the rules of schemas/business-accounts/rules.ts together, keyed by JSON path,
// in the codes the document lists: `required`, `invalid_format`, `too_long`, `invalid_enum`,
// `not_uppercase`, `unknown_field`, `acn_or_abn_required`, `primary_director_not_listed`,
// `invalid_country_code`, `invalid_locality_qualifier`.
import type { z } from 'zod';
import { UPPERCASE_PATTERN } from '../../../schemas/common/names.js';
import { BusinessAccountApplication, validateBusinessAccountRules, type RuleViolations } from '../../../schemas/business-accounts/index.js';
import { addProblem, type FieldProblem, type FieldProblems } from '../errors.js';
import { unsafeStringPaths } from '../string-faults.js';

type Issue = z.core.$ZodIssue;
type Raw = Record<string, unknown>;

const ACN_OR_ABN_REQUIRED = 'acn_or_abn_required';

const add = addProblem;

function asObject(value: unknown): Raw | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : undefined;
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** One Zod issue in the document's codes (D-10); the acn-or-abn refinement is reported separately. */
function issueProblems(issue: Issue): [string, FieldProblem][] {
  const path = issue.path.map(String).join('.');
  switch (issue.code) {
    case 'invalid_type':
      // A key that is absent arrives as `undefined` (JSON has no undefined value).
      return [
        [
          path,
          issue.input === undefined
            ? { code: 'required', message: 'Required.' }
            : {
                code: 'invalid_format',
                message: `Must be ${issue.expected === 'array' ? 'an array' : `a${issue.expected === 'object' ? 'n' : ''} ${issue.expected}`}.`,
              },
        ],
      ];
    case 'too_small':
      // Every minimum in the schema is 1: an empty string or list is as good as missing.
      return [
        [path, { code: 'required', message: issue.origin === 'array' ? 'At least one item is required.' : 'Required; must not be empty.' }],
      ];
    case 'too_big':
      return [[path, { code: 'too_long', message: `At most ${String(issue.maximum)} characters.` }]];
    case 'invalid_format': {
      if (issue.format === 'regex' && 'pattern' in issue && String(issue.pattern) === String(UPPERCASE_PATTERN))
        return [[path, { code: 'not_uppercase', message: 'Must be upper case.' }]];
      if (issue.format === 'email') return [[path, { code: 'invalid_format', message: 'Must be an e-mail address.' }]];
      if (issue.format === 'date') return [[path, { code: 'invalid_format', message: 'Must be a calendar date, YYYY-MM-DD.' }]];
      return [[path, { code: 'invalid_format', message: 'Not in the expected format.' }]];
    }
    case 'invalid_value':
      return [[path, { code: 'invalid_enum', message: `Must be one of: ${issue.values.map(String).join(', ')}.` }]];
    case 'unrecognized_keys':
      return issue.keys.map((key) => [
        [...issue.path.map(String), key].join('.'),
        { code: 'unknown_field', message: 'Unknown field; remove it.' },
      ]);
    case 'custom':
      return issue.params?.code === ACN_OR_ABN_REQUIRED ? [] : [[path, { code: 'invalid_format', message: issue.message }]];
    default:
      return [[path, { code: 'invalid_format', message: issue.message }]];
  }
}

/**
 * The rules read a valid body; the body may be broken elsewhere, so each rule gets a minimal body
 * built from the parts it reads that are well-formed, and a part it cannot read is left to the
 * structural problems. Indexes are kept, so paths point at the rows of the request.
 */
function ruleViolations(body: unknown): RuleViolations {
  const account = asObject(asObject(body)?.accountInformation);
  const listed = (Array.isArray(account?.directorsContacts) ? account.directorsContacts : [])
    .map(asObject)
    .filter((d): d is Raw => d !== undefined && isText(d.familyName) && isText(d.givenName1))
    .map((d) => ({ familyName: String(d.familyName), givenName1: String(d.givenName1), email: '', mobile: '' }));
  const primary = asObject(account?.primaryDirector);
  const holders = Array.isArray(asObject(body)?.officeHolders) ? (asObject(body)!.officeHolders as unknown[]) : [];
  const anyone = { familyName: 'X', givenName1: 'X' };

  const minimal = (accountInformation: unknown, officeHolders: unknown[]) =>
    ({ accountInformation, officeHolders }) as unknown as Parameters<typeof validateBusinessAccountRules>[0];
  const out: RuleViolations = Object.create(null) as RuleViolations;

  // primaryDirector among directorsContacts: only when both can be read.
  if (primary && isText(primary.familyName) && isText(primary.givenName1) && listed.length > 0) {
    const primaryDirector = { familyName: primary.familyName, givenName1: primary.givenName1 };
    Object.assign(out, validateBusinessAccountRules(minimal({ primaryDirector, directorsContacts: listed }, [])));
  }
  // localityQualifier with intlIndicator: each holder whose birth details can be read.
  const birthDetails = holders.map((holder) => {
    const details = asObject(asObject(holder)?.birthDetails);
    const qualifier = details?.localityQualifier;
    const intl = details?.intlIndicator;
    return isText(qualifier) && (intl === undefined || typeof intl === 'boolean')
      ? { birthDetails: { localityQualifier: qualifier, intlIndicator: intl } }
      : { birthDetails: {} };
  });
  Object.assign(out, validateBusinessAccountRules(minimal({ primaryDirector: anyone, directorsContacts: [anyone] }, birthDetails)));
  return out;
}

/** Ajv's problems in the document's codes; only used when the Zod check found nothing (see form484). */
function restateAjv(ajv: FieldProblems, out: FieldProblems): void {
  for (const [path, list] of Object.entries(ajv))
    for (const problem of list) {
      const code =
        problem.code === 'too_short' || problem.code === 'too_few'
          ? 'required'
          : ['required', 'too_long', 'invalid_enum', 'not_uppercase', 'unknown_field', 'invalid_format'].includes(problem.code)
            ? problem.code
            : 'invalid_format';
      add(out, path, { code, message: problem.message });
    }
}

/** Every problem of a business account application; empty when it may be submitted. */
export function businessAccountProblems(body: unknown, ajv: FieldProblems = {}): FieldProblems {
  // No prototype: a field named `__proto__` (an unknown key a client sent) is a plain entry.
  const out = Object.create(null) as FieldProblems;
  const parsed = BusinessAccountApplication.safeParse(body, { reportInput: true });
  if (!parsed.success)
    for (const issue of parsed.error.issues) for (const [path, problem] of issueProblems(issue)) add(out, path || 'body', problem);

  // Spec 2.4: `acn` "yes unless abn is given" and the reverse: one fault of the pair, not two.
  const account = asObject(asObject(body)?.accountInformation);
  if (account && account.acn === undefined && account.abn === undefined)
    add(out, 'accountInformation', { code: ACN_OR_ABN_REQUIRED, message: "Give the company's ACN, its ABN, or both." });

  for (const [path, list] of Object.entries(ruleViolations(body))) for (const violation of list) add(out, path, violation);
  for (const path of unsafeStringPaths(body))
    add(out, path || 'body', { code: 'invalid_format', message: 'Must not contain a NUL character or a lone UTF-16 surrogate.' });
  if (Object.keys(out).length === 0) restateAjv(ajv, out);
  return out;
}
