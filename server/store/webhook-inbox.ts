// What the built-in webhook test receiver got (D-59): rows in the database, so the API process that
// answers the operator API sees what any worker process delivered (several processes share one
// PostgreSQL). Bounded: the newest RECEIVER_CAPACITY per account (and as many that arrived over
// HTTP, whose account is not known), so a busy sandbox cannot grow it without end.
import { and, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from './db.js';
import { webhookReceiverRequests, type WebhookReceiverRequestRow } from './schema/index.js';

export type ReceivedRequest = WebhookReceiverRequestRow;
export type NewReceivedRequest = Omit<ReceivedRequest, 'id'>;

export const INBOX_BODY_LIMIT = 64 * 1024;
/** Requests kept per account (the operator API's description says so too). */
export const INBOX_CAPACITY = 200;

function sameAccount(accountId: string | null): SQL {
  return accountId === null ? isNull(webhookReceiverRequests.accountId) : eq(webhookReceiverRequests.accountId, accountId);
}

/** Keeps one received request, and drops that account's oldest past the capacity. */
export async function recordReceived(db: Database, entry: NewReceivedRequest): Promise<void> {
  const [stored] = await db
    .insert(webhookReceiverRequests)
    .values({ ...entry, body: entry.body.slice(0, INBOX_BODY_LIMIT) })
    .returning({ id: webhookReceiverRequests.id });
  await db.delete(webhookReceiverRequests).where(
    and(
      sameAccount(entry.accountId),
      lt(
        webhookReceiverRequests.id,
        sql`(${db
          .select({ id: webhookReceiverRequests.id })
          .from(webhookReceiverRequests)
          .where(and(sameAccount(entry.accountId), sql`${webhookReceiverRequests.id} <= ${stored!.id}`))
          .orderBy(desc(webhookReceiverRequests.id))
          .offset(INBOX_CAPACITY - 1)
          .limit(1)})`,
      ),
    ),
  );
}

/** Newest first: of one account, or of every account (at most INBOX_CAPACITY either way). */
export async function listReceived(db: Database, accountId?: string): Promise<ReceivedRequest[]> {
  return db
    .select()
    .from(webhookReceiverRequests)
    .where(accountId === undefined ? undefined : eq(webhookReceiverRequests.accountId, accountId))
    .orderBy(desc(webhookReceiverRequests.id))
    .limit(INBOX_CAPACITY);
}
