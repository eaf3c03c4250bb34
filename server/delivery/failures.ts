// Consecutive failures per endpoint (spec 3.6, D-22): any failed attempt counts, any 2xx resets the
// count, and the 20th failure in a row disables the endpoint, mails the account owner and stops its
// pending deliveries. Counted with atomic increments so parallel workers cannot lose a failure.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import { queueMail } from '../mail/outbox.js';
import { accounts, webhookEndpoints } from '../store/schema/index.js';
import { stopPendingDeliveries } from './attempts.js';
import { AUTO_DISABLE_AFTER_FAILURES } from './schedule.js';
import type { WebhookEndpointRow } from '../store/schema/webhooks.js';

export async function resetFailures(deps: Pick<AppDeps, 'db'>, endpointIds: readonly string[]): Promise<void> {
  if (endpointIds.length === 0) return;
  await deps.db
    .update(webhookEndpoints)
    .set({ consecutiveFailures: 0 })
    .where(and(inArray(webhookEndpoints.id, [...endpointIds]), gt(webhookEndpoints.consecutiveFailures, 0)));
}

/** Counts one failed attempt; true when this failure disabled the endpoint. */
export async function countFailure(deps: Pick<AppDeps, 'db' | 'clock'>, endpointId: string, deliveryId: string): Promise<boolean> {
  const [counted] = await deps.db
    .update(webhookEndpoints)
    .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ failures: webhookEndpoints.consecutiveFailures });
  if (!counted || counted.failures < AUTO_DISABLE_AFTER_FAILURES) return false;
  const now = deps.clock.now();
  // Only the update that flips `enabled` sends the mail, whichever worker gets there first.
  const [disabled] = await deps.db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: 'consecutive_failures', updatedAt: now })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
    .returning();
  if (!disabled) return false;
  await stopPendingDeliveries(deps.db, endpointId, now, deliveryId);
  await mailOwner(deps, disabled, counted.failures);
  return true;
}

async function mailOwner(deps: Pick<AppDeps, 'db' | 'clock'>, endpoint: WebhookEndpointRow, failures: number): Promise<void> {
  const [account] = await deps.db
    .select({ ownerEmail: accounts.ownerEmail })
    .from(accounts)
    .where(eq(accounts.id, endpoint.accountId))
    .limit(1);
  if (!account) return;
  await queueMail(deps, {
    accountId: endpoint.accountId,
    to: account.ownerEmail,
    subject: `Webhook endpoint ${endpoint.id} disabled after ${failures} failed deliveries`,
    text: [
      `Your ${endpoint.environment} webhook endpoint ${endpoint.id} (${endpoint.url}) failed ${failures} delivery attempts in a row, so it has been disabled and its pending deliveries stopped.`,
      'The delivery log (GET /webhooks/{id}/deliveries) shows each attempt with its status code or error.',
      'Once the receiver answers 2xx again, enable the endpoint with PATCH /webhooks/{id} {"enabled": true}; you can then resend failed deliveries.',
    ].join('\n\n'),
  });
}
