// Lodgements: Form 484, business accounts and the other kinds in one list; one request's detail, its
// status moved by the operator, and the webhook deliveries it caused.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listLodgements, setForm484Status, setLodgementStatus, type LodgementSummary } from '../../../generated/admin-client/index.js';
import { zForm484Status, zSetLodgementStatusRequest } from '../../../generated/admin-client/zod.gen.js';
import { listWebhookDeliveries, listWebhookEndpoints } from '../../../generated/client/index.js';
import { must, operator, publicClient } from '../api.js';
import { ErrorText, Field, Section, when } from '../ui.js';
import type { Selected } from '../selected.js';

const FORM484_STATUSES = zForm484Status.options;
const LODGEMENT_STATUSES = zSetLodgementStatusRequest.shape.status.options;

function statusesOf(kind: LodgementSummary['kind']): readonly string[] {
  if (kind === 'form484') return FORM484_STATUSES;
  if (kind === 'business_account') return [];
  return LODGEMENT_STATUSES;
}

function CausedEvents({ accountId, row }: { accountId: string; row: LodgementSummary }) {
  const events = useQuery({
    queryKey: ['caused', accountId, row.kind, row.requestId, row.status],
    queryFn: async () => {
      const client = publicClient(accountId);
      const endpoints = await must(listWebhookEndpoints({ client }));
      const all = await Promise.all(
        endpoints.data.map((e) => must(listWebhookDeliveries({ client, path: { id: e.id }, query: { perPage: 100 } }))),
      );
      const prefix = row.kind === 'form484' ? 'form484.' : `${row.kind}.`;
      return all
        .flatMap((page) => page.data)
        .filter((d) => d.event.startsWith(prefix) && d.payload.requestId === row.requestId)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },
    refetchInterval: 2000,
  });
  return (
    <>
      <h3>Events it caused</h3>
      <ErrorText error={events.error} />
      {events.data?.length === 0 && <p>No delivery to this account's test endpoints yet.</p>}
      <ul className="list" aria-label="Events it caused">
        {events.data?.map((d) => (
          <li key={d.deliveryId} data-testid="caused-event">
            {d.event} · status <strong>{String(d.payload.status)}</strong> · delivery {d.status} · {when(d.createdAt)}
          </li>
        ))}
      </ul>
    </>
  );
}

function Detail({ accountId, keyReady, row }: { accountId: string; keyReady: boolean; row: LodgementSummary }) {
  const queries = useQueryClient();
  const statuses = statusesOf(row.kind);
  const [status, setStatus] = useState(statuses.find((s) => s !== row.status) ?? '');
  const move = useMutation({
    mutationFn: async (to: string) => {
      if (row.kind === 'form484')
        return must(
          setForm484Status({
            client: operator,
            path: { requestId: row.requestId },
            body: { status: to as (typeof FORM484_STATUSES)[number] },
          }),
        );
      return must(
        setLodgementStatus({
          client: operator,
          path: { requestId: row.requestId },
          body: { status: to as (typeof LODGEMENT_STATUSES)[number] },
        }),
      );
    },
    onSuccess: () => void queries.invalidateQueries({ queryKey: ['lodgements'] }),
  });
  return (
    <Section title={`${row.kind} ${row.requestId}`}>
      <p>
        Status <strong data-testid="lodgement-status">{row.status}</strong> · {row.environment} · {row.entityName ?? '-'}
        {row.acn ? ` · ACN ${row.acn}` : ''}
        {row.abn ? ` · ABN ${row.abn}` : ''} · created {when(row.createdAt)} · updated {when(row.updatedAt)}
      </p>
      {statuses.length > 0 ? (
        <div className="row">
          <Field label="Move to status">
            <select value={status} onChange={(e) => setStatus(e.target.value)}>
              {statuses.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </Field>
          <button type="button" onClick={() => move.mutate(status)} disabled={move.isPending || !status}>
            Move status
          </button>
        </div>
      ) : (
        <p>The simulated banking partner moves business account applications on the service clock.</p>
      )}
      <ErrorText error={move.error} />
      {keyReady && row.environment === 'test' && <CausedEvents accountId={accountId} row={row} />}
    </Section>
  );
}

export function LodgementsPage({ accountId, keyReady }: Selected) {
  const [openId, setOpenId] = useState<string>();
  const list = useQuery({
    queryKey: ['lodgements', accountId],
    queryFn: () => must(listLodgements({ client: operator, query: accountId ? { accountId } : {} })),
    refetchInterval: 3000,
  });
  const rows = list.data?.data ?? [];
  const open = rows.find((r) => `${r.kind}:${r.requestId}` === openId);
  return (
    <>
      {open && <Detail key={openId} accountId={accountId} keyReady={keyReady} row={open} />}
      <Section title={accountId ? 'Lodgements of the selected account' : 'Lodgements of every account'}>
        <ErrorText error={list.error} />
        {rows.length === 0 && <p>No lodgement yet.</p>}
        <ul className="list" aria-label="Lodgements">
          {rows.map((r) => (
            <li key={`${r.kind}:${r.requestId}`} data-testid="lodgement">
              <strong>{r.kind}</strong> {r.requestId} · <span className="status">{r.status}</span> · {r.entityName ?? '-'} · {r.environment}{' '}
              · {when(r.updatedAt)}{' '}
              <button type="button" className="secondary" onClick={() => setOpenId(`${r.kind}:${r.requestId}`)}>
                Open {r.kind} {r.requestId}
              </button>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
