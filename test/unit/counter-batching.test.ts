// Rate-limit increments of one counter sent together while the previous one is out (D-42 stays
// exact: every count is handed to exactly one caller).
import { describe, expect, it } from 'vitest';
import { batchIncrements, type IncrementBy } from '../../server/store/counter-batching.js';

/** A store whose statements are held until released, recording the n of each. */
function heldStore(): { incrementBy: IncrementBy; sent: number[]; releaseAll: () => Promise<void>; failNext: () => void } {
  const counts = new Map<string, number>();
  const held: Array<() => void> = [];
  const sent: number[] = [];
  let failing = false;
  const incrementBy: IncrementBy = (bucket, windowStart, _windowMs, n) => {
    sent.push(n);
    const fail = failing;
    failing = false;
    return new Promise((resolve, reject) => {
      held.push(() => {
        if (fail) return reject(new Error('connection lost'));
        const key = `${bucket}@${windowStart.getTime()}`;
        const count = (counts.get(key) ?? 0) + n;
        counts.set(key, count);
        resolve(count);
      });
    });
  };
  const releaseAll = async (): Promise<void> => {
    for (let round = 0; round < 10 && held.length > 0; round++) {
      for (const release of held.splice(0)) release();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { incrementBy, sent, releaseAll, failNext: () => (failing = true) };
}

const WINDOW = new Date('2026-11-29T00:00:00Z');

describe('batched counter increments', () => {
  it('sends the first at once and the ones that arrive meanwhile as one statement, each caller its own count', async () => {
    const store = heldStore();
    const increment = batchIncrements(store.incrementBy);
    const answers = Array.from({ length: 6 }, () => increment('account:a', WINDOW, 60_000));
    expect(store.sent).toEqual([1]);
    await store.releaseAll();
    expect(await Promise.all(answers)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(store.sent).toEqual([1, 5]);
  });

  it('keeps counters of other buckets and windows apart', async () => {
    const store = heldStore();
    const increment = batchIncrements(store.incrementBy);
    const later = new Date(WINDOW.getTime() + 60_000);
    const answers = [
      increment('account:a', WINDOW, 60_000),
      increment('account:b', WINDOW, 60_000),
      increment('account:a', later, 60_000),
      increment('account:a', WINDOW, 60_000),
    ];
    expect(store.sent).toEqual([1, 1, 1]);
    await store.releaseAll();
    expect(await Promise.all(answers)).toEqual([1, 1, 1, 2]);
  });

  it('rejects every caller of a failed statement and goes on with the next batch', async () => {
    const store = heldStore();
    const increment = batchIncrements(store.incrementBy);
    store.failNext();
    const failed = expect(increment('account:a', WINDOW, 60_000)).rejects.toThrow('connection lost');
    const waiting = [increment('account:a', WINDOW, 60_000), increment('account:a', WINDOW, 60_000)];
    await store.releaseAll();
    await failed;
    expect(await Promise.all(waiting)).toEqual([1, 2]);
    // A later increment starts a new line and counts on.
    const next = increment('account:a', WINDOW, 60_000);
    await store.releaseAll();
    expect(await next).toBe(3);
  });
});
