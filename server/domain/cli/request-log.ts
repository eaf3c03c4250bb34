// The request log as a tail for the command line (`svc logs tail`, D-80): the caller's account and
// environment only, oldest first after a cursor, each entry exactly as the operator's view shows it
// (redacted when it was written, D-51). The command line's own polling is left out, or a tail would
// mostly show itself.
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { and, asc, desc, eq, gt, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { Caller } from '../caller.js';
import { requestLog } from '../../store/schema/index.js';
import type { RequestLogRow } from '../../store/schema/request-log.js';
import { entryOf, statusFilter, type RequestLogEntryView } from '../request-log/read.js';
import type { VerbArgs } from '../verb.js';
import type { PublicOperationId } from '../../../schemas/operations.js';

type TailContext = Pick<AppDeps, 'db' | 'requestLog' | 'config'> & { caller: Pick<Caller, 'account' | 'environment'> };

/** The command line's polling: a tail that listed these would mostly show itself. */
const POLLING_OPERATIONS: readonly PublicOperationId[] = ['tailRequestLog', 'collectListenDeliveries', 'reportListenAttempt'];

/** Between two looks while a long poll waits; each look flushes this process's buffer and reads once. */
const POLL_INTERVAL_MS = 250;

export interface TailInput {
  status?: string | undefined;
  path?: string | undefined;
  after?: string | undefined;
  wait?: number | undefined;
  limit?: number | undefined;
}

/** An entry as the tail shows it: the operator's, with both bodies as text (the public document types them). */
export type TailedRequestView = Omit<RequestLogEntryView, 'requestBody' | 'responseBody'> & {
  requestBody: string | null;
  responseBody: string | null;
};

export interface TailPage {
  data: TailedRequestView[];
  nextCursor: string;
}

/** A kept body is JSON or, when it was not JSON or was cut at 64 KiB, the text itself. */
function bodyText(body: unknown): string | null {
  if (body === null || body === undefined) return null;
  return typeof body === 'string' ? body : JSON.stringify(body);
}

function tailed(row: RequestLogRow): TailedRequestView {
  const entry = entryOf(row);
  return { ...entry, requestBody: bodyText(entry.requestBody), responseBody: bodyText(entry.responseBody) };
}

async function readOnce(ctx: TailContext, input: TailInput, limit: number): Promise<RequestLogRow[]> {
  await ctx.requestLog.flush();
  const where = and(
    eq(requestLog.accountId, ctx.caller.account.id),
    eq(requestLog.environment, ctx.caller.environment),
    or(isNull(requestLog.operationId), notInArray(requestLog.operationId, [...POLLING_OPERATIONS])),
    input.after !== undefined ? gt(requestLog.id, Number(input.after)) : undefined,
    input.status ? statusFilter(input.status) : undefined,
    // strpos, not LIKE: the text is matched as it is, `%` and `_` included.
    input.path ? sql`strpos(${requestLog.path}, ${input.path}) > 0` : undefined,
  );
  if (input.after !== undefined) return ctx.db.select().from(requestLog).where(where).orderBy(asc(requestLog.id)).limit(limit);
  // No cursor: the latest ones, still oldest first.
  const latest = await ctx.db.select().from(requestLog).where(where).orderBy(desc(requestLog.id)).limit(limit);
  return latest.reverse();
}

/** Requests after the cursor, or with `wait` the first ones logged within that many seconds. */
export async function tailRequestLog({ ctx, input }: VerbArgs<TailContext, TailInput>): Promise<TailPage> {
  const limit = input.limit ?? 25;
  // Real time: how long a connection stays open is the transport's matter (a manual clock never moves by itself).
  const deadline = performance.now() + Math.min(input.wait ?? 0, ctx.config.SVC_LONG_POLL_MAX_SECONDS) * 1000;
  let after = input.after;
  for (;;) {
    const rows = await readOnce(ctx, { ...input, after }, limit);
    const last = rows.at(-1);
    if (last) return { data: rows.map(tailed), nextCursor: String(last.id) };
    // Nothing yet: what comes next is what is logged after the account's newest request.
    after ??= await newestId(ctx);
    const left = deadline - performance.now();
    if (left <= 0) return { data: [], nextCursor: after };
    await delay(Math.min(POLL_INTERVAL_MS, left));
  }
}

async function newestId(ctx: TailContext): Promise<string> {
  const [row] = await ctx.db
    .select({ id: requestLog.id })
    .from(requestLog)
    .where(and(eq(requestLog.accountId, ctx.caller.account.id), eq(requestLog.environment, ctx.caller.environment)))
    .orderBy(desc(requestLog.id))
    .limit(1);
  return String(row?.id ?? 0);
}
