// An operation's rules beyond its schemas' keywords (D-72), stated twice from one list: for a tool in
// `x-request-rules` (name, code and words of each), for a reader in its 422 description. The list is
// the stated rules its params, query and body carry (./stated-rules.ts), the rules of every request
// with a body or a query (D-48, D-56) and the operation's own rules (`x-refinement-examples`).
import type { ZodType } from 'zod';
import type { Refinements } from './semantic-rules.js';
import { REQUEST_WIDE_RULES, statedRulesOf, type StatedRule } from './stated-rules.js';

export interface RequestRuleSource {
  params?: ZodType;
  query?: ZodType;
  body?: { schema: ZodType };
  refinements?: Refinements;
}

/** One entry of `x-request-rules`. */
export interface RequestRule {
  name: string;
  code: string;
  rule: string;
  /** Where the document states it beside this list: the field's keyword, or `x-refinement-examples`. */
  statedBy: string;
}

function fromStated(rule: StatedRule): RequestRule {
  return { name: rule.name, code: rule.code, rule: rule.rule, statedBy: rule.keyword };
}

/** Every rule of the operation's request that no JSON Schema keyword of a field states on its own. */
export function requestRules(def: RequestRuleSource): RequestRule[] {
  const fields = statedRulesOf([def.params, def.query, def.body?.schema]).map(fromStated);
  const wide = def.body || def.query ? REQUEST_WIDE_RULES.map(fromStated) : [];
  const own = (def.refinements?.examples ?? []).map((example) => ({
    name: example.rule,
    code: example.code,
    rule: example.summary,
    statedBy: 'x-refinement-examples',
  }));
  return [...fields, ...wide, ...own];
}

export function requestRulesExtension(def: RequestRuleSource): { 'x-request-rules'?: RequestRule[] } {
  const rules = requestRules(def);
  return rules.length > 0 ? { 'x-request-rules': rules } : {};
}

/** The 422 description with a list naming every rule of `x-request-rules`, each with its code. */
export function describeRequestRules(description: string, def: RequestRuleSource): string {
  const rules = requestRules(def);
  if (rules.length === 0) return description;
  const named = rules.map((rule) => `- ${rule.rule.replace(/\.$/, '')} (\`${rule.code}\`)`).join('\n');
  return `${description.trim()}\n\nRules beyond the schema's keywords (\`x-request-rules\`):\n\n${named}`;
}
