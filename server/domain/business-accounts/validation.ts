// Business account validation as the API answers it (spec 2.4, D-10): every fault at once, the
// structural ones and the rules of schemas/business-accounts/rules.ts together, keyed by JSON path,
// in the codes the document lists: `required`, `invalid_format`, `too_long`, `invalid_enum`,
// `not_uppercase`, `unknown_field`, `acn_or_abn_required`, `primary_director_not_listed`,
// `invalid_country_code`, `invalid_locality_qualifier`.
import type { z } from 'zod';
import { BusinessAccountApplication, validateBusinessAccountRules, type RuleViolations } from '../../../schemas/business-accounts/index.js';
import { addProblem, type FieldProblem, type FieldProblems } from '../errors.js';
import { unsafeStringPaths } from '../string-faults.js';
import { zodIssueProblems } from '../zod-problems.js';

type Issue = z.core.$ZodIssue;
type Raw = Record<string, unknown>;

const ACN_OR_ABN_REQUIRED = 'acn_or_abn_required';

const add = addProblem;

function asObject(value: unknown): Raw | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : undefined;
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** The codes this family documents besides its rules (D-10); any other structural fault is `invalid_format`. */
const STRUCTURAL_CODES = new Set(['required', 'too_long', 'invalid_enum', 'not_uppercase', 'unknown_field', 'invalid_format']);

/**
 * A structural problem (from Zod or Ajv, in the shared codes) in this family's codes: every minimum in
 * the schema is 1, so an empty string or list is as good as missing; a list over its maximum is too long.
 */
function restated(problem: FieldProblem): FieldProblem {
  const code =
    problem.code === 'too_short' || problem.code === 'too_few'
      ? 'required'
      : problem.code === 'too_many'
        ? 'too_long'
        : STRUCTURAL_CODES.has(problem.code)
          ? problem.code
          : 'invalid_format';
  return { code, message: problem.message };
}

/** One Zod issue in the document's codes; the acn-or-abn refinement is reported separately. */
function issueProblems(issue: Issue): [string, FieldProblem][] {
  if (issue.code === 'custom' && issue.params?.code === ACN_OR_ABN_REQUIRED) return [];
  return zodIssueProblems(issue).map(([path, problem]) => [path, restated(problem)]);
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
  for (const [path, list] of Object.entries(ajv)) for (const problem of list) add(out, path, restated(problem));
}

/** Zod's result of parsing a body with `BusinessAccountApplication`. */
export type BusinessAccountParse = ReturnType<typeof BusinessAccountApplication.safeParse>;

/** Every problem of a business account application; empty when it may be submitted. */
export function businessAccountProblems(body: unknown, ajv: FieldProblems = {}): FieldProblems {
  return businessAccountCheck(body, ajv).problems;
}

/**
 * businessAccountProblems and the body's one Zod parse with `BusinessAccountApplication` made on the
 * way, so the pipeline hands that to the handler instead of parsing the body again.
 */
export function businessAccountCheck(body: unknown, ajv: FieldProblems = {}): { problems: FieldProblems; parsed: BusinessAccountParse } {
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
  return { problems: out, parsed };
}
