// Operator API: the mail an account was sent (the outbox, readable with or without SMTP_URL).
import type { AppDeps } from '../../deps.js';
import { listMails } from '../../mail/outbox.js';
import { findAccount } from './accounts.js';
import type { VerbArgs } from '../verb.js';

export interface MailView {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

export async function listAccountMails({ ctx, input }: VerbArgs<Pick<AppDeps, 'db'>, { accountId: string }>): Promise<MailView[]> {
  await findAccount(ctx, input.accountId);
  const rows = await listMails(ctx, input.accountId);
  return rows.map((m) => ({ to: m.to, subject: m.subject, text: m.text, createdAt: m.createdAt.toISOString() }));
}
