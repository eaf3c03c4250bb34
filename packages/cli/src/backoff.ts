// Waiting between reconnects: 1 s doubling to 30 s, cut short (without an error) when the user
// interrupts.
import { setTimeout as sleep } from 'node:timers/promises';

export const BACKOFF_MS = { first: 1_000, max: 30_000 } as const;

export function backoffDelay(failures: number): number {
  return Math.min(BACKOFF_MS.max, BACKOFF_MS.first * 2 ** Math.max(0, failures - 1));
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export async function pause(ms: number, signal: AbortSignal): Promise<void> {
  await sleep(ms, undefined, { signal }).catch(() => undefined);
}
