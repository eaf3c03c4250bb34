// The retry schedule and failure limits of spec 6.4 and 3.6, held as data so the worker, the docs and
// the tests read one table.

/** Delay before attempt n (index n-1), in seconds since the previous attempt: immediate, 30 s, 5 min, 15 min, 1 h, 6 h. */
export const RETRY_DELAYS_SECONDS = [0, 30, 300, 900, 3600, 21_600] as const;

/** Automatic attempts per delivery; after the last fails the delivery is permanently failed. */
export const MAX_AUTOMATIC_ATTEMPTS = RETRY_DELAYS_SECONDS.length;

/** Failed attempts in a row (across deliveries) that disable an endpoint (spec 3.6, 8). */
export const AUTO_DISABLE_AFTER_FAILURES = 20;

/** When the automatic attempt after `step` (1-based) is due, or null when `step` was the last. */
export function nextAttemptAfter(step: number, attemptedAt: Date): { step: number; dueAt: Date } | null {
  const delay = RETRY_DELAYS_SECONDS[step];
  if (step >= MAX_AUTOMATIC_ATTEMPTS || delay === undefined) return null;
  return { step: step + 1, dueAt: new Date(attemptedAt.getTime() + delay * 1000) };
}
