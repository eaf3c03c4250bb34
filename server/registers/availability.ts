// Operator switches that take a simulated outside system down (sandbox.md: every outcome on demand).
// Kept in the `settings` table, so every API process and worker sees a switch. A process keeps the
// switches in memory while its change feed is live (createAvailabilityCache): a PPSR search then
// costs no read of them.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { watchChannel, type ChangeFeed } from '../store/change-feed.js';
import type { Database } from '../store/db.js';
import { settings } from '../store/schema/index.js';

const KEY = 'sandbox.availability';

/** Announced by a trigger on every write to `settings` (migrations/0013_settings_change_notify.sql). */
export const SETTINGS_CHANGED_CHANNEL = 'svc_settings_changed';

/** Seconds a caller is told to wait (`Retry-After`) while a system is switched off. */
export const OUTAGE_RETRY_AFTER_SECONDS = 30;

const Stored = z.object({
  ppsr: z.boolean().default(true),
  cardProvider: z.boolean().default(true),
  monitoringActivation: z.boolean().default(true),
});
const ALL_UP = { ppsr: true, cardProvider: true, monitoringActivation: true };

/** `true` means reachable. */
export type SystemAvailability = z.infer<typeof Stored>;

export async function readAvailability(db: Database): Promise<SystemAvailability> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
  const parsed = Stored.safeParse(row?.value ?? {});
  // Written only through the validated operator API; anything else counts as "all up".
  return parsed.success ? parsed.data : ALL_UP;
}

export async function changeAvailability(db: Database, changes: Partial<SystemAvailability>): Promise<SystemAvailability> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(settings).where(eq(settings.key, KEY)).for('update').limit(1);
    const current = Stored.safeParse(row?.value ?? {});
    const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const next = { ...(current.success ? current.data : ALL_UP), ...given };
    await tx
      .insert(settings)
      .values({ key: KEY, value: next })
      .onConflictDoUpdate({ target: settings.key, set: { value: next } });
    return next;
  });
}

export interface AvailabilityCache {
  /** The switches, from memory while the change feed is live, else read through `db`. */
  read: (db: Database) => Promise<SystemAvailability>;
  /** Forget what is kept: the operator API calls it after a change, before it answers. */
  clear: () => void;
}

/**
 * The switches as the auth cache keeps keys (store/auth-cache.ts): served from memory only while the
 * feed is live; any write to `settings` from any process empties it (trigger + NOTIFY, so another
 * process sees a switch within the notification's delivery, milliseconds); a read that started before
 * an emptying cannot store what it read. Without a feed nothing is kept.
 */
export function createAvailabilityCache(feed: ChangeFeed | undefined): AvailabilityCache {
  let kept: SystemAvailability | undefined;
  const watch = watchChannel(feed, SETTINGS_CHANGED_CHANNEL, () => (kept = undefined));
  return {
    read: async (db) => {
      if (watch.live() && kept) return { ...kept };
      const readAt = watch.generation();
      const current = await readAvailability(db);
      if (watch.live() && readAt === watch.generation()) kept = { ...current };
      return current;
    },
    clear: watch.clear,
  };
}
