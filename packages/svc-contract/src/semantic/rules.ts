// The rules a document states beside its schemas, read from an operation's `x-` extensions: which
// 2xx a valid request answers (`x-success-status`), how a list pages (`x-pagination`) and bodies
// that break a rule the schema cannot carry (`x-refinement-examples`). An operation without one of
// them is simply not checked for it. The shapes below are the reader's side of what
// schemas/common/semantic-rules.ts writes: the runner reads the published document, never the Zod
// schemas, so it declares them again rather than importing them.
import { atPointer, escapePointer } from '../document.js';
import type { JsonObject, OperationInfo } from '../types.js';

export interface SuccessRule {
  status: number;
  byExample?: Record<string, number>;
  repeat?: number;
  processing?: number;
}

export interface Pagination {
  pageParam: string;
  perPageParam: string;
  items: string;
  meta: string;
}

export interface RefinementExample {
  rule: string;
  summary: string;
  body: unknown;
  status: number;
  code: string;
}

export interface SemanticRules {
  success?: SuccessRule;
  pagination?: Pagination;
  refinements: RefinementExample[];
  /** The request body's named examples, in document order. */
  bodyExamples: { name: string; value: unknown }[];
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

function successRule(value: unknown): SuccessRule | undefined {
  return isObject(value) && typeof value.status === 'number' ? (value as unknown as SuccessRule) : undefined;
}

function pagination(value: unknown): Pagination | undefined {
  if (!isObject(value)) return undefined;
  const { pageParam, perPageParam, items, meta } = value;
  return typeof pageParam === 'string' && typeof perPageParam === 'string' && typeof items === 'string' && typeof meta === 'string'
    ? { pageParam, perPageParam, items, meta }
    : undefined;
}

function refinements(value: unknown): RefinementExample[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is RefinementExample =>
      isObject(item) && typeof item.rule === 'string' && typeof item.status === 'number' && typeof item.code === 'string' && 'body' in item,
  );
}

export function operationObject(doc: JsonObject, operation: OperationInfo): JsonObject {
  const found = atPointer(doc, `/paths/${escapePointer(operation.path)}/${operation.method}`);
  return isObject(found) ? found : {};
}

export function semanticRules(doc: JsonObject, operation: OperationInfo): SemanticRules {
  const raw = operationObject(doc, operation);
  const content = atPointer(raw, '/requestBody/content/application~1json/examples');
  const bodyExamples = isObject(content)
    ? Object.entries(content).flatMap(([name, example]) =>
        isObject(example) && 'value' in example ? [{ name, value: example.value }] : [],
      )
    : [];
  const success = successRule(raw['x-success-status']);
  const pages = pagination(raw['x-pagination']);
  return {
    ...(success ? { success } : {}),
    ...(pages ? { pagination: pages } : {}),
    refinements: refinements(raw['x-refinement-examples']),
    bodyExamples,
  };
}

/**
 * Every error code an answer carries: ErrorResponse `error` and the codes of its `errors` (a record of
 * lists, by field), Form 484 `errors[].code`.
 */
export function errorCodes(bodyText: string): string[] {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return [];
  }
  if (!isObject(body)) return [];
  const codes: string[] = [];
  if (typeof body.error === 'string') codes.push(body.error);
  const lists = Array.isArray(body.errors) ? [body.errors] : isObject(body.errors) ? Object.values(body.errors) : [];
  for (const list of lists)
    if (Array.isArray(list)) for (const item of list) if (isObject(item) && typeof item.code === 'string') codes.push(item.code);
  return codes;
}
