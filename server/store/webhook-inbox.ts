// What the built-in webhook test receiver got (D-59): rows in the database, so the API process that
// answers the operator API sees what any worker process delivered (several processes share one
// PostgreSQL). Bounded: the newest RECEIVER_CAPACITY per account (and as many that arrived over
// HTTP, whose account is not known), so a busy sandbox cannot grow it without end: neither in rows
// nor in the table's files, which are vacuumed after every INBOX_CAPACITY requests dropped (D-90).
import { and, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Logger } from '../logger.js';
import type { Database } from './db.js';
import { webhookReceiverRequests, type WebhookReceiverRequestRow } from './schema/index.js';
import { changedRows, vacuumEvery, type PruneCounter } from './vacuum.js';

export type ReceivedRequest = WebhookReceiverRequestRow;
export type NewReceivedRequest = Omit<ReceivedRequest, 'id'>;

export const INBOX_BODY_LIMIT = 64 * 1024;
/** Requests kept per account (the operator API's description says so too). */
export const INBOX_CAPACITY = 200;

function sameAccount(accountId: string | null): SQL {
  return accountId === null ? isNull(webhookReceiverRequests.accountId) : eq(webhookReceiverRequests.accountId, accountId);
}

/** Per database: the requests dropped since its inbox was last vacuumed. */
const dropped = new WeakMap<Database, PruneCounter>();

function droppedOf(db: Database, logger: Logger): PruneCounter {
  let counter = dropped.get(db);
  if (!counter) {
    counter = vacuumEvery(db, webhookReceiverRequests, INBOX_CAPACITY, {
      failed: (error) => logger.warn({ err: error }, 'webhook test receiver: its table could not be vacuumed'),
    });
    dropped.set(db, counter);
  }
  return counter;
}

/** Keeps one received request, and drops that account's oldest past the capacity. */
export async function recordReceived(db: Database, entry: NewReceivedRequest, logger: Logger): Promise<void> {
  const [stored] = await db
    .insert(webhookReceiverRequests)
    .values({ ...entry, body: entry.body.slice(0, INBOX_BODY_LIMIT) })
    .returning({ id: webhookReceiverRequests.id });
  const removed = await db.delete(webhookReceiverRequests).where(
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
  await droppedOf(db, logger).removed(changedRows(removed));
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
