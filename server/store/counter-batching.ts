// Increments of one counter that arrive while its previous statement is still out are sent as one:
// `count + n`, and the n callers take the n counts it covered, in their order of arrival. Every count
// is handed to exactly one caller and the shared store decides every one of them, so no process can
// let more requests through than the limit, while a busy key costs one round trip per batch instead
// of one per request. Concurrent upserts of one row wait on its row lock anyway, so sending them one
// by one bought no parallelism.
//
// Far from its limit a statement also takes spare counts for this process's next requests of the
// same window (D-89): they are handed out in order with no round trip. It takes them only while this
// process is the one counting the budget: once a statement's answer shows counts another process
// added, it takes none for the rest of the window, so the answers of processes sharing a key go down
// by one each, as before. Within LEASE_EXACT_WITHIN of the limit it takes none either, so the last
// counts of a budget are decided one statement at a time.

import { namespaceOf, windowSweeper } from './window-sweep.js';

/** Adds n to the bucket's counter for the window; resolves to the new count. */
export type IncrementBy = (bucket: string, windowStart: Date, windowMs: number, n: number) => Promise<number>;

/** One count of a counter for the window; with the budget's limit, far from it counts may be taken ahead (D-89). */
export type Increment = (bucket: string, windowStart: Date, windowMs: number, limit?: number) => Promise<number>;

/** Counts left in a budget below which a statement takes no spare counts: the end of a budget stays exact. */
export const LEASE_EXACT_WITHIN = 256;
/** The most spare counts one statement takes. */
export const MAX_LEASE = 16;
/**
 * Statements in a row whose answer showed no other process's counts before one takes spare counts:
 * two, so that processes behind a load balancer that share a key from the window's start see each
 * other before either takes any, even when one of them got the first two requests.
 */
export const ALONE_BEFORE_SPARE = 2;

/**
 * Spare counts to take with a statement, given what is left of the budget after the counts asked for:
 * a 64th of it, at most MAX_LEASE, and never into the budget's last LEASE_EXACT_WITHIN.
 */
export function spareCounts(left: number): number {
  return Math.max(0, Math.min(MAX_LEASE, Math.floor(left / 64), left - LEASE_EXACT_WITHIN));
}

interface Waiting {
  resolve: (count: number) => void;
  reject: (error: unknown) => void;
}

interface Line {
  bucket: string;
  windowStart: Date;
  windowMs: number;
  /** The budget's limit as the latest caller gave it (none: no spare counts). */
  limit: number | undefined;
  waiting: Waiting[];
  draining: boolean;
  /** The next spare count to hand out, and the last one taken (next > last: none left). */
  next: number;
  last: number;
  /** Whether a statement has told this process the counter's value (before that it takes no spare). */
  known: boolean;
  /** Statements whose answer was exactly what this process had added: nobody else counts here. */
  alone: number;
  /** Another process's counts were seen in this window: no spare counts for the rest of it. */
  shared: boolean;
}

/** One statement at a time per counter; the increments that wait meanwhile go together. */
export function batchIncrements(incrementBy: IncrementBy): Increment {
  const lines = new Map<string, Line>();
  // A line of a window that has ended is dropped with its spare counts, which that window no longer needs.
  const newWindow = windowSweeper();
  const sweep = (bucket: string, start: number): void => {
    const namespace = newWindow(bucket, start);
    if (namespace === undefined) return;
    for (const [key, line] of lines)
      if (!line.draining && line.windowStart.getTime() + line.windowMs <= start && namespaceOf(line.bucket) === namespace)
        lines.delete(key);
  };

  const drain = async (key: string, line: Line): Promise<void> => {
    line.draining = true;
    while (line.waiting.length > 0) {
      // Spare counts that a statement of this line took first, in order of arrival.
      while (line.next <= line.last && line.waiting.length > 0) line.waiting.shift()!.resolve(line.next++);
      if (line.waiting.length === 0) break;
      const batch = line.waiting.splice(0);
      const spare =
        line.alone >= ALONE_BEFORE_SPARE && !line.shared && line.limit !== undefined
          ? spareCounts(line.limit - line.last - batch.length)
          : 0;
      try {
        const total = await incrementBy(line.bucket, line.windowStart, line.windowMs, batch.length + spare);
        const first = total - spare - batch.length + 1;
        batch.forEach((waiting, index) => waiting.resolve(first + index));
        if (line.known) {
          if (first === line.last + 1) line.alone += 1;
          else line.shared = true;
        }
        line.next = first + batch.length;
        line.last = total;
        line.known = true;
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
        // Whether it counted is not known: the next statement learns the counter again.
        line.known = false;
        line.alone = 0;
      }
    }
    line.draining = false;
    // Without a limit a line holds nothing worth keeping once drained. With one it keeps what the
    // counter was last seen at, which sizes the next statement's spare counts, until its window ends.
    if (line.limit === undefined) lines.delete(key);
  };

  return (bucket, windowStart, windowMs, limit) => {
    const key = `${windowStart.getTime()} ${bucket}`;
    let line = lines.get(key);
    if (line) {
      line.limit = limit;
      if (line.waiting.length === 0 && line.next <= line.last) return Promise.resolve(line.next++);
    } else {
      sweep(bucket, windowStart.getTime());
      line = {
        bucket,
        windowStart,
        windowMs,
        limit,
        waiting: [],
        draining: false,
        next: 1,
        last: 0,
        known: false,
        alone: 0,
        shared: false,
      };
      lines.set(key, line);
    }
    const current = line;
    return new Promise<number>((resolve, reject) => {
      current.waiting.push({ resolve, reject });
      if (!current.draining) void drain(key, current);
    });
  };
}
