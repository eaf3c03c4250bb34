// Where rate-limit counters live. PostgreSQL (or PGlite) by default, so API processes behind a load
// balancer share one budget through the database they already share; Redis when REDIS_URL is set,
// which takes the counting load off the database.
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Database } from '../store/db.js';
import { rateLimitCounters } from '../store/schema.js';

export interface CounterStore {
  /** Adds one to the bucket's counter for the window and returns the new count. */
  increment(bucket: string, windowStart: Date, windowMs: number): Promise<number>;
  close?(): Promise<void>;
}

export function databaseCounterStore(db: Database): CounterStore {
  return {
    async increment(bucket, windowStart) {
      const rows = await db
        .insert(rateLimitCounters)
        .values({ bucket, windowStart, count: 1 })
        .onConflictDoUpdate({
          target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
          set: { count: sql`${rateLimitCounters.count} + 1` },
        })
        .returning({ count: rateLimitCounters.count });
      return rows[0]?.count ?? 1;
    },
  };
}

export function redisCounterStore(url: string, prefix = 'svc:rl:'): CounterStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  return {
    async increment(bucket, windowStart, windowMs) {
      const key = `${prefix}${bucket}:${windowStart.getTime()}`;
      // INCR and the expiry in one round trip; the key outlives its window a little, then goes.
      const results = await redis
        .multi()
        .incr(key)
        .pexpire(key, windowMs * 2)
        .exec();
      const [error, value] = results?.[0] ?? [new Error('no reply from Redis'), 0];
      if (error) throw error;
      return Number(value);
    },
    async close() {
      await redis.quit();
    },
  };
}
