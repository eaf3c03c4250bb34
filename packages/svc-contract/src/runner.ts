// Runs every phase for every operation of the document and summarises. The operation list, their
// parameters, bodies, responses and links all come from the document, so operations that land in
// the server are checked with no change here; those still answering 501 are reported as pending.
import { createRunnerAccount } from './account.js';
import { ArbitraryBuilder } from './arbitraries.js';
import { mixSeed, type Budget, type PhaseContext } from './context.js';
import { listOperations, loadDocument } from './document.js';
import { assertAllowedBase } from './http.js';
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
import { semanticSetup } from './semantic/setup.js';
import { SharedRateWindows } from './pacing.js';
import { Session } from './session.js';
import { CHECKS, type CheckName, type Failure, type JsonObject, type OperationInfo, type Phase } from './types.js';
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
  /**
   * The partner checks that move a manual service clock by hours or days (the retry schedule, the
   * Brisbane day boundary, a day of a term) are skipped: for a run inside a service others use.
   */
  keepClock?: boolean;
  log?: (line: string) => void;
}

export type Cell = 'pass' | 'fail' | 'pending' | 'skip';
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
  /** Checks that could not run, each with its reason (check-needs.ts declares what each needs). */
  skipped?: Skipped[];
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

function summarise(session: Session, operation: OperationInfo, requests: number, ran: boolean): OperationSummary {
  const cells = {} as Record<CheckName, Cell>;
  for (const check of CHECKS) {
    const tally = session.tally(operation.id, check);
    cells[check] = !tally ? 'skip' : tally.fail > 0 ? 'fail' : tally.pending > 0 ? 'pending' : tally.pass > 0 ? 'pass' : 'skip';
  }
  const failing = Object.values(cells).includes('fail');
  const answered = (session.tally(operation.id, 'status_code_conformance')?.pass ?? 0) > 0;
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
    const created = await createRunnerAccount(options.baseUrl, options.adminToken, timeoutMs);
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
  const doc = options.document ?? (await loadDocument(options.specPath!));
  if (!options.mock) assertServerPath(baseUrl, doc);
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
    maxWaitSeconds: options.maxWaitSeconds ?? 1800,
    log,
    rateWindows,
    ...(options.adminToken ? { adminToken: options.adminToken } : {}),
  };
  const session = new Session({ ...sessionOptions, credentials });
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
  if (wanted('stateful') && !options.mock && (!options.operations || options.operations.length === 0)) {
    const setup = await accountSetup(options, baseUrl, credentials, timeoutMs, log);
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
    if (wanted('coverage')) await runCoverage(ctx, operation, base);
    if (wanted('fuzzing')) {
      await runFuzzing(ctx, operation);
      await runHostile(ctx, operation, base);
    }
    if (wanted('security')) await runSecurity(ctx, operation, base);
    if (semantic) await runSemantic(ctx, operation, semantic);
    if (wanted('security') && !pathsDone.has(operation.path)) {
      pathsDone.add(operation.path);
      await runUnsupportedMethods(
        ctx,
        selected.filter((op) => op.path === operation.path),
        base,
      );
    }
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

  const selectedIds = new Set(selected.map((op) => op.id));
  const summaries = all.map((op) => summarise(session, op, requestsBy.get(op.id) ?? 0, selectedIds.has(op.id)));
  return {
    seed: options.seed,
    operations: summaries,
    failures: session.failures,
    pending: summaries.filter((s) => s.status === 'pending').map((s) => s.id),
    conforming: summaries.filter((s) => s.status === 'conforming').length,
    total: all.length,
    requests: session.requests,
    durationMs: Date.now() - started,
    reached: all.filter((op) => [...(session.statuses.get(op.id) ?? new Map<number, number>()).keys()].some((s) => s >= 200 && s < 300))
      .length,
    rateLimits: { ...session.pacer.figures },
    skipped,
  };
}
