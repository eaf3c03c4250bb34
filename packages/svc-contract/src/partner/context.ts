// What the partner checks share: requests as the run's account (judged and recorded like every other
// request), the operator API, the service clock, and the record of checks that could not run.
import { freshHeaders, type PhaseContext } from '../context.js';
import { sendRequest } from '../http.js';
import type { ServiceClock } from '../semantic/clock.js';
import type { Evaluation, Judge } from '../session.js';
import type { ApiResponse, AuthMode, CheckName, CheckResult, JsonObject, OperationInfo, RequestParts } from '../types.js';

export interface Skipped {
  check: CheckName;
  reason: string;
}

export interface PartnerContext extends PhaseContext {
  clock: ServiceClock;
  /** The run may not move the service clock by more than a rate-limit window (RunOptions.keepClock). */
  keepClock: boolean;
  /** The run's account id (known when the run made it with the operator token). */
  accountId?: string;
  /** The run's account's live secret key (known when the run made the account). */
  liveSecret?: string;
  skipped: Skipped[];
  /** A test-prefix order the run made (free): where the ledger's test half is reported. */
  testOrder?: Evaluation;
}

export const isSuccess = (status: number) => status >= 200 && status < 300;

export function jsonOf(response: ApiResponse): JsonObject {
  try {
    const parsed = JSON.parse(response.bodyText) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as JsonObject) : {};
  } catch {
    return {};
  }
}

export function skip(ctx: PartnerContext, check: CheckName, reason: string): void {
  ctx.skipped.push({ check, reason });
  ctx.log(`  skipped ${check}: ${reason}`);
}

export function verdict(check: CheckName, problems: string[]): CheckResult {
  return problems.length === 0 ? { check, status: 'pass' } : { check, status: 'fail', message: problems.join('; ') };
}

export interface CallInput {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  auth?: AuthMode;
  /** Another base URL (prefix included) than the run's: the V1 or live prefix. */
  baseUrl?: string;
}

/** One request as the run's account, with fresh values for required headers; recorded. */
export async function call(
  ctx: PartnerContext,
  operation: OperationInfo,
  input: CallInput = {},
  judges: Judge[] = [],
): Promise<Evaluation> {
  const parts: RequestParts = freshHeaders(ctx, operation, {
    path: input.path ?? {},
    query: input.query ?? {},
    header: {},
    ...(input.body !== undefined ? { body: { kind: 'json', value: input.body } } : {}),
  });
  const request = ctx.session.request(operation, parts, input.auth ?? 'secret');
  if (input.baseUrl) request.url = `${input.baseUrl}${request.url.slice(ctx.session.baseUrl.length)}`;
  const evaluation = await ctx.session.probe(operation, request, 'partner', judges);
  ctx.session.commit(evaluation);
  return evaluation;
}

/** Operator API request (absolute path on the server's origin); undefined without the token. */
export async function admin(ctx: PartnerContext, method: string, path: string, json?: unknown): Promise<ApiResponse | undefined> {
  const { session } = ctx;
  if (!session.adminToken) return undefined;
  return sendRequest(
    {
      operationId: 'operator',
      method,
      url: `${session.serverOrigin}${path}`,
      headers: { Authorization: `Bearer ${session.adminToken}`, ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    },
    session.timeoutMs,
  );
}

/** The service clock's mode through the operator API: `manual` when a test may move it. */
export async function clockMode(ctx: PartnerContext): Promise<'manual' | 'real' | 'kept' | undefined> {
  if (ctx.keepClock) return 'kept';
  const answer = await admin(ctx, 'GET', '/admin/clock');
  const mode = answer?.status === 200 ? jsonOf(answer).mode : undefined;
  return mode === 'manual' || mode === 'real' ? mode : undefined;
}

/** Moves the manual clock; the jobs that came due have run when it answers. */
export async function advance(ctx: PartnerContext, seconds: number): Promise<boolean> {
  if (seconds <= 0) return true;
  return ctx.session.advanceClock(Math.ceil(seconds));
}

/** The operation by id, when the document has it. */
export function operation(ctx: PartnerContext, id: string): OperationInfo | undefined {
  return ctx.operations.get(id);
}
