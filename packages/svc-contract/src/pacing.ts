// Pacing by the server's own rate-limit headers (IETF RateLimit-Limit/-Remaining/-Reset and
// Retry-After, rate-limits guide): an answer that says no request is left in the window makes the
// runner wait for the window to end (or, with the operator token on a manual clock, move the
// sandbox clock past it) before the next request of that class, so the budget is never overrun.
// A 429 that still arrives is counted as unplanned, unless the caller said it meant to provoke it.
import type { ApiRequest, ApiResponse, OperationInfo } from './types.js';

export interface RateLimitFigures {
  /** 429s the runner sent a request knowing it would be refused (a documented limit probed on purpose). */
  planned: number;
  /** 429s the runner ran into: its pacing failed, or the server refused before its headers said so. */
  unplanned: number;
  /** Times the runner paused (or moved the clock) because the headers said the window was used up. */
  paced: number;
  /** Milliseconds spent waiting for rate-limit windows on a real clock. */
  waitedMs: number;
  /** Seconds the sandbox clock was moved forward instead of waiting. */
  clockAdvancedSeconds: number;
}

export interface WindowState {
  remaining: number;
  /** Wall-clock time (ms) at which the window ends, by the Reset header. */
  resetsAt: number;
  resetSeconds: number;
}

/** How the pacer makes time pass: sleep, or move a manual sandbox clock (false: the clock is real). */
export interface TimeKeeper {
  advanceClock: (seconds: number) => Promise<boolean>;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
}

function headerNumber(response: ApiResponse, name: string): number | undefined {
  const value = response.headers[name];
  if (value === undefined) return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/**
 * The last answer of each class seen by any session of a run. The runner's sessions are accounts of
 * their own, and a class's headers give its tightest budget: the account's, or one every session
 * shares (D-42's per-address monitoring budget). A session that paced by its own answers alone sent
 * into an address budget another session had used up; with this, it also goes by the latest answer
 * of any session, and only ever paces more, never less.
 */
export class SharedRateWindows {
  /** Per class, the latest answer's window, whichever session saw it. */
  readonly latest = new Map<string, WindowState>();
  private readonly sessions = new Set<Map<string, WindowState>>();

  join(own: Map<string, WindowState>): void {
    this.sessions.add(own);
  }

  /** The class's window is over for every session: the clock was moved past it, or it was waited out. */
  end(bucket: string): void {
    this.latest.delete(bucket);
    for (const own of this.sessions) own.delete(bucket);
  }
}

/** The budget an operation's requests count against: its documented class, else the operation itself. */
export function rateLimitBucket(operation: OperationInfo): string {
  return operation.rateLimitClass ?? operation.id;
}

export class RatePacer {
  readonly figures: RateLimitFigures = { planned: 0, unplanned: 0, paced: 0, waitedMs: 0, clockAdvancedSeconds: 0 };
  private readonly windows = new Map<string, WindowState>();
  /** `GET url` -> when it last answered 2xx, for operations with a documented poll interval. */
  private readonly lastRead = new Map<string, number>();

  constructor(
    private readonly time: TimeKeeper,
    /** Longest the run may spend waiting on a real clock, in ms; past it requests go out unpaced. */
    private readonly maxWaitMs: number,
    private readonly log: (line: string) => void,
    private readonly shared: SharedRateWindows = new SharedRateWindows(),
  ) {
    shared.join(this.windows);
  }

  /**
   * Before a request: waits out the window its class used up, if the last answer said so. Answers
   * whether a 429 is expected: a read of a resource inside its documented poll interval (moved past
   * on a manual clock; on a real clock the runner sends it knowing, to check the documented 429).
   */
  async beforeSend(operation: OperationInfo, request: ApiRequest): Promise<boolean> {
    await this.paceWindow(operation);
    const interval = operation.pollIntervalSeconds;
    const readAt = interval ? this.lastRead.get(`${request.method} ${request.url}`) : undefined;
    if (!interval || readAt === undefined) return false;
    const left = readAt + interval * 1000 - this.time.now();
    if (left <= 0) return false;
    // A manual clock stood still while the run went on: moving it the whole interval is what passes it.
    if (await this.time.advanceClock(interval)) {
      this.figures.clockAdvancedSeconds += interval;
      this.lastRead.clear();
      return false;
    }
    return true;
  }

  private async paceWindow(operation: OperationInfo): Promise<void> {
    const bucket = rateLimitBucket(operation);
    const state = [this.windows.get(bucket), this.shared.latest.get(bucket)].find(
      (window) => window !== undefined && window.remaining <= 0,
    );
    if (!state) return;
    this.shared.end(bucket);
    // A manual sandbox clock stands still while the run goes on: its window ends when the clock is
    // moved, however much wall time has passed since the answer (a run that took longer than the
    // Reset seconds sent into a used-up window and got a 429). So on such a clock the runner always
    // moves it the whole Reset; on a real clock it waits what is left of the window, if anything.
    if (await this.time.advanceClock(state.resetSeconds)) {
      this.figures.paced += 1;
      this.figures.clockAdvancedSeconds += state.resetSeconds;
      return;
    }
    const waitMs = state.resetsAt - this.time.now();
    if (waitMs <= 0) return;
    this.figures.paced += 1;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    if (this.figures.waitedMs + waitMs > this.maxWaitMs) {
      this.log(`  pacing: the ${bucket} window is used up but the waiting allowance (--max-wait) is spent; sending anyway`);
      return;
    }
    this.log(`  pacing: ${bucket} budget used up (RateLimit-Remaining: 0), waiting ${seconds} s (RateLimit-Reset)`);
    // A little past the reset, so the request lands in the next window even with a rounded Reset.
    const total = waitMs + 250;
    this.figures.waitedMs += total;
    await this.time.sleep(total);
  }

  /**
   * The class's window is used up and the waiting allowance cannot cover what is left of it: a request
   * sent now would only be refused (on a real clock the budget holds such requests back instead, D-74).
   */
  windowClosed(operation: OperationInfo): boolean {
    const bucket = rateLimitBucket(operation);
    const state = [this.windows.get(bucket), this.shared.latest.get(bucket)].find(
      (window) => window !== undefined && window.remaining <= 0,
    );
    if (!state) return false;
    const waitMs = state.resetsAt - this.time.now();
    return waitMs > 0 && this.figures.waitedMs + waitMs > this.maxWaitMs;
  }

  /** After an answer: remembers where the class stands; counts a 429 as planned or not. */
  afterAnswer(operation: OperationInfo, request: ApiRequest, response: ApiResponse, expected429: boolean): void {
    if (operation.pollIntervalSeconds && response.status >= 200 && response.status < 300)
      this.lastRead.set(`${request.method} ${request.url}`, this.time.now());
    if (response.status === 429) {
      if (expected429) this.figures.planned += 1;
      else this.figures.unplanned += 1;
    }
    const remaining = headerNumber(response, 'ratelimit-remaining');
    const reset = headerNumber(response, 'ratelimit-reset');
    if (remaining === undefined || reset === undefined) return;
    // A 429 while the window still had room is a limit of its own (one resource's poll interval):
    // it says nothing about the class's window.
    if (response.status === 429 && remaining > 0) return;
    const window = { remaining, resetSeconds: reset, resetsAt: this.time.now() + reset * 1000 };
    this.windows.set(rateLimitBucket(operation), window);
    this.shared.latest.set(rateLimitBucket(operation), window);
  }

  /** Waiting allowance left, in ms (the 429 retry spends from the same allowance). */
  spend(ms: number): boolean {
    if (this.figures.waitedMs + ms > this.maxWaitMs) return false;
    this.figures.waitedMs += ms;
    return true;
  }
}
