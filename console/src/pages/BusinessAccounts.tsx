// Business accounts: apply from the document's examples (activated, or rejected with a `+reject`
// director e-mail), the account's applications and their partner moves (run now, or on the clock),
// and one application's public status, where `bsb` and `accountNumber` stay masked until activation.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listLodgements, runJob, type LodgementSummary } from '../../../generated/admin-client/index.js';
import {
  createBusinessAccountApplication,
  getBusinessAccountStatus,
  type BusinessAccountApplication,
  type BusinessAccountStatus,
} from '../../../generated/client/index.js';
import { operator, publicClient } from '../api.js';
import { EXAMPLES, EXAMPLES_DATE } from '../contract.js';
import { datedFor } from '../example-dates.js';
import { ApiError, must } from '../errors.js';
import { brisbaneDate, count, when, whenBrisbane } from '../format.js';
import { RequestForm } from '../request-form.js';
import { directorEmailRule } from '../sandbox-outcomes.js';
import { DetailPanel, Empty, ErrorText, Section, useOpened } from '../ui.js';
import { useServiceClock } from '../clock.js';
import { NeedKey } from './NeedKey.js';
import type { Selected } from '../selected.js';

const MASK = '******';

function Apply({ accountId, onApplied }: { accountId: string; onApplied: (requestId: number) => void }) {
  const queries = useQueryClient();
  const clock = useServiceClock();
  const today = clock.data ? brisbaneDate(clock.data.now) : undefined;
  const apply = useMutation({
    mutationFn: (body: unknown) =>
      must(
        createBusinessAccountApplication({
          client: publicClient(accountId),
          body: body as BusinessAccountApplication,
          headers: { 'Idempotency-Key': `console-${crypto.randomUUID()}` },
        }),
      ),
    onSuccess: (answer) => {
      void queries.invalidateQueries({ queryKey: ['business-accounts'] });
      onApplied(answer.requestId);
    },
  });
  return (
    <Section title="Apply for a business account (test)">
      {today && (
        <RequestForm
          name="application"
          examples={EXAMPLES.businessAccount}
          rule={directorEmailRule}
          prepare={(body) => datedFor(body, EXAMPLES_DATE, today)}
          submitLabel="Apply"
          busy={apply.isPending}
          onSubmit={(body) => apply.mutate(body)}
        />
      )}
      <ErrorText error={apply.error ?? clock.error} />
      {apply.data && !apply.error && (
        <p className="notice" role="status" data-testid="applied">
          Application {apply.data.requestId}: status {apply.data.status}
          {apply.data.status === 'new' ? '' : ' (an application for this company was already open: nothing new was made)'}.
        </p>
      )}
    </Section>
  );
}

function retryText(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 429 || error.retryAfter === undefined) return undefined;
  return `The service allows one status read per application every 15 minutes (D-37): read it again in ${count(Math.ceil(error.retryAfter / 60), 'minute')}.`;
}

function StatusRead({ accountId, row, reveal }: { accountId: string; row: LodgementSummary; reveal: number }) {
  // The last good read stays on screen when a later one is refused (the 15-minute limit).
  const [s, setRead] = useState<BusinessAccountStatus>();
  const read = useMutation({
    mutationFn: () => must(getBusinessAccountStatus({ client: publicClient(accountId), path: { requestId: row.requestId } })),
    onSuccess: setRead,
  });
  const clock = useServiceClock();
  const settled = row.status === 'finished' || row.status === 'rejected';
  return (
    <DetailPanel title={`Business account application ${row.requestId}`} testId="application-detail" reveal={reveal}>
      <p>
        Status <strong data-testid="application-status">{row.status}</strong> · {row.entityName ?? '-'} · {row.environment} · updated{' '}
        {when(row.updatedAt)}
      </p>
      <p>
        The public status read shows <code>bsb</code> and <code>accountNumber</code> as {MASK} until the account is activated, then the real
        values. It can be read once every 15 minutes per application.
      </p>
      {!settled && (
        <p className="notice" data-testid="read-spends-allowance">
          Not activated yet: a read now shows only the masked values and spends this application&apos;s read for the next 15 minutes (D-37).{' '}
          {clock.data?.mode === 'manual'
            ? 'On this manual clock, advance it 15 minutes on the Clock and jobs page to read again.'
            : 'On the real clock nothing moves that allowance on: to read again sooner, start the service with SVC_CLOCK=manual and advance the clock. Waiting for "finished" (Run the banking partner now) before the first read shows the real bsb and account number.'}
        </p>
      )}
      <button type="button" onClick={() => read.mutate()} disabled={read.isPending}>
        Read the status (public API)
      </button>
      {retryText(read.error) ? (
        <p role="alert" className="error">
          {retryText(read.error)}
        </p>
      ) : (
        <ErrorText error={read.error} />
      )}
      {s && (
        <table data-testid="status-read">
          <caption>Status read of application {s.requestId}</caption>
          <tbody>
            <tr>
              <th scope="row">status</th>
              <td>{s.status}</td>
            </tr>
            <tr>
              <th scope="row">bsb</th>
              <td>{s.bsb === MASK ? `${MASK} (masked until activation)` : s.bsb}</td>
            </tr>
            <tr>
              <th scope="row">accountNumber</th>
              <td>{s.accountNumber === MASK ? `${MASK} (masked until activation)` : s.accountNumber}</td>
            </tr>
            <tr>
              <th scope="row">submittedAt</th>
              <td>{whenBrisbane(s.submittedAt)}</td>
            </tr>
            <tr>
              <th scope="row">activatedAt</th>
              <td>{whenBrisbane(s.activatedAt)}</td>
            </tr>
          </tbody>
        </table>
      )}
    </DetailPanel>
  );
}

export function BusinessAccountsPage({ accountId, keyReady }: Selected) {
  const queries = useQueryClient();
  const { open: openId, reveal, show } = useOpened<number>();
  const list = useQuery({
    queryKey: ['business-accounts', accountId],
    queryFn: () => must(listLodgements({ client: operator, query: { ...(accountId ? { accountId } : {}), kind: 'business_account' } })),
    refetchInterval: 3000,
  });
  const partner = useMutation({
    mutationFn: () => must(runJob({ client: operator, path: { name: 'partner-progress' } })),
    onSuccess: () => void queries.invalidateQueries({ queryKey: ['business-accounts'] }),
  });
  if (!keyReady) return <NeedKey accountId={accountId} />;
  const rows = list.data?.data ?? [];
  const open = rows.find((r) => r.requestId === openId);
  // The open detail comes first: the form below it changes height as it answers, which would move a
  // panel under it out of view just after it scrolled there.
  return (
    <>
      {open && <StatusRead key={open.requestId} accountId={accountId} row={open} reveal={reveal} />}
      <Apply accountId={accountId} onApplied={show} />
      <Section title="Applications and partner moves">
        <p>
          The simulated banking partner moves each application new, then sent at once, then after the activation delay
          (SVC_SANDBOX_ACTIVATION_DELAY_S, 60 s by default) finished, or rejected when a director e-mail contains +reject. Business accounts
          send no webhook event.
        </p>
        <button type="button" onClick={() => partner.mutate()} disabled={partner.isPending}>
          Run the banking partner now
        </button>
        {partner.data && <p role="status">The banking partner ran: {count(partner.data.jobsRun, 'job')} ran.</p>}
        <ErrorText error={partner.error ?? list.error} />
        <Empty when={list.isSuccess && rows.length === 0}>No application yet: apply above.</Empty>
        <ul className="list" aria-label="Applications">
          {rows.map((r) => (
            <li key={r.requestId} data-testid="application">
              <strong>{r.requestId}</strong> · <span className="status">{r.status}</span> · {r.entityName ?? '-'} · {r.environment} ·{' '}
              {when(r.updatedAt)}{' '}
              <button type="button" className="secondary" onClick={() => show(r.requestId)}>
                Open application {r.requestId}
              </button>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
