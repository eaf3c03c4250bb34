// Ledger and mail: the selected account's charges and credits, and the mail the service sent it.
import { useQuery } from '@tanstack/react-query';
import { listCharges, listMails } from '../../../generated/admin-client/index.js';
import { operator } from '../api.js';
import { must } from '../errors.js';
import { when } from '../format.js';
import { Empty, ErrorText, Section } from '../ui.js';
import type { Selected } from '../selected.js';

function cents(amount: number): string {
  return `${amount < 0 ? '-' : ''}$${(Math.abs(amount) / 100).toFixed(2)}`;
}

export function LedgerPage({ accountId }: Selected) {
  const charges = useQuery({
    queryKey: ['charges', accountId],
    queryFn: () => must(listCharges({ client: operator, path: { accountId } })),
    enabled: accountId !== '',
  });
  const mails = useQuery({
    queryKey: ['mails', accountId],
    queryFn: () => must(listMails({ client: operator, path: { accountId } })),
    enabled: accountId !== '',
  });
  if (!accountId) return <p className="notice">Select an account at the top first.</p>;
  return (
    <>
      <Section title="Charges and credits">
        <ErrorText error={charges.error} />
        <Empty when={charges.data?.data.length === 0}>Nothing charged or credited yet.</Empty>
        <ul className="list" aria-label="Charges">
          {charges.data?.data.map((c) => (
            <li key={c.id}>
              <strong>{cents(c.amount)}</strong> {c.kind} · {c.environment} · reference {c.reference} · {when(c.createdAt)}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Mail outbox">
        <ErrorText error={mails.error} />
        <Empty when={mails.data?.data.length === 0}>No mail sent yet.</Empty>
        <ul className="list" aria-label="Mails">
          {mails.data?.data.map((m, i) => (
            <li key={`${m.createdAt}-${i}`}>
              <strong>{m.subject}</strong> to {m.to} · {when(m.createdAt)}
              <pre>{m.text}</pre>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
