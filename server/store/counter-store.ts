// Where rate-limit counters live. PostgreSQL by default, so API processes behind a load balancer share
// one budget through the database they already share; Redis when REDIS_URL is set, which takes the
// counting load off the database. On the embedded PGlite database, which only one process can open,
// the counters stay in that process's memory: they are as shared as the database itself and cost no
// query (a write per request is a third of a helper GET's time on PGlite: `npm run bench:http`).
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { batchIncrements } from './counter-batching.js';
import { namespaceOf, windowSweeper } from './window-sweep.js';
import type { Database } from './db.js';
import { rateLimitCounters } from './schema/index.js';

export interface CounterStore {
  /**
   * Adds one to the bucket's counter for the window and returns the new count. Given the budget's
   * limit, a shared store may take counts ahead for this process's next requests (D-89).
   */
  increment(bucket: string, windowStart: Date, windowMs: number, limit?: number): Promise<number>;
  close?(): Promise<void>;
}

export function databaseCounterStore(db: Database): CounterStore {
  // Prepared once: the upsert runs on every request, and building it each time cost as much as
  // running it (`npm run bench:http`).
  const upsert = db
    .insert(rateLimitCounters)
    .values({ bucket: sql.placeholder('bucket'), windowStart: sql.placeholder('windowStart'), count: sql.placeholder('n') })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + excluded.count` },
    })
    .returning({ count: rateLimitCounters.count })
    .prepare('rate_limit_increment');
  return {
    increment: batchIncrements(async (bucket, windowStart, _windowMs, n) => {
      const rows = await upsert.execute({ bucket, windowStart, n });
      const count = rows[0]?.count;
      if (count === undefined) throw new Error('the rate-limit upsert returned no row');
      return count;
    }),
  };
}

export function memoryCounterStore(): CounterStore {
  const counts = new Map<string, { count: number; windowEnd: number; namespace: string }>();
  const newWindow = windowSweeper();
  return {
    async increment(bucket, windowStart, windowMs) {
      const start = windowStart.getTime();
      const begun = newWindow(bucket, start);
      // A new window began: its namespace's windows that ended are dropped, so the map holds one window's buckets of each.
      if (begun !== undefined)
        for (const [key, entry] of counts) if (entry.namespace === begun && entry.windowEnd <= start) counts.delete(key);
      const key = `${bucket}:${start}`;
      const entry = counts.get(key) ?? { count: 0, windowEnd: start + windowMs, namespace: namespaceOf(bucket) };
      entry.count += 1;
      counts.set(key, entry);
      return entry.count;
    },
  };
}

export function redisCounterStore(url: string, prefix = 'svc:rl:'): CounterStore {
  // ioredis loads only where REDIS_URL is set (start time); the first count waits for it.
  const connecting: Promise<Redis> = import('ioredis').then(({ Redis }) => new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 }));
  connecting.catch(() => undefined);
  return {
    increment: batchIncrements(async (bucket, windowStart, windowMs, n) => {
      const key = `${prefix}${bucket}:${windowStart.getTime()}`;
      // INCRBY and the expiry in one round trip; the key outlives its window a little, then goes.
      const redis = await connecting;
      const results = await redis
        .multi()
        .incrby(key, n)
        .pexpire(key, windowMs * 2)
        .exec();
      const [error, value] = results?.[0] ?? [new Error('no reply from Redis'), 0];
      if (error) throw error;
      return Number(value);
    }),
    async close() {
      await (await connecting).quit();
    },
  };
}
