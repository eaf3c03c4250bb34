// Every rule the server applies to a request that a JSON Schema keyword of the field cannot state
// (D-72), in one list. Each is stated where a tool reads it: on the field, by the keyword the rule
// names (`x-checksum`, `x-rules`, or the complete object alternatives of `anyOf`); on the operation,
// in `x-request-rules` and in words in its 422 description (both made by registerOperation from the
// rules its request schemas carry). A Zod refinement is made only with `refineStated`, which
// registers it: test/spec/stated-rules.test.ts walks every request schema and fails on a refinement
// this list does not hold, or a rule its operation does not state.
import type { ZodType } from 'zod';
import { getOpenApiMetadata } from '@asteasolutions/zod-to-openapi';

/** Where the field states the rule for a tool. */
export type RuleKeyword = 'x-checksum' | 'x-rules' | 'anyOf' | 'x-request-rules';

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
];

/** The rules of the whole request, stated on every operation that takes a body or a query. */
export const REQUEST_WIDE_RULES: readonly StatedRule[] = [SAFE_TEXT, UNIQUE_MEMBERS];

const RULE_OF_CHECK = new WeakMap<object, StatedRule>();

/** The stated rule a refinement's check function belongs to, if it was made by `refineStated`. */
export function ruleOfCheck(check: unknown): StatedRule | undefined {
  return typeof check === 'function' ? RULE_OF_CHECK.get(check) : undefined;
}

/** The `x-rules` entry of a rule on its field. */
export interface FieldRule {
  name: string;
  code: string;
  description: string;
}

function keywordsFor(schema: ZodType, rule: StatedRule): Record<string, unknown> {
  if (rule.keyword === 'x-checksum') return { 'x-checksum': rule.checksum };
  if (rule.keyword !== 'x-rules') return {};
  const earlier = (getOpenApiMetadata(schema) as { 'x-rules'?: FieldRule[] } | undefined)?.['x-rules'] ?? [];
  return { 'x-rules': [...earlier, { name: rule.name, code: rule.code, description: rule.rule }] };
}

/**
 * `schema` refined by `check` under `rule`: refused with the rule's code and message, registered so
 * the walk of the request schemas finds it, and stated on the field by the rule's keyword.
 */
export function refineStated<T extends ZodType>(schema: T, rule: StatedRule, check: (value: T['_zod']['output']) => boolean): T {
  if (!STATED_RULES.includes(rule)) throw new Error(`${rule.name}: not in STATED_RULES`);
  RULE_OF_CHECK.set(check, rule);
  const refined = schema.refine(check, { message: rule.message ?? rule.rule, params: { code: rule.code } }) as T;
  const keywords = keywordsFor(schema, rule);
  return Object.keys(keywords).length > 0 ? (refined.openapi(keywords) as T) : refined;
}

/** Every refinement check of `schema` and the schemas inside it (object members, items, union members, wrappers). */
export function refinementChecks(schema: ZodType): unknown[] {
  const found: unknown[] = [];
  const seen = new Set<object>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const def = (node as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) return;
    for (const check of (def.checks as { _zod: { def: { check: string; fn?: unknown } } }[] | undefined) ?? [])
      if (check._zod.def.check === 'custom') found.push(check._zod.def.fn);
    if (def.type === 'custom' && typeof def.fn === 'function') found.push(def.fn);
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
  const rules = new Set(schemas.flatMap((schema) => (schema ? refinementChecks(schema).map(ruleOfCheck) : [])));
  return STATED_RULES.filter((rule) => rules.has(rule));
}
