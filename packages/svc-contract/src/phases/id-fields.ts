// Check "account_isolation", for every id field a list carries: the lists account A read (its own
// rows) name more ids than `id` and `requestId` (a monitoring event's `entityId`, a delivery's
// `deliveryId`), and each is an address another account could try. The id fields come from the
// document: in a list's item schema, the properties named `id` or `…Id` that are integers or strings
// with a pattern (the project's id formats). Each field's first value is put, as account B and as
// A's other environment, into every operation whose path it completes: a parameter of the same name
// (`{deliveryId}`), or `{id}` after the collection the field names (`entityId` ->
// `/monitoring/entities/{id}`, `monitoringEventId` -> `/monitoring/events/{id}`), the list's own
// path parameters supplying the rest. Each must answer 404.
import type { PhaseContext } from '../context.js';
import type { Evaluation } from '../session.js';
import type { JsonObject, OperationInfo, RequestParts } from '../types.js';
import { exampleParts } from './examples.js';
import { listIdFields } from './id-field-names.js';
import { checkForeignIds, type OwnedRequest, type Outsider } from './isolation.js';

/** A list A read successfully, with the path values it was read with. */
export interface ListedRows {
  operation: OperationInfo;
  path: Record<string, unknown>;
  evaluation: Evaluation;
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

const singular = (segment: string) =>
  segment
    .replace(/ies$/, 'y')
    .replace(/(ch|sh|x)es$/, '$1')
    .replace(/s$/, '');

/** The names a `{id}` after these segments goes by: `/monitoring/events/{id}` -> event, monitoringevent. */
function collectionNames(segments: string[]): string[] {
  const statics = segments.filter((segment) => !segment.startsWith('{'));
  const last = statics.at(-1);
  if (!last) return [];
  const one = singular(last).toLowerCase().replace(/-/g, '');
  const before = statics.at(-2);
  return before ? [one, `${before.replace(/-/g, '')}${one}`.toLowerCase()] : [one];
}

/** The operation's path values with `field = value` in it, or undefined when the field fits none of its parameters. */
export function pathWith(
  operation: OperationInfo,
  listPath: string,
  field: string,
  value: unknown,
  known: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const segments = operation.path.split('/').filter(Boolean);
  const path: Record<string, unknown> = {};
  let used = false;
  segments.forEach((segment, i) => {
    const name = /^\{(.+)\}$/.exec(segment)?.[1];
    if (!name) return;
    const fits =
      name === field ||
      (name === 'id' && field === 'id' && operation.path.startsWith(`${listPath}/`) && i === listPath.split('/').filter(Boolean).length) ||
      (name === 'id' && field !== 'id' && collectionNames(segments.slice(0, i)).includes(field.replace(/Id$/, '').toLowerCase()));
    if (fits && !used) {
      path[name] = value;
      used = true;
    } else if (name in known) path[name] = known[name];
  });
  const complete = segments.every((segment) => !segment.startsWith('{') || segment.slice(1, -1) in path);
  return used && complete ? path : undefined;
}

/** The requests addressing A's ids found in A's lists, one per operation and id. */
export function idFieldRequests(ctx: PhaseContext, listed: ListedRows[]): OwnedRequest[] {
  const out: OwnedRequest[] = [];
  const seen = new Set<string>();
  for (const { operation: list, path: known, evaluation } of listed) {
    let rows: unknown;
    try {
      rows = (JSON.parse(evaluation.response.bodyText) as { data?: unknown }).data;
    } catch {
      continue;
    }
    if (!Array.isArray(rows) || !isObject(rows[0])) continue;
    const row = rows[0];
    for (const field of listIdFields(ctx.doc, list)) {
      const value = row[field];
      if (value === undefined || value === null) continue;
      for (const operation of ctx.operations.values()) {
        if (operation === list) continue;
        const path = pathWith(operation, list.path, field, value, known);
        if (!path) continue;
        const key = `${operation.id} ${JSON.stringify(path)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const base: RequestParts = exampleParts(ctx, operation)[0] ?? { path: {}, query: {}, header: {} };
        out.push({ operation, parts: { ...base, path } });
      }
    }
  }
  return out;
}

/** Every id field of A's lists, tried by each outsider. */
export async function checkForeignIdFields(ctx: PhaseContext, listed: ListedRows[], outsiders: Outsider[]): Promise<void> {
  const requests = idFieldRequests(ctx, listed);
  if (requests.length > 0 && outsiders.length > 0) await checkForeignIds(ctx, requests, outsiders);
}
