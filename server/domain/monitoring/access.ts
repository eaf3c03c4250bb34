// Who may do what with monitoring (spec 4.5 "Access rules", 7): monitoring must be available on the
// account; live ordering, renewing and resuming need card billing and a usable card; reads and stop
// keep working for an account that has entities, whatever its billing.
import { and, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { monitoredEntities } from '../../store/schema/index.js';
import { scopeOf, type Caller } from '../caller.js';
import { DomainError } from '../errors.js';
import { assertCanCharge } from '../ledger/charges.js';
import { ownedBy } from '../../store/scope.js';

const unavailable = (): DomainError => new DomainError('monitoring_unavailable', 'Monitoring is not yet available on this account.');

/** Order, renew, resume: monitoring available, and for live keys card billing with a card that is not missing or expired. */
export function assertMayBuy(caller: Caller): void {
  if (!caller.account.monitoringAvailable) throw unavailable();
  if (caller.environment === 'live') {
    try {
      assertCanCharge(caller.account);
    } catch (error) {
      // The ledger's wording is about charges in general; monitoring's own messages name the operation.
      if (error instanceof DomainError && error.code === 'card_billing_required')
        throw new DomainError('card_billing_required', 'Live monitoring orders, renewals and resumes need card billing on the account.');
      throw error;
    }
  }
}

/** Reads and stop: refused only when monitoring is unavailable and the account has no entity here to read. */
export async function assertMayRead(deps: Pick<AppDeps, 'db'>, caller: Caller): Promise<void> {
  if (caller.account.monitoringAvailable) return;
  const [any] = await deps.db
    .select({ id: monitoredEntities.id })
    .from(monitoredEntities)
    .where(and(ownedBy(monitoredEntities, scopeOf(caller)), isNull(monitoredEntities.mergedInto)))
    .limit(1);
  if (!any) throw unavailable();
}
