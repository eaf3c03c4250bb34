// The retry schedule and failure limits of spec 6.4 and 3.6, held as data so the worker, the docs and
// the tests read one table.
import { AUTO_DISABLE_AFTER_FAILURES, RETRY_DELAYS_SECONDS } from '../../schemas/webhooks/schedule.js';

// The document states the same table (`x-retry-schedule`, D-76): one source for both.
export { AUTO_DISABLE_AFTER_FAILURES, RETRY_DELAYS_SECONDS };

/** Automatic attempts per delivery; after the last fails the delivery is permanently failed. */
export const MAX_AUTOMATIC_ATTEMPTS = RETRY_DELAYS_SECONDS.length;

/** When the automatic attempt after `step` (1-based) is due, or null when `step` was the last. */
export function nextAttemptAfter(step: number, attemptedAt: Date): { step: number; dueAt: Date } | null {
  const delay = RETRY_DELAYS_SECONDS[step];
  if (step >= MAX_AUTOMATIC_ATTEMPTS || delay === undefined) return null;
  return { step: step + 1, dueAt: new Date(attemptedAt.getTime() + delay * 1000) };
}
