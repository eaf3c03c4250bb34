// Mail goes to an outbox table first (readable through the operator API), then out through
// nodemailer when SMTP_URL is set. A mail is never lost because the SMTP server was down.
import { asc, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import { mails } from '../store/schema/index.js';
import type { MailRow } from '../store/schema/mail.js';

export async function queueMail(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  mail: { accountId: string | null; to: string; subject: string; text: string },
): Promise<void> {
  await deps.db.insert(mails).values({ ...mail, createdAt: deps.clock.now() });
}

export async function listMails(deps: Pick<AppDeps, 'db'>, accountId: string): Promise<MailRow[]> {
  return deps.db.select().from(mails).where(eq(mails.accountId, accountId)).orderBy(asc(mails.createdAt), asc(mails.id));
}

/** Sends what is unsent; run by the mail job only when a mailer is wired (SMTP_URL). */
export async function sendPendingMail(deps: AppDeps): Promise<number> {
  const transport = deps.mailer;
  if (!transport) return 0;
  const pending = await deps.db.select().from(mails).where(isNull(mails.sentAt)).limit(50);
  for (const mail of pending) {
    await transport.sendMail({ from: 'no-reply@svc.example', to: mail.to, subject: mail.subject, text: mail.text });
    await deps.db.update(mails).set({ sentAt: deps.clock.now() }).where(eq(mails.id, mail.id));
  }
  return pending.length;
}
