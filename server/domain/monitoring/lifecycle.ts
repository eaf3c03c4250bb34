// The term's lifecycle on the service clock (spec 3.4, 6.2; D-39): expiry warnings 30 and 7 days
// before `expiresAt` (webhook; mail to the owner for live entities; none for a deregistered company,
// a cancelled ABN or a locked account), and term ends (`monitoring.expired` for active entities,
// silent for stopped ones). Both walk the due entities in batches, each batch one transaction that
// locks its rows, so two workers never send one warning twice.
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { accounts, monitoredEntities } from '../../store/schema/index.js';
import { queueMail } from '../../mail/outbox.js';
import type { JobDeps } from './context.js';
import { addDays, daysLeft, today } from './dates.js';
import { sendExpired, sendExpiring } from './events.js';
import { isClosed } from './register-state.js';
import { entityView, registerStatusOf } from './view.js';
import { BATCH } from './checks.js';

/** Which warning is due for a term with `days` left, if any (the 7-day one wins when both are). */
export function warningDue(
  days: number,
  entity: { expiresAt: string; warned30For: string | null; warned7For: string | null },
): 30 | 7 | null {
  if (days <= 0) return null;
  if (days <= 7) return entity.warned7For === entity.expiresAt ? null : 7;
  if (days <= 30) return entity.warned30For === entity.expiresAt ? null : 30;
  return null;
}

export async function runExpiryWarnings(deps: JobDeps): Promise<number> {
  let sent = 0;
  let afterId = 0;
  const horizon = addDays(today(deps.clock.now()), 30);
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const rows = await tx
        .select({ entity: monitoredEntities, account: accounts })
        .from(monitoredEntities)
        .innerJoin(accounts, eq(accounts.id, monitoredEntities.accountId))
        .where(
          and(
            eq(monitoredEntities.status, 'active'),
            isNull(monitoredEntities.mergedInto),
            lte(monitoredEntities.expiresAt, horizon),
            gt(monitoredEntities.id, afterId),
            or(
              sql`${monitoredEntities.warned30For} is distinct from ${monitoredEntities.expiresAt}`,
              sql`${monitoredEntities.warned7For} is distinct from ${monitoredEntities.expiresAt}`,
            ),
          ),
        )
        .orderBy(asc(monitoredEntities.id))
        .limit(BATCH)
        .for('update', { of: monitoredEntities, skipLocked: true });
      for (const { entity, account } of rows) {
        const due = warningDue(daysLeft(entity.expiresAt, now), entity);
        if (!due) continue;
        const status = registerStatusOf(entity);
        // Spec 6.2 rule 2: nothing for a deregistered company, a cancelled ABN or a locked account.
        if ((status && isClosed(status)) || account.locked) continue;
        await sendExpiring(tx, deps.clock, entity, due);
        if (entity.environment === 'live') {
          const view = entityView(entity, now);
          await queueMail(
            { db: tx, clock: deps.clock },
            {
              accountId: account.id,
              to: account.ownerEmail,
              subject: `Monitoring of ${entity.entityName} ends in ${view.daysRemaining} days`,
              text: [
                `Monitoring of ${entity.entityName} (${entity.acn ? `ACN ${entity.acn}` : `ABN ${entity.abn}`}, entity ${entity.id}) ends on ${entity.expiresAt}: ${view.daysRemaining} days from today.`,
                'Renew it with POST /monitoring/entities/renew to keep it monitored without a gap.',
              ].join('\n'),
            },
          );
        }
        // The 7-day warning also stands for a 30-day one never sent (the job missed those days).
        await tx
          .update(monitoredEntities)
          .set(due === 7 ? { warned7For: entity.expiresAt, warned30For: entity.expiresAt } : { warned30For: entity.expiresAt })
          .where(eq(monitoredEntities.id, entity.id));
        sent++;
      }
      return rows;
    });
    // A batch shorter than BATCH was the last one (as in runTermEnd): another would find none, and
    // an entity between its two warnings is read every day for three weeks.
    if (batch.length < BATCH) return sent;
    afterId = batch[batch.length - 1]!.entity.id;
  }
}

/** Terms that ended: active entities expire with `monitoring.expired`; stopped ones expire silently. */
export async function runTermEnd(deps: JobDeps): Promise<number> {
  let ended = 0;
  for (;;) {
    const count = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const rows = await tx
        .select()
        .from(monitoredEntities)
        .where(
          and(
            inArray(monitoredEntities.status, ['active', 'stopped']),
            isNull(monitoredEntities.mergedInto),
            lte(monitoredEntities.expiresAt, today(now)),
          ),
        )
        .orderBy(asc(monitoredEntities.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const entity of rows) {
        const [expired] = await tx
          .update(monitoredEntities)
          .set({ status: 'expired', monitoringStatus: 'inactive', updatedAt: now })
          .where(eq(monitoredEntities.id, entity.id))
          .returning();
        if (entity.status === 'active') await sendExpired(tx, deps.clock, expired!);
      }
      return rows.length;
    });
    ended += count;
    if (count < BATCH) return ended;
  }
}
