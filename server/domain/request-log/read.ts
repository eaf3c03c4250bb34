// Operator reads of the request log (D-51): one account's requests, newest first, and one request
// with what was sent and answered. Each read first writes what this process still buffers, so a
// request this process answered is found at once (other processes' within their flush interval).
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { accounts, requestLog, type RequestLogRow } from '../../store/schema/index.js';
import { pageMeta, pageWindow, type PageMetaView, type PageRequest } from '../../../schemas/common/pagination.js';
import type { RequestLogEntry, RequestLogItem } from '../../../schemas/admin/request-log.js';
import { DomainError } from '../errors.js';
import type { VerbArgs } from '../verb.js';
import type { Environment } from '../../ids.js';

type Ctx = Pick<AppDeps, 'db' | 'requestLog'>;
export type RequestLogItemView = z.input<typeof RequestLogItem>;
export type RequestLogEntryView = z.input<typeof RequestLogEntry>;

export interface RequestFilters extends PageRequest {
  accountId: string;
  environment?: Environment | undefined;
  /** `422` or `4xx` (the document's pattern already checked the form). */
  status?: string | undefined;
  path?: string | undefined;
  requestId?: string | undefined;
}

/** The operator API's 404 for an unknown account, as documented (schemas/admin/error-responses.ts). */
async function ensureAccount(ctx: Ctx, accountId: string): Promise<void> {
  const [found] = await ctx.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!found) throw new DomainError('not_found', 'No such account.');
}

/** `422` or `4xx` as a condition on the status column. */
export function statusFilter(status: string): SQL {
  if (!status.endsWith('xx')) return eq(requestLog.status, Number(status));
  const base = Number(status[0]) * 100;
  return and(gte(requestLog.status, base), lt(requestLog.status, base + 100))!;
}

function itemOf(row: RequestLogRow): RequestLogItemView {
  // Every column but these is a field of the item, as it is stored.
  const {
    id: _id,
    accountId: _accountId,
    requestHeaders: _headers,
    requestBody: _requestBody,
    requestBodyTruncated: _requestCut,
    responseBody: _responseBody,
    responseBodyTruncated: _responseCut,
    createdAt,
    ...item
  } = row;
  return { ...item, createdAt: createdAt.toISOString() };
}

/** Stored bodies are JSON text written by store/request-log.ts. */
function bodyOf(text: string | null): unknown {
  return text === null ? null : (JSON.parse(text) as unknown);
}

export async function listRequests({
  ctx,
  input,
}: VerbArgs<Ctx, RequestFilters>): Promise<{ data: RequestLogItemView[]; meta: PageMetaView }> {
  await ensureAccount(ctx, input.accountId);
  await ctx.requestLog.flush();
  const window = pageWindow(input);
  const where = and(
    eq(requestLog.accountId, input.accountId),
    input.environment ? eq(requestLog.environment, input.environment) : undefined,
    input.status ? statusFilter(input.status) : undefined,
    // strpos, not LIKE: the text is matched as it is, `%` and `_` included.
    input.path ? sql`strpos(${requestLog.path}, ${input.path}) > 0` : undefined,
    input.requestId ? eq(requestLog.requestId, input.requestId) : undefined,
  );
  const [total] = await ctx.db.select({ n: count() }).from(requestLog).where(where);
  const rows = await ctx.db.select().from(requestLog).where(where).orderBy(desc(requestLog.id)).limit(window.perPage).offset(window.offset);
  return { data: rows.map(itemOf), meta: pageMeta(window, total?.n ?? 0) };
}

export async function getRequest({ ctx, input }: VerbArgs<Ctx, { accountId: string; requestId: string }>): Promise<RequestLogEntryView> {
  await ensureAccount(ctx, input.accountId);
  await ctx.requestLog.flush();
  const [row] = await ctx.db
    .select()
    .from(requestLog)
    .where(and(eq(requestLog.accountId, input.accountId), eq(requestLog.requestId, input.requestId)))
    .orderBy(desc(requestLog.id))
    .limit(1);
  if (!row) throw new DomainError('not_found', 'No such request in this account.');
  return entryOf(row);
}

/** One stored request with what was sent and answered, as the operator's view shows it (redacted when written). */
export function entryOf(row: RequestLogRow): RequestLogEntryView {
  return {
    ...itemOf(row),
    requestHeaders: row.requestHeaders ?? {},
    requestBody: bodyOf(row.requestBody),
    requestBodyTruncated: row.requestBodyTruncated,
    responseBody: bodyOf(row.responseBody),
    responseBodyTruncated: row.responseBodyTruncated,
  };
}
