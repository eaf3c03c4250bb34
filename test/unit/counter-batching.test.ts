// Rate-limit increments of one counter sent together while the previous one is out (D-42 stays
// exact: every count is handed to exactly one caller), and far from the limit spare counts taken
// ahead for the same process's next requests (D-89).
import { describe, expect, it } from 'vitest';
import {
  ALONE_BEFORE_SPARE,
  batchIncrements,
  LEASE_EXACT_WITHIN,
  MAX_LEASE,
  spareCounts,
  type IncrementBy,
} from '../../server/store/counter-batching.js';

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

describe('spare counts taken ahead (D-89)', () => {
  /** Increments one at a time, each awaited with the store released, as sequential requests are. */
  async function oneByOne(
    store: ReturnType<typeof heldStore>,
    increment: ReturnType<typeof batchIncrements>,
    count: number,
    limit: number,
    bucket = 'helper:k',
  ): Promise<number[]> {
    const counts: number[] = [];
    for (let i = 0; i < count; i++) {
      const answer = increment(bucket, WINDOW, 60_000, limit);
      await store.releaseAll();
      counts.push(await answer);
    }
    return counts;
  }

  it('far from the limit: once the counter is known, a statement takes spare counts that the next requests get with no statement, in order', async () => {
    const store = heldStore();
    const increment = batchIncrements(store.incrementBy);
    const counts = await oneByOne(store, increment, 1 + ALONE_BEFORE_SPARE + 1 + MAX_LEASE + 1, 1_000_000);
    expect(counts).toEqual(Array.from({ length: counts.length }, (_, i) => i + 1));
    // The first learns the counter and the next ALONE_BEFORE_SPARE show nobody else counts it; then
    // one takes MAX_LEASE spare counts, which serve the next MAX_LEASE requests; the one after sends the next.
    expect(store.sent).toEqual([1, ...Array.from({ length: ALONE_BEFORE_SPARE }, () => 1), 1 + MAX_LEASE, 1 + MAX_LEASE]);
  });

  it(`within ${LEASE_EXACT_WITHIN} of the limit takes none: every count of a budget's end is its own statement, and the limit is crossed exactly once`, async () => {
    const store = heldStore();
    const increment = batchIncrements(store.incrementBy);
    const limit = 300;
    const counts = await oneByOne(store, increment, limit + 2, limit);
    expect(counts).toEqual(Array.from({ length: limit + 2 }, (_, i) => i + 1));
    // Spare counts only while more than LEASE_EXACT_WITHIN were left; the last ones one by one.
    const sentBeyond = store.sent.filter((n) => n > 1).reduce((sum, n) => sum + n, 0);
    expect(sentBeyond).toBeLessThanOrEqual(limit - LEASE_EXACT_WITHIN + MAX_LEASE);
    expect(store.sent.slice(-LEASE_EXACT_WITHIN)).toEqual(Array.from({ length: LEASE_EXACT_WITHIN }, () => 1));
    expect(store.sent.reduce((sum, n) => sum + n, 0)).toBe(limit + 2);
  });

  it('without a limit (the bad-credential budget) takes none', async () => {
    const store = heldStore();
    const increment = batchIncrements(store.incrementBy);
    for (let i = 0; i < 5; i++) {
      const answer = increment('refused:203.0.113.1', WINDOW, 60_000);
      await store.releaseAll();
      await answer;
    }
    expect(store.sent).toEqual([1, 1, 1, 1, 1]);
  });

  /** Two processes on one shared counter; `who(i)` names the one that sends the i-th request, one at a time. */
  async function twoProcesses(
    requests: number,
    who: (i: number) => 'a' | 'b',
    limit: number,
  ): Promise<{ counts: number[]; sent: number[] }> {
    const store = heldStore();
    const processes = { a: batchIncrements(store.incrementBy), b: batchIncrements(store.incrementBy) };
    const counts: number[] = [];
    for (let i = 0; i < requests; i++) {
      const answer = processes[who(i)]('lodgement:acct', WINDOW, 60_000, limit);
      await store.releaseAll();
      counts.push(await answer);
    }
    return { counts, sent: store.sent };
  }

  it('two processes counting one budget by turns take no spare counts: their answers go up by one each, as from one process', async () => {
    const { counts, sent } = await twoProcesses(100, (i) => (i % 2 === 0 ? 'a' : 'b'), 1_000_000);
    expect(counts).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(sent.every((n) => n === 1)).toBe(true);
  });

  it('a process that got the first requests of a window still sees the other before it takes any', async () => {
    const order = ['a', 'a', 'b', 'a', 'b', 'a', 'b', 'a', 'b', 'a'] as const;
    const { counts, sent } = await twoProcesses(order.length, (i) => order[i]!, 1_000_000);
    expect(counts).toEqual(Array.from({ length: order.length }, (_, i) => i + 1));
    expect(sent.every((n) => n === 1)).toBe(true);
  });

  it("a process that took spare counts before it saw another's: every count goes to one caller, so no more than the limit are let through", async () => {
    const limit = 1000;
    // a alone for its first five (it takes spare counts), then both by turns.
    const { counts, sent } = await twoProcesses(1200, (i) => (i >= 5 && i % 2 === 0 ? 'b' : 'a'), limit);
    expect(sent.some((n) => n > 1)).toBe(true);
    expect(new Set(counts).size).toBe(counts.length);
    expect(counts.filter((count) => count <= limit).length).toBeLessThanOrEqual(limit);
    // Spare counts a process held and did not use are the most the other is refused early by.
    expect(counts.filter((count) => count <= limit).length).toBeGreaterThanOrEqual(limit - MAX_LEASE);
  });

  it('a new window starts at one: the spare counts of the window that ended are dropped', async () => {
    const store = heldStore();
    const increment = batchIncrements(store.incrementBy);
    await oneByOne(store, increment, 3, 1_000_000);
    const later = new Date(WINDOW.getTime() + 60_000);
    const answer = increment('helper:k', later, 60_000, 1_000_000);
    await store.releaseAll();
    expect(await answer).toBe(1);
  });

  it('sizes the spare counts by what is left: a 64th of it, at most MAX_LEASE, never into the last LEASE_EXACT_WITHIN', () => {
    expect(spareCounts(LEASE_EXACT_WITHIN - 1)).toBe(0);
    expect(spareCounts(LEASE_EXACT_WITHIN)).toBe(0);
    expect(spareCounts(LEASE_EXACT_WITHIN + 4)).toBe(4);
    expect(spareCounts(600)).toBe(9);
    expect(spareCounts(10_000)).toBe(MAX_LEASE);
  });
});
