// Lodgements: lodge a Form 484 or an ABN registration (LodgeForms.tsx), which statuses send which
// event, every lodgement of the account; one lodgement's detail with its public status, its status
// moved by the operator (each choice says the event it sends) and the deliveries it caused.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listLodgements, setForm484Status, setLodgementStatus, type LodgementSummary } from '../../../generated/admin-client/index.js';
import { getForm484Status, getLodgement } from '../../../generated/client/index.js';
import { noDeliveryYet, useDeliveries } from '../deliveries.js';
import { operator, refreshingClient } from '../api.js';
import { must } from '../errors.js';
import { when } from '../format.js';
import { eventOf, eventTable, FORM484_STATUSES, kindName, LODGEMENT_STATUSES, lodgementName, statusesOf } from '../statuses.js';
import { DetailPanel, Empty, ErrorText, Field, Headings, Section, useOpened } from '../ui.js';
import { LodgeSection } from './LodgeForms.js';
import { NeedKey } from './NeedKey.js';
import type { Selected } from '../selected.js';

function EventTable() {
  return (
    <Section title="Which statuses send which event">
      <div className="scroll" tabIndex={0} role="region" aria-label="Statuses and events">
        <table>
          <Headings names={['Kind', 'A move into one of these sends the event', 'These send nothing']} />
          <tbody>
            {eventTable().map((row) => (
              <tr key={row.kind}>
                <th scope="row">{kindName(row.kind)}</th>
                <td>
                  {row.sends.join(', ')}: <code>{row.event}</code>
                </td>
                <td>{row.silent.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>Each move is its own event (manual review then finished gives two); setting the status a lodgement already has sends nothing.</p>
    </Section>
  );
}

function CausedEvents({ accountId, row }: { accountId: string; row: LodgementSummary }) {
  const events = useDeliveries(
    accountId,
    [row.kind, row.requestId, row.status],
    (d) => d.event.startsWith(`${row.kind}.`) && 'requestId' in d.payload && d.payload.requestId === row.requestId,
  );
  return (
    <>
      <h3>Events it caused</h3>
      <ErrorText error={events.error} />
      <Empty when={events.data?.deliveries.length === 0}>{noDeliveryYet(events.data?.endpoints)}</Empty>
      <ul className="list" aria-label="Events it caused">
        {events.data?.deliveries.map((d) => (
          <li key={d.deliveryId} data-testid="caused-event">
            {d.event} · status <strong>{'status' in d.payload ? d.payload.status : ''}</strong> · delivery {d.status} · {when(d.createdAt)}
          </li>
        ))}
      </ul>
    </>
  );
}

function PublicStatus({ accountId, row }: { accountId: string; row: LodgementSummary }) {
  const status = useQuery({
    queryKey: ['public-status', accountId, row.kind, row.requestId, row.status],
    queryFn: async () => {
      const client = refreshingClient(accountId);
      const path = { requestId: row.requestId };
      return row.kind === 'form484'
        ? (await must(getForm484Status({ client, path }))).response
        : await must(getLodgement({ client, path }));
    },
  });
  return (
    <details>
      <summary>What the public status read answers</summary>
      <ErrorText error={status.error} />
      {status.data && <pre>{JSON.stringify(status.data, null, 2)}</pre>}
    </details>
  );
}

function Detail({ accountId, keyReady, row, reveal }: { accountId: string; keyReady: boolean; row: LodgementSummary; reveal: number }) {
  const queries = useQueryClient();
  const statuses = statusesOf(row.kind);
  // The next move offered is one that sends an event, never the status it already has.
  const next = (from: string) => statuses.find((s) => s !== from && eventOf(row.kind, s)) ?? statuses[0] ?? '';
  const [status, setStatus] = useState(next(row.status));
  const move = useMutation({
    mutationFn: async (to: string) => {
      const path = { requestId: row.requestId };
      if (row.kind === 'form484')
        return must(setForm484Status({ client: operator, path, body: { status: to as (typeof FORM484_STATUSES)[number] } }));
      return must(setLodgementStatus({ client: operator, path, body: { status: to as (typeof LODGEMENT_STATUSES)[number] } }));
    },
    onSuccess: (_moved, to) => {
      setStatus(next(to));
      void queries.invalidateQueries({ queryKey: ['lodgements'] });
    },
  });
  const event = eventOf(row.kind, status);
  const test = keyReady && row.environment === 'test';
  return (
    <DetailPanel title={lodgementName(row.kind, row.requestId)} testId="lodgement-detail" reveal={reveal}>
      <p>
        Status <strong data-testid="lodgement-status">{row.status}</strong> · {row.environment} · {row.entityName ?? '-'}
        {row.acn ? ` · ACN ${row.acn}` : ''}
        {row.abn ? ` · ABN ${row.abn}` : ''} · created {when(row.createdAt)} · updated {when(row.updatedAt)}
      </p>
      {test && <PublicStatus accountId={accountId} row={row} />}
      <div className="row">
        <Field label="Move to status" hint={event ? `Sends ${event}.` : 'Sends no event.'}>
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {s} {eventOf(row.kind, s) ? '(sends an event)' : '(no event)'}
              </option>
            ))}
          </select>
        </Field>
        <button type="button" onClick={() => move.mutate(status)} disabled={move.isPending || !status}>
          Move status
        </button>
      </div>
      <ErrorText error={move.error} />
      {test && <CausedEvents accountId={accountId} row={row} />}
    </DetailPanel>
  );
}

export function LodgementsPage({ accountId, keyReady }: Selected) {
  const { open: openId, reveal, show } = useOpened<string>();
  const list = useQuery({
    queryKey: ['lodgements', accountId],
    queryFn: () => must(listLodgements({ client: operator, query: accountId ? { accountId } : {} })),
    refetchInterval: 3000,
  });
  const rows = (list.data?.data ?? []).filter((r) => r.kind !== 'business_account');
  const open = rows.find((r) => `${r.kind}:${r.requestId}` === openId);
  // The open detail comes first: the forms below it change height as they load and answer, which
  // would move a panel under them out of view just after it scrolled there.
  return (
    <>
      {open && <Detail key={openId} accountId={accountId} keyReady={keyReady} row={open} reveal={reveal} />}
      {keyReady ? (
        <LodgeSection accountId={accountId} onLodged={(l) => show(`${l.kind}:${l.requestId}`)} />
      ) : (
        <NeedKey accountId={accountId} />
      )}
      <Section title={accountId ? 'Lodgements of the selected account' : 'Lodgements of every account'}>
        <ErrorText error={list.error} />
        <Empty when={list.isSuccess && rows.length === 0}>No lodgement yet: lodge one above.</Empty>
        <ul className="list" aria-label="Lodgements">
          {rows.map((r) => (
            <li key={`${r.kind}:${r.requestId}`} data-testid="lodgement">
              <strong>{lodgementName(r.kind, r.requestId)}</strong> · <span className="status">{r.status}</span> · {r.entityName ?? '-'} ·{' '}
              {r.environment} · {when(r.updatedAt)}{' '}
              <button type="button" className="secondary" onClick={() => show(`${r.kind}:${r.requestId}`)}>
                Open {lodgementName(r.kind, r.requestId)}
              </button>
            </li>
          ))}
        </ul>
      </Section>
      <EventTable />
    </>
  );
}
