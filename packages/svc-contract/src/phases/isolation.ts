// Check "account_isolation" (Schemathesis' ignored-auth and use-after-free ideas across tenants):
// resources account A made must not exist for anybody else. Every id-bearing request that answered
// A with a success is sent again with account B's key, and with A's own key of the other
// environment on that environment's prefix: each must answer the documented not-found (404), not
// 403 (which tells a prober the id exists) and never a success. Every list A sees its rows in must
// show none of them to B.
import type { PhaseContext } from '../context.js';
import { documentIdFields } from './id-field-names.js';
import { buildRequest, toCurl } from '../request.js';
import type { Evaluation } from '../session.js';
import type { ApiRequest, ApiResponse, CheckResult, OperationInfo, RequestParts } from '../types.js';

/** A request that answered account A with a success and addresses one of A's resources by id. */
export interface OwnedRequest {
  operation: OperationInfo;
  parts: RequestParts;
}

/** Someone who must not see A's resources: a key, and the base URL (prefix included) it is used on. */
export interface Outsider {
  label: string;
  secret: string;
  baseUrl: string;
}

const isSuccess = (status: number) => status >= 200 && status < 300;

/** The documented not-found, or a failure naming what leaked. */
export function judgeForeignId(operation: OperationInfo, outsider: string, response: ApiResponse): CheckResult | undefined {
  const status = response.status;
  if (status === 429 || status === 0) return undefined;
  if (status === 404) return { check: 'account_isolation', status: 'pass' };
  const what = isSuccess(status)
    ? `answered ${status}: ${outsider} can use the resource`
    : `answered ${status}: it must not tell ${outsider} the id exists`;
  return {
    check: 'account_isolation',
    status: 'fail',
    message: `${operation.id} with an id of account A ${what}; expected 404 (not found)`,
  };
}

/** The id fields every document has; a run passes the document's own (id-fields.ts). */
export const BASIC_ID_FIELDS: ReadonlySet<string> = new Set(['id', 'requestId']);

/** Identifiers in a JSON answer: the values of the given id fields (`id`, `requestId`, `entityId`, ...), at any depth. */
export function idsIn(value: unknown, fields: ReadonlySet<string> = BASIC_ID_FIELDS, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) idsIn(item, fields, out);
  else if (value && typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) {
      if (fields.has(name) && (typeof item === 'string' || typeof item === 'number')) out.add(String(item));
      else idsIn(item, fields, out);
    }
  }
  return out;
}

function rowIds(bodyText: string, fields: ReadonlySet<string>): Set<string> {
  try {
    const body = JSON.parse(bodyText) as { data?: unknown };
    return idsIn(Array.isArray(body.data) ? body.data : body, fields);
  } catch {
    return new Set();
  }
}

/** A list that returned rows of A to B fails; a list B answered without A's rows passes. */
export function judgeForeignList(
  operation: OperationInfo,
  ownIds: Set<string>,
  response: ApiResponse,
  fields: ReadonlySet<string> = BASIC_ID_FIELDS,
): CheckResult | undefined {
  if (!isSuccess(response.status)) return undefined;
  const leaked = [...rowIds(response.bodyText, fields)].filter((id) => ownIds.has(id));
  return leaked.length === 0
    ? { check: 'account_isolation', status: 'pass' }
    : {
        check: 'account_isolation',
        status: 'fail',
        message: `${operation.id} returned rows of account A to another account: ${leaked.slice(0, 5).join(', ')}`,
      };
}

/** The request with the outsider's key, on the outsider's prefix. */
function asOutsider(ctx: PhaseContext, outsider: Outsider, operation: OperationInfo, parts: RequestParts): ApiRequest {
  const auth = { headers: { Authorization: `Bearer ${outsider.secret}` } };
  return buildRequest(outsider.baseUrl, operation, parts, auth, ctx.session.credentials);
}

const rank = (operation: OperationInfo) => (operation.method === 'get' ? 0 : operation.method === 'delete' ? 2 : 1);

/** Sends every owned request as each outsider (reads first, deletes last) and judges the answers. */
export async function checkForeignIds(ctx: PhaseContext, owned: OwnedRequest[], outsiders: Outsider[]): Promise<void> {
  const { session } = ctx;
  const sorted = [...owned].sort((a, b) => rank(a.operation) - rank(b.operation));
  for (const outsider of outsiders) {
    for (const { operation, parts } of sorted) {
      if (!operation.responses['404']) continue;
      const request = asOutsider(ctx, outsider, operation, parts);
      const evaluation = await session.probe(operation, request, 'stateful', [(r) => judgeForeignId(operation, outsider.label, r)]);
      session.commit(evaluation);
    }
  }
}

/** Lists each list operation as A (its own rows) and as the outsider (none of them). */
export async function checkForeignLists(
  ctx: PhaseContext,
  lists: OperationInfo[],
  ownIds: Set<string>,
  outsider: Outsider,
): Promise<Evaluation[]> {
  const { session } = ctx;
  const fields = documentIdFields(ctx.doc);
  const read: Evaluation[] = [];
  for (const operation of lists) {
    const parts: RequestParts = { path: {}, query: {}, header: {} };
    const mine = await session.probe(operation, session.request(operation, parts, 'secret'), 'stateful', []);
    session.commit(mine);
    read.push(mine);
    const shown = [...rowIds(mine.response.bodyText, fields)].filter((id) => ownIds.has(id));
    if (shown.length === 0) continue; // A sees none of its rows here: nothing that could leak
    const request = asOutsider(ctx, outsider, operation, parts);
    const theirs: Evaluation = await session.probe(operation, request, 'stateful', [
      (r) => judgeForeignList(operation, new Set(shown), r, fields),
    ]);
    session.commit(theirs, [toCurl(mine.request)]);
  }
  return read;
}
