// Operator switches that take a simulated outside system down (sandbox.md: every outcome on demand).
// Kept in the `settings` table, so every API process and worker sees a switch at once.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../store/db.js';
import { settings } from '../store/schema/index.js';

const KEY = 'sandbox.availability';

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
