// What sends a mail out, on its own so server/deps.ts (which every layer reads) can name it without
// importing the outbox, which itself reads server/deps.ts.

/** What sends a mail out (nodemailer's transport, wired from SMTP_URL in server/wiring.ts). */
export interface Mailer {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}
