// Published insolvency notices, as the simulated notice register keeps them (table
// `register_insolvency_notices`). A reissue is a new notice with the same URL, so a check reports it
// again (spec 6.2).
import { and, asc, gt, inArray, max } from 'drizzle-orm';
import type { Database } from '../../store/db.js';
import { registerInsolvencyNotices } from '../../store/schema/index.js';

export interface InsolvencyNoticeRecord {
  id: number;
  acn: string;
  noticeUrl: string;
  appointmentDate: string;
  description: string;
  publishedAt: Date;
}

export interface InsolvencyRegister {
  /** Notices about these companies published after `afterId`, oldest first. */
  listSince(acns: readonly string[], afterId: number): Promise<InsolvencyNoticeRecord[]>;
  /** The id of the newest notice. */
  cursor(): Promise<number>;
  publish(notice: Omit<InsolvencyNoticeRecord, 'id'>): Promise<InsolvencyNoticeRecord>;
}

export function createInsolvencyRegister(db: Database): InsolvencyRegister {
  return {
    async listSince(acns, afterId) {
      if (acns.length === 0) return [];
      return db
        .select()
        .from(registerInsolvencyNotices)
        .where(and(inArray(registerInsolvencyNotices.acn, [...acns]), gt(registerInsolvencyNotices.id, afterId)))
        .orderBy(asc(registerInsolvencyNotices.id));
    },
    async cursor() {
      const [row] = await db.select({ id: max(registerInsolvencyNotices.id) }).from(registerInsolvencyNotices);
      return Number(row?.id ?? 0);
    },
    async publish(notice) {
      const [row] = await db.insert(registerInsolvencyNotices).values(notice).returning();
      return row!;
    },
  };
}
