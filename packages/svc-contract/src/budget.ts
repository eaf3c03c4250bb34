// D-74: on a real clock (no operator token, or a server whose clock is not manual) the runner does
// not wait out rate-limit windows; it budgets its requests per rate-limit class instead, by the
// limit a window (RateLimit-Limit, learned from the class's first answer).
// The class's allowance is `windows` windows of its limit (two by default: the run may wait for one
// reset, at most a minute, and no more). The requests a partner relies on most (the documented examples, the stateful sequences, the
// cross-account pass) are never held back; the generated ones (coverage, fuzzing, security,
// semantic) share what is left, split evenly between the class's operations still to run, and
// within an operation in the order the runner calls its phases (each stage may use the share up
// to its ceiling, so what an earlier stage left over passes on). A request the budget holds back
// is not sent: it is counted per operation and phase, and reported as skipped.
import { rateLimitBucket } from './pacing.js';
import type { OperationInfo, Phase } from './types.js';

/** Phases whose requests are never held back: without them an operation is never reached. */
const ESSENTIAL: ReadonlySet<Phase> = new Set(['examples', 'stateful']);

/** Requests of the essential phases each operation still to run is expected to need (examples ≤ 6, a publishable call, a link or two). */
const ESSENTIAL_RESERVE_PER_OPERATION = 4;

export interface HeldBack {
  operationId: string;
  phase: Phase;
  bucket: string;
  count: number;
}

export class RequestBudget {
  /** Requests sent per class (every phase). */
  private readonly sentByBucket = new Map<string, number>();
  /** Requests sent per operation in the budgeted phases. */
  private readonly sentByOperation = new Map<string, number>();
  /** The limit of a window per class, from RateLimit-Limit. */
  private readonly limits = new Map<string, number>();
  /** Operations of each class not yet finished. */
  private readonly remainingOps = new Map<string, Set<string>>();
  /** The share of the operation now running, and how much of it the current stage may use (0..1). */
  private current: { operationId: string; share: number; ceiling: number } | undefined;
  readonly heldBack: HeldBack[] = [];

  constructor(
    operations: OperationInfo[],
    /** Windows of its limit a class may use in the run. */
    private readonly windows = 2,
  ) {
    for (const operation of operations) {
      const bucket = rateLimitBucket(operation);
      const set = this.remainingOps.get(bucket) ?? new Set<string>();
      set.add(operation.id);
      this.remainingOps.set(bucket, set);
    }
  }

  /** The class's limit a window (from any answer's RateLimit-Limit). */
  learn(operation: OperationInfo, limit: number | undefined): void {
    if (limit !== undefined && Number.isFinite(limit) && limit > 0) this.limits.set(rateLimitBucket(operation), limit);
  }

  /** Counts a request that was sent. */
  sent(operation: OperationInfo, phase: Phase): void {
    const bucket = rateLimitBucket(operation);
    this.sentByBucket.set(bucket, (this.sentByBucket.get(bucket) ?? 0) + 1);
    if (!ESSENTIAL.has(phase)) this.sentByOperation.set(operation.id, (this.sentByOperation.get(operation.id) ?? 0) + 1);
  }

  /**
   * The runner is about to run a stage of `operation` that may use `ceiling` (0..1) of its share.
   * The share is fixed at the operation's first stage.
   */
  stage(operation: OperationInfo, ceiling: number): void {
    if (this.current?.operationId !== operation.id) this.current = { operationId: operation.id, share: this.shareOf(operation), ceiling };
    else this.current.ceiling = ceiling;
  }

  /** The operation is done: its class's allowance is shared by the rest. */
  finished(operation: OperationInfo): void {
    this.remainingOps.get(rateLimitBucket(operation))?.delete(operation.id);
    if (this.current?.operationId === operation.id) this.current = undefined;
  }

  private shareOf(operation: OperationInfo): number {
    const bucket = rateLimitBucket(operation);
    const limit = this.limits.get(bucket);
    if (limit === undefined) return Number.POSITIVE_INFINITY;
    const remaining = Math.max(1, this.remainingOps.get(bucket)?.size ?? 1);
    const left = limit * this.windows - (this.sentByBucket.get(bucket) ?? 0) - remaining * ESSENTIAL_RESERVE_PER_OPERATION;
    return Math.max(0, Math.floor(left / remaining));
  }

  /**
   * May this request go out? False: it is held back and counted. `windowClosed`: the class's window
   * is used up and there is no waiting allowance left for it, so only essential requests go.
   */
  allows(operation: OperationInfo, phase: Phase, windowClosed = false): boolean {
    if (ESSENTIAL.has(phase)) return true;
    const bucket = rateLimitBucket(operation);
    if (!this.limits.has(bucket)) return true;
    const current = this.current?.operationId === operation.id ? this.current : { share: this.shareOf(operation), ceiling: 1 };
    const allowed = Math.floor(current.share * current.ceiling);
    if (!windowClosed && (this.sentByOperation.get(operation.id) ?? 0) < allowed) return true;
    this.hold(operation, phase, bucket);
    return false;
  }

  private hold(operation: OperationInfo, phase: Phase, bucket: string): void {
    const held = this.heldBack.find((h) => h.operationId === operation.id && h.phase === phase);
    if (held) held.count += 1;
    else this.heldBack.push({ operationId: operation.id, phase, bucket, count: 1 });
  }

  /** `lodgements 600` for each class whose limit is known. */
  describeLimits(): string {
    return [...this.limits.entries()].map(([bucket, limit]) => `${bucket} ${limit}`).join(', ');
  }
}
