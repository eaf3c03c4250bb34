// The simulated banking partner: keeps each application byte for byte, as received, and decides it
// from its own copy: rejected when a director e-mail's local part contains `+reject`, otherwise
// activated with a BSB and account number derived from the reference (the same every time).
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../store/db.js';
import { bankingPartnerApplications } from '../../store/schema/index.js';
import type { BankingPartner, PartnerDecision } from './banking-partner.js';
import { REJECT_EMAIL_MARKER, SANDBOX_BSB_PREFIX } from './fixtures.js';

/** Director e-mails of an application, read defensively: the partner trusts nothing it receives. */
function directorEmails(payload: Buffer): string[] {
  try {
    const body = JSON.parse(payload.toString('utf8')) as { accountInformation?: { directorsContacts?: { email?: unknown }[] } };
    const directors = body.accountInformation?.directorsContacts;
    return Array.isArray(directors) ? directors.flatMap((d) => (typeof d?.email === 'string' ? [d.email] : [])) : [];
  } catch {
    return [];
  }
}

function localPart(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? email : email.slice(0, at);
}

/** Digits from the reference's SHA-256: the same reference always gets the same account. */
function digitsOf(reference: string, count: number): string {
  const hex = createHash('sha256').update(reference).digest('hex');
  return (BigInt(`0x${hex}`) % 10n ** BigInt(count)).toString().padStart(count, '0');
}

export function decideApplication(reference: string, payload: Buffer): PartnerDecision {
  if (directorEmails(payload).some((email) => localPart(email).includes(REJECT_EMAIL_MARKER))) return { outcome: 'rejected' };
  return { outcome: 'activated', bsb: `${SANDBOX_BSB_PREFIX}${digitsOf(`bsb:${reference}`, 3)}`, accountNumber: digitsOf(reference, 8) };
}

export function createSimulatedBankingPartner(db: Database): BankingPartner {
  const received = async (reference: string): Promise<Buffer | undefined> => {
    const [row] = await db
      .select({ payload: bankingPartnerApplications.payload })
      .from(bankingPartnerApplications)
      .where(eq(bankingPartnerApplications.reference, reference))
      .limit(1);
    return row?.payload;
  };
  return {
    async submit({ reference, environment, payload, at }) {
      await db.insert(bankingPartnerApplications).values({ reference, environment, payload, receivedAt: at }).onConflictDoNothing();
    },
    async decide(reference) {
      const payload = await received(reference);
      return payload ? decideApplication(reference, payload) : undefined;
    },
    received,
  };
}
