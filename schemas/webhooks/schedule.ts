// The retry schedule and failure limit of spec 6.4 and 3.6: the worker runs by them and the document
// states them (`x-retry-schedule` on a delivery's `attempts`), so the two cannot drift apart.

/** Delay before attempt n (index n-1), in seconds since the previous attempt: immediate, 30 s, 5 min, 15 min, 1 h, 6 h. */
export const RETRY_DELAYS_SECONDS = [0, 30, 300, 900, 3600, 21_600] as const;

/** Failed attempts in a row (across deliveries) that disable an endpoint (spec 3.6, 8). */
export const AUTO_DISABLE_AFTER_FAILURES = 20;
