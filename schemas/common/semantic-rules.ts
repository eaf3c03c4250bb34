// Rules of an operation that its schemas cannot carry, stated in the document as `x-` extensions so
// a contract runner can check a server against them (packages/svc-contract, the semantic phase):
// which 2xx a request answers (`x-success-status`), how a list pages (`x-pagination`) and the rules
// the server applies after the schema (`x-refinement-examples`, each with a body that breaks it).
// All are made here from the operation's definition, never written into the document by hand.
import type { ZodType } from 'zod';
import { PageMeta } from './pagination.js';

/**
 * Which of the documented 2xx statuses a valid request answers. With one 2xx it is that one; an
 * operation documenting several says which is the answer of a first request (`status`), which
 * request body examples answer another (`byExample`), which status a repeat of an earlier
 * request may answer instead (`repeat`: a business account application still pending, 200) and
 * which one answers while the work is unfinished (`processing`: a live payment, a certificate).
 */
export interface SuccessRule {
  status: number;
  byExample?: Record<string, number>;
  repeat?: number;
  processing?: number;
}

/** A body that breaks one rule the schema cannot express, and the refusal it must get. */
export interface RefinementExample {
  /** The rule, by the name the rule list gives it (a code, or a rule function's name). */
  rule: string;
  summary: string;
  body: unknown;
  status: number;
  /** The code the refusal must carry (ErrorResponse `errors.*[].code` or Form 484 `errors[].code`). */
  code: string;
}

/** The rules an operation applies after its schema (their names) and an example breaking each. */
export interface Refinements {
  rules: readonly string[];
  examples: readonly RefinementExample[];
}

interface RuleSource {
  operationId: string;
  success: Record<number, unknown>;
  successRule?: SuccessRule;
  body?: { examples: Record<string, unknown> };
  query?: { shape: Record<string, unknown> };
  refinements?: Refinements;
}

/** `x-success-status`: the rule as given, or the one 2xx; several 2xx without a rule fail the build. */
export function successRuleExtension(def: RuleSource): { 'x-success-status': SuccessRule } {
  const statuses = Object.keys(def.success)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
  const rule = def.successRule ?? (statuses.length === 1 ? { status: statuses[0]! } : undefined);
  if (!rule) throw new Error(`${def.operationId}: documents ${statuses.join(', ')}; say which a first valid request answers (successRule)`);
  const named = [rule.status, ...Object.values(rule.byExample ?? {}), ...[rule.repeat, rule.processing].filter((s) => s !== undefined)];
  const undocumented = named.filter((status) => !statuses.includes(status));
  if (undocumented.length > 0) throw new Error(`${def.operationId}: successRule names undocumented ${undocumented.join(', ')}`);
  const unknownExamples = Object.keys(rule.byExample ?? {}).filter((name) => !(name in (def.body?.examples ?? {})));
  if (unknownExamples.length > 0) throw new Error(`${def.operationId}: successRule names no request example ${unknownExamples.join(', ')}`);
  return { 'x-success-status': rule };
}

interface Pagination {
  pageParam: string;
  perPageParam: string;
  items: string;
  meta: string;
}

function isPageList(schema: unknown): boolean {
  const shape = (schema as { shape?: Record<string, ZodType> } | undefined)?.shape;
  return shape !== undefined && shape.meta === PageMeta && shape.data !== undefined;
}

/** `x-pagination` for a list (D-38): a `page`/`perPage` query and a `{data, meta: PageMeta}` answer. */
export function paginationExtension(def: RuleSource): { 'x-pagination'?: Pagination } {
  const query = def.query?.shape ?? {};
  const list = Object.values(def.success).some((response) => isPageList((response as { schema?: unknown }).schema));
  if (!('page' in query) || !('perPage' in query) || !list) return {};
  return { 'x-pagination': { pageParam: 'page', perPageParam: 'perPage', items: 'data', meta: 'meta' } };
}

/** `x-refinement-examples`; a rule without an example fails the build. */
export function refinementExtension(def: RuleSource): { 'x-refinement-examples'?: readonly RefinementExample[] } {
  if (!def.refinements) return {};
  const { rules, examples } = def.refinements;
  const missing = rules.filter((rule) => !examples.some((example) => example.rule === rule));
  if (missing.length > 0) throw new Error(`${def.operationId}: refinement without an example: ${missing.join(', ')}`);
  const unknown = examples.filter((example) => !rules.includes(example.rule)).map((example) => example.rule);
  if (unknown.length > 0) throw new Error(`${def.operationId}: refinement example of no listed rule: ${unknown.join(', ')}`);
  return { 'x-refinement-examples': examples };
}
