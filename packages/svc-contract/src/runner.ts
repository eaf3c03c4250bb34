// Runs every phase for every operation of the document and summarises. The operation list, their
// parameters, bodies, responses and links all come from the document, so operations that land in
// the server are checked with no change here; those still answering 501 are reported as pending.
import { createRunnerAccount } from './account.js';
import { describeAnswer } from './answers.js';
import { RequestBudget } from './budget.js';
import { preflight, PreflightError, preflightOperation } from './preflight.js';
import { budgetSkips, runLevelSkips } from './skips.js';
import { ArbitraryBuilder } from './arbitraries.js';
import { mixSeed, type Budget, type PhaseContext } from './context.js';
import { listOperations, loadDocument } from './document.js';
import { assertAllowedBase, sendRequest } from './http.js';
import { LocationFinder } from './locations.js';
import { runCoverage } from './phases/coverage.js';
import { exampleParts, generatedParts, runExamples } from './phases/examples.js';
import { runFuzzing, runHostile } from './phases/fuzzing.js';
import { runSecurity, runUnsupportedMethods } from './phases/security.js';
import { runLedgerAfterRun, runPartner } from './phases/partner.js';
import { runSemantic } from './phases/semantic.js';
import type { PartnerContext, Skipped } from './partner/context.js';
import { serviceClock } from './semantic/clock.js';
import { runStateful } from './phases/stateful.js';
import { runAccountChecks, type AccountSetup } from './phases/accounts.js';
import type { RateLimitFigures } from './pacing.js';
import type { Credentials } from './request.js';
import { SchemaViews } from './schema-view.js';
import { examplesForService } from './service-today.js';
import { semanticSetup } from './semantic/setup.js';
import { SharedRateWindows } from './pacing.js';
import { Session } from './session.js';
import { usesReceiver } from './sandbox-values.js';
import { CHECKS, type CheckName, type Failure, type JsonObject, type OperationInfo, type Phase, type Skip } from './types.js';
import { Validators } from './validator.js';

export interface RunOptions {
  /** Including the prefix: http://127.0.0.1:4000/api/test/v2 */
  baseUrl: string;
  key?: string;
  /** A key of another account, for the cross-account checks when no operator token makes one. */
  otherKey?: string;
  adminToken?: string;
  seed: number;
  maxExamples: number;
  maxCoverage: number;
  maxBoundaryLength?: number;
  /** Only these operationIds (all when absent). */
  operations?: string[];
  /** Only these phases (all when absent). */
  phases?: Phase[];
  /** The document to read when `document` is not given: one of the two is needed. */
  specPath?: string;
  document?: JsonObject;
  allowRemote?: boolean;
  /** A mock (Prism) serves the operations at its root, without the document's server prefix. */
  mock?: boolean;
  timeoutMs?: number;
  maxWaitSeconds?: number;
  /** Schemathesis's max_response_time: an answer slower than this fails (off when absent). */
  maxResponseTimeMs?: number;
  /**
   * The partner checks that move a manual service clock by hours or days (the retry schedule, the
   * Brisbane day boundary, a day of a term) are skipped: for a run inside a service others use.
   */
  keepClock?: boolean;
  log?: (line: string) => void;
}

/** `skip`: not applicable to the operation; `skipped`: applicable, but could not run (see `skipped`). */
export type Cell = 'pass' | 'fail' | 'pending' | 'skip' | 'skipped';
export type OperationStatus = 'conforming' | 'failing' | 'pending' | 'inconclusive' | 'not run';

export interface OperationSummary {
  id: string;
  method: string;
  path: string;
  status: OperationStatus;
  requests: number;
  cells: Record<CheckName, Cell>;
}

export interface RunResult {
  seed: number;
  operations: OperationSummary[];
  failures: Failure[];
  pending: string[];
  conforming: number;
  total: number;
  requests: number;
  durationMs: number;
  /** Operations that answered a success (2xx) at least once. */
  reached?: number;
  /** 429s planned and unplanned, and the pacing done to avoid them (pacing.ts). */
  rateLimits?: RateLimitFigures;
  /** Operations run that never answered a success, with the last answer each got: the run fails. */
  unreached?: { id: string; lastAnswer: string }[];
  /** Checks that could not run, with the reason (`--strict` fails on any). */
  skipped?: Skip[];
}

/** The live prefix of a test base URL (the document's servers: /api/test/v2 and /api/v2). */
function otherEnvironmentBase(baseUrl: string): string | undefined {
  const url = new URL(baseUrl);
  const swapped = url.pathname.replace(/\/test\//, '/');
  return swapped === url.pathname ? undefined : `${url.origin}${swapped}`;
}

async function accountSetup(
  options: RunOptions,
  baseUrl: string,
  credentials: Credentials & { accountId?: string },
  timeoutMs: number,
  log: (line: string) => void,
): Promise<AccountSetup> {
  let other: string | undefined = options.otherKey;
  if (!other && options.adminToken) {
    const created = await createRunnerAccount(baseUrl, options.adminToken, timeoutMs, 'Contract runner B');
    log(`account ${created.accountId} (B, for the cross-account checks) created through POST /admin/accounts`);
    other = created.secret;
  }
  const otherBase = otherEnvironmentBase(baseUrl);
  return {
    ...(credentials.accountId ? { accountId: credentials.accountId } : {}),
    ...(other ? { other: { label: 'account B', secret: other, baseUrl } } : {}),
    ...(otherBase && credentials.otherEnvironmentSecret
      ? { otherEnvironment: { label: "account A's other environment", secret: credentials.otherEnvironmentSecret, baseUrl: otherBase } }
      : {}),
  };
}

function summarise(session: Session, operation: OperationInfo, requests: number, ran: boolean, skips: Skip[] = []): OperationSummary {
  const cells = {} as Record<CheckName, Cell>;
  for (const check of CHECKS) {
    const tally = session.tally(operation.id, check);
    const unrun = skips.some((s) => s.check === check && s.operationId === operation.id && !s.partial) ? 'skipped' : 'skip';
    cells[check] = !tally ? unrun : tally.fail > 0 ? 'fail' : tally.pending > 0 ? 'pending' : tally.pass > 0 ? 'pass' : unrun;
  }
  const failing = Object.values(cells).includes('fail');
  // Documented refusals alone (a 401 to every request, a 404 for every id) prove nothing: an operation
  // sent requests the document calls valid conforms once it has answered a success too.
  const answered = (session.tally(operation.id, 'status_code_conformance')?.pass ?? 0) > 0 && !neverReached(session, operation.id);
  // An operation only reached by another's links was not run in full: it can fail, never conform.
  const status: OperationStatus = failing
    ? 'failing'
    : !ran
      ? 'not run'
      : session.pending.has(operation.id)
        ? 'pending'
        : answered
          ? 'conforming'
          : 'inconclusive';
  return { id: operation.id, method: operation.method.toUpperCase(), path: operation.path, status, requests, cells };
}

async function credentialsFor(
  options: RunOptions,
  timeoutMs: number,
  log: (line: string) => void,
): Promise<Credentials & { accountId?: string }> {
  if (options.adminToken) {
    const created = await createRunnerAccount(options.baseUrl, options.adminToken, timeoutMs).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      throw / answered 401/.test(message) ? new PreflightError('wrong operator token', message) : error;
    });
    log(`account ${created.accountId} created through POST /admin/accounts`);
    return created;
  }
  if (!options.key) throw new Error('give --key KEY or --admin-token TOKEN');
  return { secret: options.key };
}

function statusMix(session: Session, operationId: string): string {
  const seen = [...(session.statuses.get(operationId) ?? new Map<number, number>()).entries()].sort(([a], [b]) => a - b);
  return seen.map(([status, count]) => `${status}×${count}`).join(' ');
}

function progressLine(index: number, total: number, summary: OperationSummary, mix: string): string {
  const failed = Object.entries(summary.cells)
    .filter(([, cell]) => cell === 'fail')
    .map(([check]) => check);
  const verdict = summary.status === 'failing' ? `FAIL ${failed.join(', ')}` : summary.status.toUpperCase();
  const counter = `[${String(index + 1).padStart(String(total).length)}/${total}]`;
  return `${counter} ${summary.id.padEnd(34)} ${String(summary.requests).padStart(5)} requests  ${verdict.padEnd(12)} ${mix}`;
}

/** The path part of each server of the document: `http://127.0.0.1:4000/api/test/v2` (or `{base_url}/api/test/v2`) gives `/api/test/v2`. */
function serverPaths(doc: Record<string, unknown>): string[] {
  const servers = Array.isArray(doc.servers) ? (doc.servers as { url?: unknown }[]) : [];
  return servers
    .map((server) => (typeof server.url === 'string' ? server.url : ''))
    .map((url) =>
      url
        .replace(/^\{[^}]*\}/, '')
        .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')
        .replace(/\/+$/, ''),
    )
    .filter((path) => path !== '' && !path.includes('{'));
}

/**
 * A base URL without the API's prefix (the server's root) makes every request a 404, and the run
 * would report every operation as failing for that one reason: say so before sending anything.
 */
function assertServerPath(baseUrl: string, doc: Record<string, unknown>): void {
  const paths = serverPaths(doc);
  const basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
  if (paths.length === 0 || paths.some((path) => basePath.endsWith(path))) return;
  throw new Error(
    `--base-url ${baseUrl} does not end in a server path of the document (${paths.join(', ')}); ` +
      `for the test environment use ${new URL(baseUrl).origin}${basePath}${paths[0]} (for a mock serving the operations at its root, add --mock)`,
  );
}

export async function runContract(options: RunOptions): Promise<RunResult> {
  const started = Date.now();
  const log = options.log ?? ((line: string) => console.log(line));
  const timeoutMs = options.timeoutMs ?? 30_000;
  assertAllowedBase(options.baseUrl, options.allowRemote ?? false);
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  if (!options.document && !options.specPath) throw new Error('runContract needs a document or a specPath');
  const written = options.document ?? (await loadDocument(options.specPath!));
  if (!options.mock) assertServerPath(baseUrl, written);
  // Set-up mistakes first, in one line, before anything else is asked of the service (D-75).
  const probe = preflightOperation(listOperations(written));
  if (probe) await preflight(baseUrl, probe, options.adminToken ? undefined : options.key);
  // D-61: every phase reads the examples as the service serves them, dated its today.
  const doc = await examplesForService(written, {
    baseUrl,
    timeoutMs,
    log,
    ...(options.adminToken ? { adminToken: options.adminToken } : {}),
    ...(options.mock ? { mock: true } : {}),
  });
  const all = listOperations(doc);
  const unknown = (options.operations ?? []).filter((id) => !all.some((op) => op.id === id));
  if (unknown.length > 0) throw new Error(`no such operation in the document: ${unknown.join(', ')}`);
  const selected = options.operations && options.operations.length > 0 ? all.filter((op) => options.operations!.includes(op.id)) : all;

  const credentials = await credentialsFor({ ...options, baseUrl }, timeoutMs, log);
  const validators = new Validators(doc);
  const views = new SchemaViews(doc);
  const rateWindows = new SharedRateWindows();
  const sessionOptions = {
    baseUrl,
    validators,
    timeoutMs,
    maxWaitSeconds: options.maxWaitSeconds ?? 60,
    ...(options.maxResponseTimeMs !== undefined ? { maxResponseTimeMs: options.maxResponseTimeMs } : {}),
    log,
    rateWindows,
    ...(options.adminToken ? { adminToken: options.adminToken } : {}),
  };
  const session = new Session({ ...sessionOptions, credentials });
  // D-74: no clock to move, so the run spends its rate limits by budget instead of waiting them out.
  const realClock = !(await clockIsManual(baseUrl, options.adminToken, timeoutMs));
  if (realClock) session.budget = new RequestBudget(selected);
  const budget: Budget = {
    maxExamples: options.maxExamples,
    maxCoverage: options.maxCoverage,
    maxBoundaryLength: options.maxBoundaryLength ?? 10_000,
    maxShrinkRequests: Math.max(20, options.maxExamples * 2),
  };
  const shared = {
    doc,
    operations: new Map(all.map((op) => [op.id, op])),
    session,
    views,
    arbitraries: new ArbitraryBuilder(views),
    locations: new LocationFinder(views, validators),
    budget,
    log,
  };
  log(
    `contract run: ${selected.length} of ${all.length} operations, seed ${options.seed} (repeat with --seed ${options.seed}), ${budget.maxExamples} fuzzing runs and up to ${budget.maxCoverage} coverage requests per operation`,
  );

  const wanted = (phase: Phase) => !options.phases || options.phases.length === 0 || options.phases.includes(phase);
  const semantic = wanted('semantic') ? await semanticSetup(session, sessionOptions) : undefined;
  const requestsBy = new Map<string, number>();
  // Before the per-operation phases, which fill the per-key quotas (10 webhook endpoints) these need.
  const wholeDocument = !options.operations || options.operations.length === 0;
  if (wanted('stateful') && !options.mock && wholeDocument) {
    const setup = await accountSetup(options, baseUrl, credentials, timeoutMs, log);
    for (const skip of runLevelSkips({ setup, adminToken: Boolean(options.adminToken), receiverUsable: usesReceiver(baseUrl) }))
      session.skip(skip.check, skip.reason);
    await runAccountChecks({ ...shared, seed: mixSeed(options.seed, 'accounts') }, setup);
    log(`cross-account, idempotency and webhook checks: ${session.requests} requests`);
  }
  const skipped: Skipped[] = [];
  let partner: PartnerContext | undefined;
  // Once, on the run's account, before the per-operation phases fill its webhook endpoint quota.
  if (wanted('partner') && !options.mock && (!options.operations || options.operations.length === 0)) {
    const test = /\/test\//.test(new URL(baseUrl).pathname);
    partner = await runPartner(
      { ...shared, seed: mixSeed(options.seed, 'partner') },
      {
        clock: serviceClock(baseUrl, options.adminToken, timeoutMs),
        keepClock: options.keepClock ?? false,
        ...(credentials.accountId ? { accountId: credentials.accountId } : {}),
        ...(test && credentials.accountId && credentials.otherEnvironmentSecret ? { liveSecret: credentials.otherEnvironmentSecret } : {}),
      },
      skipped,
    );
    log(`partner checks (V1, rate-limit headers, cursors, terms, day boundary, retries, ledger): ${session.requests} requests so far`);
  } else if (options.phases?.includes('partner')) {
    log('note: the partner checks need the whole document (and a server, not the mock): not run with --operation or --mock');
  }
  const pathsDone = new Set<string>();
  for (const [index, operation] of selected.entries()) {
    const ctx: PhaseContext = { ...shared, seed: mixSeed(options.seed, operation.id) };
    const before = session.requests;
    // Stateful first: creates that other phases repeat many times (webhook endpoints, at most 10 per
    // key) would otherwise have used up what the sequence needs.
    const validExamples = exampleParts(ctx, operation).filter((parts) => validators.classify(operation, parts).valid);
    if (wanted('stateful')) await runStateful(ctx, operation, validExamples);
    const examples = wanted('examples') ? await runExamples(ctx, operation) : validExamples;
    const base = examples[0] ?? generatedParts(ctx, operation);
    // The budget's stages (D-74): each may use the operation's share up to its ceiling. Coverage and
    // fuzzing could use any amount; the checks after them (auth, headers, rules, methods) need a few.
    session.budget?.stage(operation, 0.3);
    if (wanted('coverage')) await runCoverage(ctx, operation, base);
    session.budget?.stage(operation, 0.45);
    if (wanted('fuzzing')) {
      await runFuzzing(ctx, operation);
      await runHostile(ctx, operation, base);
    }
    session.budget?.stage(operation, 0.75);
    if (wanted('security')) await runSecurity(ctx, operation, base);
    session.budget?.stage(operation, 0.9);
    if (semantic) await runSemantic(ctx, operation, semantic);
    session.budget?.stage(operation, 1);
    if (wanted('security') && !pathsDone.has(operation.path)) {
      pathsDone.add(operation.path);
      await runUnsupportedMethods(
        ctx,
        selected.filter((op) => op.path === operation.path),
        base,
      );
    }
    session.budget?.finished(operation);
    requestsBy.set(operation.id, session.requests - before);
    log(
      progressLine(
        index,
        selected.length,
        summarise(session, operation, session.requests - before, true),
        statusMix(session, operation.id),
      ),
    );
  }

  if (partner) await runLedgerAfterRun(partner);
  // The partner checks' own skips (what they need and the run lacks, check-needs.ts) join the run's.
  for (const skip of skipped) session.skip(skip.check, skip.reason);

  if (options.mock && wanted('stateful'))
    for (const check of ['account_isolation', 'idempotent_replay', 'webhook_conformance'] as const)
      session.skip(check, '--mock: a mock keeps no state between requests');
  else if (!wholeDocument && wanted('stateful'))
    for (const check of ['account_isolation', 'idempotent_replay', 'webhook_conformance'] as const)
      session.skip(check, '--operation: the cross-account, idempotency and webhook pass runs on the whole document only');
  if (session.budget)
    for (const skip of budgetSkips(session.budget, session, doc, shared.operations))
      session.skip(skip.check, skip.reason, skip.operationId, skip.partial);
  const selectedIds = new Set(selected.map((op) => op.id));
  const summaries = all.map((op) => summarise(session, op, requestsBy.get(op.id) ?? 0, selectedIds.has(op.id), session.skips));
  const unreached = summaries
    .filter((s) => s.status !== 'not run' && s.status !== 'pending' && neverReached(session, s.id))
    .map((s) => ({ id: s.id, lastAnswer: describeAnswer(session.lastValidAnswers.get(s.id)) }));
  return {
    seed: options.seed,
    operations: summaries,
    failures: session.failures,
    pending: summaries.filter((s) => s.status === 'pending').map((s) => s.id),
    conforming: summaries.filter((s) => s.status === 'conforming').length,
    total: all.length,
    requests: session.requests,
    durationMs: Date.now() - started,
    reached: all.filter((op) => reachedSuccess(session, op.id)).length,
    rateLimits: { ...session.pacer.figures },
    unreached,
    skipped: session.skips,
  };
}

/** Sent requests the document calls valid, with the run's key, and none of its answers was a success. */
function neverReached(session: Session, operationId: string): boolean {
  return session.lastValidAnswers.has(operationId) && !reachedSuccess(session, operationId);
}

function reachedSuccess(session: Session, operationId: string): boolean {
  return [...(session.statuses.get(operationId) ?? new Map<number, number>()).keys()].some((s) => s >= 200 && s < 300);
}

/** The sandbox's clock can be moved (operator API, `mode: manual`): rate-limit windows pass at will. */
async function clockIsManual(baseUrl: string, adminToken: string | undefined, timeoutMs: number): Promise<boolean> {
  if (!adminToken) return false;
  const answer = await sendRequest(
    {
      operationId: 'getClock',
      method: 'GET',
      url: `${new URL(baseUrl).origin}/admin/clock`,
      headers: { Authorization: `Bearer ${adminToken}` },
    },
    timeoutMs,
  ).catch(() => undefined);
  return answer?.status === 200 && /"mode"\s*:\s*"manual"/.test(answer.bodyText);
}
