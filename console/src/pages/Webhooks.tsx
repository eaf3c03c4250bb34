// Webhooks: the account's test endpoints (public API, with the session's test secret key), their
// deliveries with every attempt, payload and resend; what the built-in receiver got, signature headers included.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  updateWebhookEndpoint,
} from '../../../generated/client/index.js';
import { zCreateWebhookEndpointRequest } from '../../../generated/client/zod.gen.js';
import { listReceivedWebhooks } from '../../../generated/admin-client/index.js';
import { must, operator, publicClient } from '../api.js';
import { CopyButton, ErrorText, Field, Section, when } from '../ui.js';
import { NeedKey } from './NeedKey.js';
import type { Selected } from '../selected.js';

type EventType = ReturnType<typeof zCreateWebhookEndpointRequest.parse>['eventTypes'][number];
const SIGNATURE_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'x-svc-event', 'x-svc-delivery-id', 'x-svc-signature'];

function Deliveries({ accountId, endpointId }: { accountId: string; endpointId: string }) {
  const queries = useQueryClient();
  const deliveries = useQuery({
    queryKey: ['deliveries', accountId, endpointId],
    queryFn: () => must(listWebhookDeliveries({ client: publicClient(accountId), path: { id: endpointId }, query: { perPage: 100 } })),
    refetchInterval: 2000,
  });
  const resend = useMutation({
    mutationFn: (deliveryId: string) =>
      must(resendWebhookDelivery({ client: publicClient(accountId), path: { id: endpointId, deliveryId } })),
    onSuccess: () => void queries.invalidateQueries({ queryKey: ['deliveries', accountId, endpointId] }),
  });
  return (
    <>
      <h3>Deliveries</h3>
      <ErrorText error={deliveries.error ?? resend.error} />
      {deliveries.data?.data.length === 0 && <p>No delivery yet.</p>}
      <ul className="list" aria-label="Deliveries">
        {deliveries.data?.data.map((d) => (
          <li key={d.deliveryId} data-testid="delivery">
            <strong>{d.event}</strong> · <span className="status">{d.status}</span> · {d.attemptCount} attempts · created{' '}
            {when(d.createdAt)}
            {d.nextAttemptAt ? ` · next attempt ${when(d.nextAttemptAt)}` : ''} · <code>{d.deliveryId}</code>
            <table>
              <caption className="hide-narrow">Attempts of {d.deliveryId}</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">At</th>
                  <th scope="col">Response</th>
                  <th scope="col">Time</th>
                </tr>
              </thead>
              <tbody>
                {d.attempts.map((a) => (
                  <tr key={a.attemptNumber}>
                    <td>{a.attemptNumber}</td>
                    <td>{when(a.attemptedAt)}</td>
                    <td>{a.statusCode ?? a.errorClass ?? '-'}</td>
                    <td>{a.durationMs} ms</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <details>
              <summary>Payload</summary>
              <pre>{JSON.stringify(d.payload, null, 2)}</pre>
            </details>
            <button type="button" className="secondary" onClick={() => resend.mutate(d.deliveryId)}>
              Resend
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function Received() {
  const received = useQuery({
    queryKey: ['received'],
    queryFn: () => must(listReceivedWebhooks({ client: operator })),
    refetchInterval: 2000,
  });
  return (
    <Section title="What the built-in receiver got">
      <ErrorText error={received.error} />
      {received.data?.data.length === 0 && <p>Nothing received yet.</p>}
      <ul className="list" aria-label="Received requests">
        {received.data?.data.slice(0, 30).map((r) => (
          <li key={r.id} data-testid="received">
            #{r.id} at {when(r.receivedAt)} · receiver <strong>{r.path}</strong> answered {r.answeredStatus}
            <details>
              <summary>Signature headers and body</summary>
              <pre>
                {SIGNATURE_HEADERS.filter((h) => r.headers[h] !== undefined)
                  .map((h) => `${h}: ${r.headers[h]}`)
                  .join('\n')}
              </pre>
              <pre>{r.body}</pre>
            </details>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function WebhooksPage({ accountId, keyReady, onKey }: Selected) {
  const queries = useQueryClient();
  const receiverOk = `${window.location.origin}/sandbox/webhook-receiver/ok`;
  const receiverFail = `${window.location.origin}/sandbox/webhook-receiver/fail`;
  const [url, setUrl] = useState(receiverOk);
  const [events, setEvents] = useState('*');
  const [secret, setSecret] = useState<string>();
  const [open, setOpen] = useState<string>();
  const endpoints = useQuery({
    queryKey: ['endpoints', accountId],
    queryFn: () => must(listWebhookEndpoints({ client: publicClient(accountId) })),
    enabled: keyReady,
  });
  const refresh = () => void queries.invalidateQueries({ queryKey: ['endpoints', accountId] });
  const create = useMutation({
    mutationFn: () =>
      must(
        createWebhookEndpoint({
          client: publicClient(accountId),
          body: {
            url,
            eventTypes: events
              .split(',')
              .map((e) => e.trim())
              .filter(Boolean) as EventType[],
          },
        }),
      ),
    onSuccess: (created) => {
      setSecret(created.secret);
      setOpen(created.id);
      refresh();
    },
  });
  const toggle = useMutation({
    mutationFn: (input: { id: string; enabled?: boolean; url?: string }) =>
      must(
        updateWebhookEndpoint({
          client: publicClient(accountId),
          path: { id: input.id },
          body: input.url ? { url: input.url } : { enabled: input.enabled ?? true },
        }),
      ),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => must(deleteWebhookEndpoint({ client: publicClient(accountId), path: { id } })),
    onSuccess: refresh,
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate();
  }
  if (!keyReady) return <NeedKey accountId={accountId} onKey={onKey} />;
  return (
    <>
      <Section title="Webhook endpoints (test)">
        <p>
          Built-in receiver: <code>{receiverOk}</code> answers 200, <code>{receiverFail}</code> answers 500 (the service needs
          SVC_WEBHOOK_ALLOW_LOCAL set).
        </p>
        <form onSubmit={submit}>
          <div className="row">
            <Field label="Endpoint URL">
              <input value={url} onChange={(e) => setUrl(e.target.value)} className="wide" required />
            </Field>
            <button type="button" className="secondary" onClick={() => setUrl(receiverOk)}>
              Use receiver (200)
            </button>
            <button type="button" className="secondary" onClick={() => setUrl(receiverFail)}>
              Use receiver (500)
            </button>
          </div>
          <Field label="Event types (comma-separated, or *)">
            <input value={events} onChange={(e) => setEvents(e.target.value)} className="wide" />
          </Field>
          <div>
            <button type="submit" disabled={create.isPending}>
              Register endpoint
            </button>
          </div>
        </form>
        <ErrorText error={create.error ?? toggle.error ?? remove.error ?? endpoints.error} />
        {secret && (
          <p className="notice" role="status">
            Signing secret, shown once: <code>{secret}</code> <CopyButton value={secret} label="signing secret" />
          </p>
        )}
        <ul className="list" aria-label="Endpoints">
          {endpoints.data?.data.map((e) => (
            <li key={e.id} data-testid="endpoint">
              <code>{e.url}</code> · {e.eventTypes.join(', ')} · {e.enabled ? 'enabled' : 'disabled'} · <code>{e.id}</code>
              <div className="row">
                <button type="button" className="secondary" onClick={() => setOpen(open === e.id ? undefined : e.id)}>
                  {open === e.id ? 'Hide deliveries' : 'Show deliveries'}
                </button>
                <button type="button" className="secondary" onClick={() => toggle.mutate({ id: e.id, enabled: !e.enabled })}>
                  {e.enabled ? 'Disable' : 'Enable'}
                </button>
                <button
                  type="button"
                  className="secondary"
                  onClick={() => toggle.mutate({ id: e.id, url: e.url === receiverFail ? receiverOk : receiverFail })}
                >
                  {e.url === receiverFail ? 'Point at receiver (200)' : 'Point at receiver (500)'}
                </button>
                <button type="button" className="danger" onClick={() => remove.mutate(e.id)}>
                  Delete
                </button>
              </div>
              {open === e.id && <Deliveries accountId={accountId} endpointId={e.id} />}
            </li>
          ))}
        </ul>
      </Section>
      <Received />
    </>
  );
}
