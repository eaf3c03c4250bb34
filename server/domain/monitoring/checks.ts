// Register checks (spec 6.2, 3.5; D-39): live entities are compared with the registers in batches of
// BATCH, each batch read from the registers first and then written in one transaction (events, their
// webhook deliveries, the new baseline and the round marker together). A run is named by its round:
// a run that dies part-way is taken over by the retry of the same job, which skips the rows already
// marked, so no entity is checked twice or skipped. The first check of an entity (after a live order
// or renewal) only takes the baseline and makes it `active` (D-39). Sandbox entities are not checked:
// their events come from `simulate` (the contract says so).
import { and, asc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { monitoredEntities } from '../../store/schema/index.js';
import type { Database } from '../../store/db.js';
import { documentChange, noticeChange, ppsrChange, registerChanges, type DetectedChange } from './changes.js';
import type { JobDeps } from './context.js';
import { today } from './dates.js';
import { recordChange } from './events.js';
import { absorbAbnEntity, rekeyAsCompany } from './merge.js';
import type { Cursors, RegisterSnapshot } from './register-state.js';
import { currentCursors, currentRegisters } from './snapshots.js';
import { snapshotOf, type EntityRow } from './view.js';

export const BATCH = 500;

export interface CheckTotals {
  checked: number;
  events: number;
}

const CLOSED = sql`(${monitoredEntities.register} ->> 'status') in ('deregistered', 'cancelled')`;

/**
 * One round over the live active entities: `daily` the open ones (and those still waiting for their
 * first check), `weekly` deregistered companies and cancelled ABNs.
 */
export async function runRegisterCheck(deps: JobDeps, kind: 'daily' | 'weekly', round: string): Promise<CheckTotals> {
  const totals: CheckTotals = { checked: 0, events: 0 };
  const which: SQL = kind === 'daily' ? sql`not coalesce(${CLOSED}, false)` : CLOSED;
  let afterId = 0;
  for (;;) {
    // The next BATCH ids after the last page: a range of the primary key, then the filters on those
    // rows alone. With the filters in the same query PostgreSQL, when its statistics underestimate
    // them (a table filled since its last ANALYZE), read every remaining row for each batch (bitmap
    // scan, then sort), which made a round quadratic in N: 100k entities took 12.3x the 10k run.
    const page = await deps.db
      .select({ id: monitoredEntities.id })
      .from(monitoredEntities)
      .where(gt(monitoredEntities.id, afterId))
      .orderBy(asc(monitoredEntities.id))
      .limit(BATCH);
    if (page.length === 0) return totals;
    afterId = page[page.length - 1]!.id;
    const candidates = await deps.db
      .select({ id: monitoredEntities.id })
      .from(monitoredEntities)
      .where(
        and(
          inArray(
            monitoredEntities.id,
            page.map((row) => row.id),
          ),
          eq(monitoredEntities.status, 'active'),
          eq(monitoredEntities.environment, 'live'),
          isNull(monitoredEntities.mergedInto),
          sql`${monitoredEntities.checkRound} is distinct from ${round}`,
          which,
        ),
      )
      .orderBy(asc(monitoredEntities.id));
    const done = await checkBatch(
      deps,
      candidates.map((c) => c.id),
      round,
    );
    totals.checked += done.checked;
    totals.events += done.events;
    // A page shorter than BATCH was the last one (runTermEnd stops alike): the next would find none.
    // One statement less per round, and a year of the sandbox clock runs some 400 rounds.
    if (page.length < BATCH) return totals;
  }
}

function cursorsOf(snapshot: RegisterSnapshot | null, fresh: Cursors): Cursors {
  // A snapshot from before PPSR registrations were watched starts watching them from now.
  return snapshot
    ? { documentCursor: snapshot.documentCursor, noticeCursor: snapshot.noticeCursor, ppsrCursor: snapshot.ppsrCursor ?? fresh.ppsrCursor }
    : fresh;
}

/** Checks these entities (those still active and not yet marked with `round`); returns what it did. */
export async function checkBatch(deps: JobDeps, ids: number[], round: string): Promise<CheckTotals> {
  if (ids.length === 0) return { checked: 0, events: 0 };
  // 1. The registers are outside systems: read them before any transaction is open.
  const rows = await deps.db.select().from(monitoredEntities).where(inArray(monitoredEntities.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const registers = deps.registers;
  const fresh = await currentCursors(registers);
  const current = await currentRegisters(registers, rows, (entity) => cursorsOf(snapshotOf(byId.get(entity.id)!), fresh));
  const owners = rows.flatMap((row) => {
    const ownerAcn = current.get(row.id)?.ownerAcn;
    return !row.acn && ownerAcn ? [{ id: row.id, acn: ownerAcn, abn: row.abn }] : [];
  });
  const ownerSnapshots = await currentRegisters(registers, owners, () => fresh);
  const watched = rows.filter((row) => row.acn && snapshotOf(row));
  const acns = watched.map((row) => row.acn!);
  const since = (pick: (s: RegisterSnapshot) => number) => Math.min(...watched.map((row) => pick(snapshotOf(row)!)));
  // PPSR registrations only while the PPSR answers; otherwise their cursors stay and a later check reports them.
  const ppsrUp = acns.length > 0 && (await registers.ppsr.availability()).available;
  const [documents, notices, registrations] =
    acns.length > 0
      ? await Promise.all([
          registers.documents.listSince(
            acns,
            since((s) => s.documentCursor),
          ),
          registers.insolvency.listSince(
            acns,
            since((s) => s.noticeCursor),
          ),
          ppsrUp
            ? registers.ppsr.registrationsSince(
                acns,
                since((s) => cursorsOf(s, fresh).ppsrCursor),
              )
            : Promise.resolve([]),
        ])
      : [[], [], []];

  // 2. Everything this batch records, in one transaction. Rows another worker holds are its business.
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const date = today(now);
    const locked = await tx
      .select()
      .from(monitoredEntities)
      .where(
        and(
          inArray(monitoredEntities.id, ids),
          eq(monitoredEntities.status, 'active'),
          isNull(monitoredEntities.mergedInto),
          sql`${monitoredEntities.checkRound} is distinct from ${round}`,
        ),
      )
      .orderBy(asc(monitoredEntities.id))
      .for('update', { skipLocked: true });
    const unchanged: number[] = [];
    let events = 0;
    for (const entity of locked) {
      const now_ = current.get(entity.id)?.snapshot ?? null;
      const baseline = snapshotOf(entity);
      const owner = ownerSnapshots.get(entity.id)?.snapshot ?? null;
      if (!now_) {
        // The register no longer answers for the number: nothing reliable to compare; keep the baseline.
        unchanged.push(entity.id);
        continue;
      }
      if (!entity.acn && owner?.acn) {
        const kept = await rekeyAsCompany(tx, entity, owner.acn, owner, now);
        await mark(tx, kept.id, round);
        continue;
      }
      if (!baseline) {
        // The first check only takes the baseline (D-39).
        await absorbAbnEntity(tx, await takeBaseline(tx, entity, now_, round, now), now);
        continue;
      }
      const changes: DetectedChange[] = registerChanges(baseline, now_, date);
      let { documentCursor, noticeCursor } = baseline;
      let { ppsrCursor } = cursorsOf(baseline, fresh);
      if (entity.acn) {
        for (const document of documents.filter((d) => d.acn === entity.acn && d.id > baseline.documentCursor)) {
          changes.push(documentChange(document));
          documentCursor = Math.max(documentCursor, document.id);
        }
        for (const notice of notices.filter((n) => n.acn === entity.acn && n.id > baseline.noticeCursor)) {
          changes.push(noticeChange(notice));
          noticeCursor = Math.max(noticeCursor, notice.id);
        }
        if (ppsrUp)
          for (const registration of registrations.filter((r) => r.acn === entity.acn && r.seq > ppsrCursor)) {
            changes.push(ppsrChange(registration));
            ppsrCursor = Math.max(ppsrCursor, registration.seq);
          }
      }
      const abnFilled = !entity.abn && now_.abn !== null;
      if (changes.length === 0 && !abnFilled && entity.monitoringStatus === 'active' && baseline.ppsrCursor !== undefined) {
        unchanged.push(entity.id);
        continue;
      }
      let latest = await takeBaseline(tx, entity, { ...now_, documentCursor, noticeCursor, ppsrCursor }, round, now);
      for (const change of changes) latest = (await recordChange(tx, deps.clock, latest, change)).entity;
      events += changes.length;
      if (abnFilled) await absorbAbnEntity(tx, latest, now);
    }
    if (unchanged.length > 0) await tx.update(monitoredEntities).set({ checkRound: round }).where(inArray(monitoredEntities.id, unchanged));
    return { checked: locked.length, events };
  });
}

/** The register as this round saw it becomes the entity's baseline; the entity is checked and active. */
async function takeBaseline(tx: Database, entity: EntityRow, snapshot: RegisterSnapshot, round: string, now: Date): Promise<EntityRow> {
  const [updated] = await tx
    .update(monitoredEntities)
    .set({
      register: snapshot,
      entityName: snapshot.name,
      abn: snapshot.abn ?? entity.abn,
      monitoringStatus: 'active',
      checkRound: round,
      updatedAt: now,
    })
    .where(eq(monitoredEntities.id, entity.id))
    .returning();
  return updated!;
}

async function mark(tx: Database, id: number, round: string): Promise<void> {
  await tx.update(monitoredEntities).set({ checkRound: round }).where(eq(monitoredEntities.id, id));
}
