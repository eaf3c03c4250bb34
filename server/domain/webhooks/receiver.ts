// Operator read of the built-in test receiver (D-59): what it got, newest first, and the two URLs to
// register on this service's public URL.
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { receiverUrls } from '../../delivery/receiver.js';
import { listReceived } from '../../store/webhook-inbox.js';
import type { ReceivedWebhookList } from '../../../schemas/admin/receiver.js';
import type { VerbArgs } from '../verb.js';

export type ReceivedWebhookListView = z.input<typeof ReceivedWebhookList>;

export async function listReceiverRequests({
  ctx,
  input,
}: VerbArgs<Pick<AppDeps, 'db'> & { publicUrl: string }, { accountId?: string | undefined }>): Promise<ReceivedWebhookListView> {
  const rows = await listReceived(ctx.db, input.accountId);
  return {
    data: rows.map((row) => ({ ...row, receivedAt: row.receivedAt.toISOString() })),
    urls: receiverUrls(ctx.publicUrl),
  };
}
