// The manual clock of a running service, kept in the database (table `service_clock`) so that every
// process on one database reads one time. `npm start --role api` and `--role worker` are separate
// processes; without this the worker's clock would stand still while the API's moved, and a job due
// at the API's time would wait for the next advance. Each process keeps the time in memory (reading
// the clock stays synchronous) and pulls it before each request and each worker tick; an advance
// pushes every step it takes. In-process tests use ManualClock alone: one process, nothing to share.
import { sql } from 'drizzle-orm';
import { ManualClock } from '../clock.js';
import type { Database } from './db.js';
import { serviceClock } from './schema/index.js';

const ROW = 1;

export class SharedManualClock extends ManualClock {
  private constructor(
    private readonly db: Database,
    start: Date,
  ) {
    super(start);
  }

  /**
   * Joins the database's clock, creating it at `start` when none exists. A clock never goes back:
   * a process started later with an earlier SVC_CLOCK_START takes the stored time.
   */
  static async open(db: Database, start: Date): Promise<SharedManualClock> {
    const [row] = await db
      .insert(serviceClock)
      .values({ id: ROW, now: start })
      .onConflictDoUpdate({ target: serviceClock.id, set: { now: sql`greatest(${serviceClock.now}, excluded.now)` } })
      .returning({ now: serviceClock.now });
    return new SharedManualClock(db, row?.now ?? start);
  }

  /** Takes the time another process moved the clock to. */
  async pull(): Promise<void> {
    const [row] = await this.db
      .select({ now: serviceClock.now })
      .from(serviceClock)
      .where(sql`${serviceClock.id} = ${ROW}`);
    if (row && row.now.getTime() > this.now().getTime()) this.set(row.now);
  }

  /** Publishes this process's time (never moving the shared clock back). */
  async push(): Promise<void> {
    const [row] = await this.db
      .update(serviceClock)
      .set({ now: sql`greatest(${serviceClock.now}, ${this.now().toISOString()}::timestamptz)` })
      .where(sql`${serviceClock.id} = ${ROW}`)
      .returning({ now: serviceClock.now });
    if (row && row.now.getTime() > this.now().getTime()) this.set(row.now);
  }
}
