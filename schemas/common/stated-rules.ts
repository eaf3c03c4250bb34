// Every rule the server applies to a request that a JSON Schema keyword of the field cannot state
// (D-72), in one list. Each is stated where a tool reads it: on the field, by the keyword the rule
// names (`x-checksum`, `x-rules`, or the complete object alternatives of `anyOf`); on the operation,
// in `x-request-rules` and in words in its 422 description (both made by registerOperation from the
// rules its request schemas carry). A Zod refinement is made only with `refineStated`, which
// registers it: test/spec/stated-rules.test.ts walks every request schema and fails on a refinement
// this list does not hold, or a rule its operation does not state.
import type { RefinementCtx, ZodType } from 'zod';
import { getOpenApiMetadata } from '@asteasolutions/zod-to-openapi';

/** Where the field states the rule for a tool. */
export type RuleKeyword = 'x-checksum' | 'x-rules' | 'anyOf' | 'minProperties' | 'x-request-rules';

export interface StatedRule {
  /** Unique, stable: what `x-rules` and `x-request-rules` call it. */
  name: string;
  /** The code of the refusal (ErrorResponse `errors.<field>[].code`, Form 484 `errors[].code`). */
  code: string;
  /** The rule in words, as the field's `x-rules` and the operation's 422 description give it. */
  rule: string;
  /** The refusal's message, when it is not `rule`. */
  message?: string;
  keyword: RuleKeyword;
  /** `x-checksum` only: the algorithm's name. */
  checksum?: string;
}

export const ACN_CHECKSUM = {
  name: 'acn_checksum',
  code: 'invalid_acn',
  rule: '9 digits whose last is the ASIC check digit: weights 8 to 1 over the first 8 digits, check digit (10 - sum mod 10) mod 10 (`x-checksum: acn-mod10`; ARBN and ARSN use it too)',
  message: 'Not a valid ACN (checksum failed)',
  keyword: 'x-checksum',
  checksum: 'acn-mod10',
} as const satisfies StatedRule;

export const ABN_CHECKSUM = {
  name: 'abn_checksum',
  code: 'invalid_abn',
  rule: '11 digits passing the ABR check: subtract 1 from the first digit, weights 10, 1, 3, 5, ..., 19, the sum divisible by 89 (`x-checksum: abn-mod89`)',
  message: 'Not a valid ABN (checksum failed)',
  keyword: 'x-checksum',
  checksum: 'abn-mod89',
} as const satisfies StatedRule;

/** The refusal of an invisible character in a name, in any plane (D-57, D-64). */
export const INVISIBLE_MESSAGE =
  'Must not contain control characters or invisible characters (Unicode Cc, Cf and Default_Ignorable_Code_Point, Hangul fillers, U+2800; such as U+200B, U+202E or U+FE0F).';

export const NO_INVISIBLE_OUTSIDE_BMP = {
  name: 'no_invisible_outside_bmp',
  code: 'invalid_format',
  rule: 'Must not contain invisible characters beyond the Basic Multilingual Plane (Unicode Cf and Default_Ignorable_Code_Point, such as the tag characters U+E0000 to U+E0FFF), which the pattern cannot name',
  message: INVISIBLE_MESSAGE,
  keyword: 'x-rules',
} as const satisfies StatedRule;

export const NAME_HAS_LETTER_OR_DIGIT = {
  name: 'letter_or_digit',
  code: 'invalid_format',
  rule: 'Must contain at least one letter or digit, in any script (`&` counts: it is read as AND); punctuation alone is refused',
  message: 'Must contain at least one letter or digit.',
  keyword: 'x-rules',
} as const satisfies StatedRule;

export const MONITORING_ROW_IDENTIFIER = {
  name: 'identifier_required',
  code: 'identifier_required',
  rule: 'Give `acn`, `abn` or both (the schema states it: `anyOf`)',
  message: 'Give acn, abn or both.',
  keyword: 'anyOf',
} as const satisfies StatedRule;

export const ACCOUNT_IDENTIFIER = {
  name: 'acn_or_abn_required',
  code: 'acn_or_abn_required',
  rule: 'Give `acn`, `abn` or both (the schema states it: `anyOf`)',
  message: "Give the company's ACN, its ABN, or both.",
  keyword: 'anyOf',
} as const satisfies StatedRule;

/** D-48: every string of a body, a query or a path, names of members included. */
export const SAFE_TEXT = {
  name: 'safe_text',
  code: 'invalid_format',
  rule: 'No string (a value or a member name, in the body or the query) may contain a NUL character or an unpaired UTF-16 surrogate',
  keyword: 'x-request-rules',
} as const satisfies StatedRule;

/** D-56: a JSON object that names a member twice, at any depth. */
export const UNIQUE_MEMBERS = {
  name: 'unique_members',
  code: 'invalid_format',
  rule: 'A JSON object may name a member only once, at any depth (the repeat is refused at its path)',
  keyword: 'x-request-rules',
} as const satisfies StatedRule;

/** Operator API: a PATCH body changes something (also `minProperties: 1`). */
export const SOME_FIELD = {
  name: 'some_field',
  code: 'empty_body',
  rule: 'Send at least one field (`minProperties: 1`)',
  keyword: 'minProperties',
} as const satisfies StatedRule;

/** A listen attempt's report: the local answer's status, or why none came (D-79). */
export const STATUS_OR_ERROR = {
  name: 'status_or_error',
  code: 'required',
  rule: 'Exactly one of `status` and `error`',
  message: 'Send exactly one of status and error.',
  keyword: 'x-rules',
} as const satisfies StatedRule;

/** Operator API register: a company registered for GST has an ABN. */
export const GST_NEEDS_ABN = {
  name: 'gst_needs_abn',
  code: 'abn_required',
  rule: '`gstRegistered: true` needs an `abn`',
  keyword: 'x-rules',
} as const satisfies StatedRule;

export const GST_DATE_NEEDS_REGISTRATION = {
  name: 'gst_date_needs_registration',
  code: 'gst_not_registered',
  rule: 'A `gstDate` needs `gstRegistered: true`',
  keyword: 'x-rules',
} as const satisfies StatedRule;

/** Operator API PPSR registration: the grantor number passes the checksum of its type. */
export const GRANTOR_ACN_CHECKSUM = {
  name: 'grantor_acn_checksum',
  code: 'invalid_acn',
  rule: 'With `grantorNumberType` `ACN`, `ARBN` or `ARSN`, `grantorNumber` passes the ACN checksum (acn-mod10)',
  keyword: 'x-rules',
} as const satisfies StatedRule;

export const GRANTOR_ABN_CHECKSUM = {
  name: 'grantor_abn_checksum',
  code: 'invalid_abn',
  rule: 'With `grantorNumberType` `ABN`, `grantorNumber` passes the ABN checksum (abn-mod89)',
  keyword: 'x-rules',
} as const satisfies StatedRule;

/** The list: every refinement of a request schema is one of these, and so is every rule of the whole request. */
export const STATED_RULES: readonly StatedRule[] = [
  ACN_CHECKSUM,
  ABN_CHECKSUM,
  NO_INVISIBLE_OUTSIDE_BMP,
  NAME_HAS_LETTER_OR_DIGIT,
  MONITORING_ROW_IDENTIFIER,
  ACCOUNT_IDENTIFIER,
  SAFE_TEXT,
  UNIQUE_MEMBERS,
  SOME_FIELD,
  STATUS_OR_ERROR,
  GST_NEEDS_ABN,
  GST_DATE_NEEDS_REGISTRATION,
  GRANTOR_ACN_CHECKSUM,
  GRANTOR_ABN_CHECKSUM,
];

/** The rules of the whole request, stated on every operation that takes a body or a query. */
export const REQUEST_WIDE_RULES: readonly StatedRule[] = [SAFE_TEXT, UNIQUE_MEMBERS];

/** The rules each registered refinement check states (a `superRefine` may state several). */
const RULES_OF_CHECK = new WeakMap<object, readonly StatedRule[]>();

/** The stated rules of a refinement check, or undefined when it was made without `refineStated`. */
export function rulesOfCheck(check: object): readonly StatedRule[] | undefined {
  return RULES_OF_CHECK.get(check);
}

/** The `x-rules` entry of a rule on its field. */
export interface FieldRule {
  name: string;
  code: string;
  description: string;
}

function keywordsFor(schema: ZodType, rules: readonly StatedRule[]): Record<string, unknown> {
  const keywords: Record<string, unknown> = {};
  for (const rule of rules) if (rule.keyword === 'x-checksum') keywords['x-checksum'] = rule.checksum;
  const described = rules.filter((rule) => rule.keyword === 'x-rules');
  if (described.length > 0) {
    const earlier = (getOpenApiMetadata(schema) as { 'x-rules'?: FieldRule[] } | undefined)?.['x-rules'] ?? [];
    keywords['x-rules'] = [...earlier, ...described.map((rule) => ({ name: rule.name, code: rule.code, description: rule.rule }))];
  }
  return keywords;
}

/** The check a refinement just added to `refined`, registered under `rules`, and the field's keywords. */
function registered<T extends ZodType>(before: T, refined: T, rules: readonly StatedRule[]): T {
  const unlisted = rules.filter((rule) => !STATED_RULES.includes(rule));
  if (unlisted.length > 0) throw new Error(`${unlisted.map((rule) => rule.name).join(', ')}: not in STATED_RULES`);
  const checks = (refined._zod.def as { checks?: object[] }).checks ?? [];
  RULES_OF_CHECK.set(checks[checks.length - 1]!, rules);
  const keywords = keywordsFor(before, rules);
  return Object.keys(keywords).length > 0 ? (refined.openapi(keywords) as T) : refined;
}

/**
 * `schema` refined by `check` under `rule`: refused with the rule's code and message, registered so
 * the walk of the request schemas finds it, and stated on the field by the rule's keyword.
 */
export function refineStated<T extends ZodType>(schema: T, rule: StatedRule, check: (value: T['_zod']['output']) => boolean): T {
  return registered(schema, schema.refine(check, { message: rule.message ?? rule.rule, params: { code: rule.code } }) as T, [rule]);
}

/** `schema` with a `superRefine` that may refuse by any of `rules` (each issue carries its rule's code). */
export function superRefineStated<T extends ZodType>(
  schema: T,
  rules: readonly StatedRule[],
  refine: (value: T['_zod']['output'], ctx: RefinementCtx<T['_zod']['output']>) => void,
): T {
  return registered(schema, schema.superRefine(refine) as T, rules);
}

/** Every refinement check of `schema` and the schemas inside it (object members, items, union members, wrappers). */
export function refinementChecks(schema: ZodType): object[] {
  const found: object[] = [];
  const seen = new Set<object>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const def = (node as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) return;
    for (const check of (def.checks as { _zod: { def: { check: string } } }[] | undefined) ?? [])
      if (check._zod.def.check === 'custom') found.push(check);
    const shape = def.shape as Record<string, unknown> | undefined;
    for (const member of Object.values(shape ?? {})) visit(member);
    for (const key of ['element', 'innerType', 'in', 'out', 'left', 'right', 'keyType', 'valueType', 'rest']) visit(def[key]);
    for (const option of (def.options as unknown[] | undefined) ?? []) visit(option);
    for (const item of (def.items as unknown[] | undefined) ?? []) visit(item);
    if (typeof def.getter === 'function') visit((def.getter as () => unknown)());
  };
  visit(schema);
  return found;
}

/** The stated rules of `schemas` (an operation's params, query, body), each once, in list order. */
export function statedRulesOf(schemas: readonly (ZodType | undefined)[]): StatedRule[] {
  const rules = new Set(
    schemas.flatMap((schema) => (schema ? refinementChecks(schema).flatMap((check) => rulesOfCheck(check) ?? []) : [])),
  );
  return STATED_RULES.filter((rule) => rules.has(rule));
}
