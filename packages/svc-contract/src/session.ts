// One run's state: sends requests (bounded retries on 429), applies the response checks to every
// response, and tallies outcomes per operation and check. Failures keep the exact request, so the
// report can print it as curl.
import { lastAnswerOf, type LastAnswer } from './answers.js';
import type { RequestBudget } from './budget.js';
import { responseChecks } from './checks.js';
import { negativeDataRejection, positiveDataAcceptance } from './expectations.js';
import { sendRequest, sleep } from './http.js';
import { RatePacer, type SharedRateWindows } from './pacing.js';
import { buildRequest, toCurl, type Credentials } from './request.js';
import type {
  ApiRequest,
  ApiResponse,
  AuthMode,
  CheckName,
  CheckResult,
  Failure,
  OperationInfo,
  Phase,
  RequestParts,
  Skip,
} from './types.js';
import type { Validators, Verdict } from './validator.js';

export interface SessionOptions {
  baseUrl: string;
  credentials: Credentials;
  validators: Validators;
  adminToken?: string;
  timeoutMs: number;
  /** Total seconds the run may spend waiting out rate limits (429 Retry-After) on a real clock. */
  maxWaitSeconds: number;
  log: (line: string) => void;
  /** One per run, given to each of its sessions (pacing.ts). */
  rateWindows?: SharedRateWindows;
  /** Check max_response_time: an answer slower than this many milliseconds fails. */
  maxResponseTimeMs?: number;
}

export interface Evaluation {
  operation: OperationInfo;
  phase: Phase;
  request: ApiRequest;
  response: ApiResponse;
  results: CheckResult[];
  verdict?: Verdict;
}

export interface Tally {
  pass: number;
  fail: number;
  pending: number;
}

/** Extra checks for a response, beyond the response checks. */
export type Judge = (response: ApiResponse) => CheckResult | undefined;

const MAX_FAILURES_PER_CELL = 3;
/** The status of a request the rate-limit budget held back (never sent). */
export const NOT_SENT = -1;
const MAX_ATTEMPTS = 3;

/** What HTTP does to header values anyway (trims them), and what cannot be sent in one. */
export function normaliseParts(parts: RequestParts): RequestParts {
  const header: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(parts.header)) {
    header[name] = typeof value === 'string' ? value.replace(/[^\x20-\x7e]/g, '?').trim() : value;
  }
  const path: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(parts.path)) {
    // An empty, `.` or `..` segment would address another route, not this operation.
    path[name] = value === '' || value === '.' || value === '..' ? '_' : value;
  }
  return { ...parts, header, path };
}

/** Schemathesis's max_response_time: the whole answer (headers and body) within the limit. */
function responseTime(elapsedMs: number, limitMs: number): CheckResult {
  return elapsedMs <= limitMs
    ? { check: 'max_response_time', status: 'pass' }
    : { check: 'max_response_time', status: 'fail', message: `answered in ${Math.round(elapsedMs)} ms, over the limit of ${limitMs} ms` };
}

function heldBack(): ApiResponse {
  return { status: NOT_SENT, headers: {}, bodyText: 'not sent: the rate-limit budget of its class was used up' };
}

export class Session {
  requests = 0;
  readonly failures: Failure[] = [];
  readonly pending = new Set<string>();
  private readonly tallies = new Map<string, Map<CheckName, Tally>>();
  /** Status codes seen per operation (shown on the progress line, so a run that never got a 2xx is visible). */
  readonly statuses = new Map<string, Map<number, number>>();
  private readonly origin: string;
  private clockIsManual: boolean | undefined;
  /** Paces requests by the RateLimit headers and counts 429s (planned or not). */
  readonly pacer: RatePacer;
  /** The last answer of each operation (named in the report when it never reached a success). */
  readonly lastAnswers = new Map<string, LastAnswer>();
  /** The last answer to a request the document says is valid: the one that explains why no success came. */
  readonly lastValidAnswers = new Map<string, LastAnswer>();
  /** Checks that could not run, with the reason. */
  readonly skips: Skip[] = [];
  /** On a real clock: what the run may send per rate-limit class (D-74). */
  budget: RequestBudget | undefined;

  constructor(private readonly options: SessionOptions) {
    this.origin = new URL(options.baseUrl).origin;
    this.pacer = new RatePacer(
      { advanceClock: (seconds) => this.advanceClock(seconds), sleep, now: () => Date.now() },
      options.maxWaitSeconds * 1000,
      options.log,
      options.rateWindows,
    );
  }

  /** The server's origin (the operator API and the built-in webhook receiver live there). */
  get serverOrigin(): string {
    return this.origin;
  }

  get adminToken(): string | undefined {
    return this.options.adminToken;
  }

  get timeoutMs(): number {
    return this.options.timeoutMs;
  }

  get log(): (line: string) => void {
    return this.options.log;
  }

  /** Including the prefix: http://127.0.0.1:4000/api/test/v2 */
  get baseUrl(): string {
    return this.options.baseUrl;
  }

  get credentials(): Credentials {
    return this.options.credentials;
  }

  get validators(): Validators {
    return this.options.validators;
  }

  request(operation: OperationInfo, parts: RequestParts, auth: AuthMode, method?: string): ApiRequest {
    return buildRequest(this.options.baseUrl, operation, withoutLongPolls(operation, parts), auth, this.options.credentials, method);
  }

  /** Sends one request, retrying after 429 while the rate-limit allowance lasts; response checks on every answer. */
  async exchange(
    operation: OperationInfo,
    request: ApiRequest,
    applyResponseChecks = true,
    expected429 = false,
  ): Promise<{ response: ApiResponse; results: CheckResult[] }> {
    const results: CheckResult[] = [];
    for (let attempt = 1; ; attempt++) {
      const planned = expected429 || (await this.pacer.beforeSend(operation, request));
      this.requests += 1;
      let response: ApiResponse;
      const sentAt = performance.now();
      try {
        response = await sendRequest(request, this.options.timeoutMs);
      } catch (error) {
        // No answer at all (reset, timeout): as bad as a 5xx for whoever sent the request.
        const message = `no response: ${error instanceof Error ? error.message : String(error)}`;
        this.lastAnswers.set(operation.id, { status: 0, error: message });
        return {
          response: { status: 0, headers: {}, bodyText: message },
          results: [{ check: 'not_a_server_error', status: 'fail', message }],
        };
      }
      this.lastAnswers.set(operation.id, lastAnswerOf(response));
      this.budget?.learn(operation, Number(response.headers['ratelimit-limit']));
      const seen = this.statuses.get(operation.id) ?? new Map<number, number>();
      this.statuses.set(operation.id, seen);
      seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
      this.pacer.afterAnswer(operation, request, response, planned);
      if (applyResponseChecks) results.push(...responseChecks(operation, response, this.options.validators));
      const limit = this.options.maxResponseTimeMs;
      if (limit !== undefined) results.push(responseTime(performance.now() - sentAt, limit));
      if (response.status !== 429 || planned || attempt >= MAX_ATTEMPTS || !(await this.waitOut(response))) return { response, results };
    }
  }

  /** A request with the data checks: valid input must be accepted, invalid input refused. */
  async evaluate(
    operation: OperationInfo,
    rawParts: RequestParts,
    phase: Phase,
    auth: AuthMode = 'secret',
    judges: Judge[] = [],
  ): Promise<Evaluation> {
    const parts = normaliseParts(rawParts);
    const verdict = this.options.validators.classify(operation, parts);
    const request = this.request(operation, parts, auth);
    if (!this.mayRequest(operation, phase)) return { operation, phase, request, response: heldBack(), results: [], verdict };
    const { response, results } = await this.exchange(operation, request);
    if (verdict.valid && auth === 'secret')
      this.lastValidAnswers.set(operation.id, this.lastAnswers.get(operation.id) ?? lastAnswerOf(response));
    if (response.status === 0) return { operation, phase, request, response, results, verdict };
    const data = verdict.valid ? positiveDataAcceptance(response) : negativeDataRejection(operation, verdict, response);
    for (const judged of [data, ...judges.map((judge) => judge(response))]) if (judged) results.push(judged);
    return { operation, phase, request, response, results, verdict };
  }

  /** A request judged only by the given judges and the response checks (security, stateful steps). */
  async probe(
    operation: OperationInfo,
    request: ApiRequest,
    phase: Phase,
    judges: Judge[],
    applyResponseChecks = true,
  ): Promise<Evaluation> {
    if (!this.mayRequest(operation, phase)) return { operation, phase, request, response: heldBack(), results: [] };
    const { response, results } = await this.exchange(operation, request, applyResponseChecks);
    if (response.status === 0) return { operation, phase, request, response, results };
    for (const judge of judges) {
      const judged = judge(response);
      if (judged) results.push(judged);
    }
    return { operation, phase, request, response, results };
  }

  /** Asks the budget (when there is one) and counts what goes out. */
  private mayRequest(operation: OperationInfo, phase: Phase): boolean {
    if (!this.budget) return true;
    if (!this.budget.allows(operation, phase, this.pacer.windowClosed(operation))) return false;
    this.budget.sent(operation, phase);
    return true;
  }

  /** A check that could not run, and why (listed as skipped; `--strict` fails on it). */
  skip(check: CheckName, reason: string, operationId?: string, partial = false): void {
    if (this.skips.some((s) => s.check === check && s.reason === reason && s.operationId === operationId)) return;
    this.skips.push({ check, reason, ...(operationId ? { operationId } : {}), ...(partial ? { partial } : {}) });
  }

  /** Records every result of an evaluation against its operation. */
  commit(evaluation: Evaluation, steps: string[] = [], onlyPasses = false): void {
    for (const result of evaluation.results) {
      if (onlyPasses && result.status === 'fail') continue;
      this.record(evaluation.operation.id, result, evaluation, steps);
    }
  }

  /** Records one result, against any operation (stateful checks belong to the create or delete). */
  record(operationId: string, result: CheckResult, evidence: Evaluation, steps: string[] = []): void {
    const byCheck = this.tallies.get(operationId) ?? new Map<CheckName, Tally>();
    this.tallies.set(operationId, byCheck);
    const tally = byCheck.get(result.check) ?? { pass: 0, fail: 0, pending: 0 };
    byCheck.set(result.check, tally);
    tally[result.status] += 1;
    if (result.status === 'pending') this.pending.add(operationId);
    if (result.status !== 'fail') return;
    const curl = toCurl(evidence.request);
    const same = this.failures.filter((f) => f.operationId === operationId && f.check === result.check);
    if (same.length >= MAX_FAILURES_PER_CELL || same.some((f) => f.curl === curl)) return;
    this.failures.push({
      operationId,
      check: result.check,
      phase: evidence.phase,
      message: result.message ?? result.check,
      request: evidence.request,
      status: evidence.response.status,
      curl,
      steps,
    });
  }

  tally(operationId: string, check: CheckName): Tally | undefined {
    return this.tallies.get(operationId)?.get(check);
  }

  operationsSeen(): string[] {
    return [...this.tallies.keys()];
  }

  /**
   * Moves a manual sandbox clock forward with the operator token (what the service's own tests do);
   * false when there is no token or the clock is real (the server answers 409 then).
   */
  async advanceClock(seconds: number): Promise<boolean> {
    if (!this.options.adminToken || this.clockIsManual === false) return false;
    const advanced = await sendRequest(
      {
        operationId: 'advanceClock',
        method: 'POST',
        url: `${this.origin}/admin/clock/advance`,
        headers: { Authorization: `Bearer ${this.options.adminToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ seconds }),
      },
      this.options.timeoutMs,
    );
    this.clockIsManual = advanced.status === 200;
    return this.clockIsManual;
  }

  /** A 429 nobody planned: move a manual clock past it, or sleep Retry-After while the allowance lasts. */
  private async waitOut(response: ApiResponse): Promise<boolean> {
    const seconds = Math.max(1, Math.min(3600, Number(response.headers['retry-after'] ?? '1') || 1));
    if (await this.advanceClock(seconds)) return true;
    if (!this.pacer.spend(seconds * 1000)) return false;
    this.options.log(`  rate limited: waiting ${seconds} s (Retry-After)`);
    await sleep(seconds * 1000);
    return true;
  }
}

/**
 * A long poll's valid wait (`x-long-poll`) goes as 0: the answer is the same list, given at once, and a
 * run against a service that holds polls open (up to 25 s each) would otherwise spend minutes waiting.
 * A wait out of range, or not a whole number, goes as generated: its refusal is still checked.
 */
export function withoutLongPolls(operation: OperationInfo, parts: RequestParts): RequestParts {
  const polls = operation.parameters.filter((p) => p.in === 'query' && p.longPollMaximum !== undefined && p.name in parts.query);
  if (polls.length === 0) return parts;
  const query = { ...parts.query };
  for (const poll of polls) {
    const value = query[poll.name];
    const seconds = typeof value === 'number' ? value : typeof value === 'string' && /^[0-9]+$/.test(value) ? Number(value) : Number.NaN;
    if (Number.isInteger(seconds) && seconds > 0 && seconds <= poll.longPollMaximum!)
      query[poll.name] = typeof value === 'string' ? '0' : 0;
  }
  return { ...parts, query };
}
