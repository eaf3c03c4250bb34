// Webhooks: the account's test endpoints (public API, with the session's test secret key), the event
// types as a checklist from the document's enum, their deliveries (WebhookDeliveries.tsx); what the
// built-in receiver got, with the signature checked in the page against the secret shown at creation.
import { Fragment, useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createWebhookEndpoint, deleteWebhookEndpoint, updateWebhookEndpoint } from '../../../generated/client/index.js';
import { listWebhookEndpointsOptions } from '../../../generated/client/@tanstack/react-query.gen.js';
import { zCreateWebhookEndpointRequest } from '../../../generated/client/zod.gen.js';
import { getAccount, listAccountWebhookEndpoints, type ReceivedWebhook } from '../../../generated/admin-client/index.js';
import { accountRead, operator, publicClient } from '../api.js';
import { keyFor } from '../session.js';
import { must, toApiError } from '../errors.js';
import { when } from '../format.js';
import { isLocal, isReceiver, useReceiver } from '../receiver.js';
import { signedWith } from '../verify.js';
import { ConfirmButton, CopyButton, Empty, ErrorText, Field, Section } from '../ui.js';
import { NeedKey } from './NeedKey.js';
import { Deliveries } from './WebhookDeliveries.js';
import type { Selected } from '../selected.js';

type EventType = (typeof zCreateWebhookEndpointRequest.shape.eventTypes.element.options)[number];
const EVENT_TYPES = zCreateWebhookEndpointRequest.shape.eventTypes.element.options.filter((e): e is Exclude<EventType, '*'> => e !== '*');
const SIGNATURE_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'x-svc-event', 'x-svc-delivery-id', 'x-svc-signature'];

/** Signing secrets shown at creation in this page's life, so received deliveries can be checked; never stored. */
const secrets = new Map<string, string>();

/** An event name that may break after its dots and underscores (a <wbr>), never inside a word, at 390 px. */
function Breakable({ text }: { text: string }) {
  return (
    <span>
      {text.split(/(?<=[._])/).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

function EventTypes({ value, onChange }: { value: EventType[]; onChange: (v: EventType[]) => void }) {
  const all = value.includes('*');
  return (
    <fieldset className="checklist">
      <legend>Event types</legend>
      <label>
        <input type="checkbox" checked={all} onChange={(e) => onChange(e.target.checked ? ['*'] : [])} /> Every event (*)
      </label>
      {EVENT_TYPES.map((event) => (
        <label key={event}>
          <input
            type="checkbox"
            disabled={all}
            checked={all || value.includes(event)}
            onChange={(e) => onChange(e.target.checked ? [...value, event] : value.filter((v) => v !== event))}
          />{' '}
          <Breakable text={event} />
        </label>
      ))}
    </fieldset>
  );
}

/** Shown only when it matters: the service refused a URL of the developer's own machine. */
function LocalNote({ error, url, receiver }: { error: unknown; url: string; receiver: boolean }) {
  if (!error || !isLocal(url) || receiver) return null;
  const refused = toApiError(error).fields.some((f) => f.field === 'url' && ['url_not_https', 'url_not_public'].includes(f.code));
  if (!refused) return null;
  return (
    <p className="notice">
      To deliver to a receiver on your own machine, start the service with SVC_WEBHOOK_ALLOW_LOCAL=1 (D-24); the built-in receiver needs
      nothing.
    </p>
  );
}

function Signature({ received }: { received: ReceivedWebhook }) {
  const [verdict, setVerdict] = useState<string>();
  useEffect(() => {
    let live = true;
    void (async () => {
      const secret = received.endpointId ? secrets.get(received.endpointId) : undefined;
      if (!secret) return;
      const signed = await signedWith(secret, received.headers, received.body);
      if (live)
        setVerdict(
          signed
            ? `signature verified with the signing secret of ${received.endpointId}`
            : `signature does not match the signing secret of ${received.endpointId}`,
        );
    })();
    return () => {
      live = false;
    };
  }, [received]);
  return verdict ? <span data-testid="signature-check"> · {verdict}</span> : null;
}

/** Every endpoint of the account (operator read), with the key that owns each: the session's key sees only its own. */
function AccountEndpoints({ accountId, own }: { accountId: string; own: Set<string> }) {
  const endpoints = useQuery({
    queryKey: ['account-endpoints', accountId],
    queryFn: () => must(listAccountWebhookEndpoints({ client: operator, path: { accountId } })),
    refetchInterval: 5000,
  });
  const account = useQuery({
    queryKey: ['account', accountId],
    queryFn: () => must(getAccount({ client: operator, path: { accountId } })),
  });
  const keys = new Map((account.data?.keys ?? []).map((k) => [k.id, k]));
  const held = keyFor(accountId)?.keyId;
  const others = (endpoints.data?.data ?? []).filter((e) => !own.has(e.id));
  return (
    <Section title="Every endpoint of the account">
      <p>
        Deliveries go to every enabled endpoint of the account. Through the public API each key sees and manages only the endpoints it made
        (spec 2.2), so endpoints made with another key (one revoked at an earlier sign-out, say) are listed here, read through the operator
        API.
      </p>
      <ErrorText error={endpoints.error ?? account.error} />
      <Empty when={endpoints.isSuccess && others.length === 0}>No endpoint of another key.</Empty>
      <ul className="list" aria-label="Endpoints of other keys">
        {others.map((e) => {
          const key = keys.get(e.keyId);
          const owner = key
            ? `${key.type} ${key.environment} key …${key.last4} (${key.status}${key.id === held ? ', this session' : ''})`
            : e.keyId;
          return (
            <li key={e.id} data-testid="account-endpoint">
              <code>{e.url}</code> · {e.environment} · {e.eventTypes.join(', ')} ·{' '}
              {e.enabled ? 'enabled' : `disabled (${e.disabledReason ?? 'manual'})`} · owned by {owner} · <code>{e.id}</code>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function Received({ accountId }: { accountId: string }) {
  const received = useReceiver(accountId);
  return (
    <Section title="What the built-in receiver got">
      <ErrorText error={received.error} />
      <Empty when={received.data?.data.length === 0}>Nothing received yet.</Empty>
      <ul className="list" aria-label="Received requests">
        {received.data?.data.slice(0, 30).map((r) => (
          <li key={r.id} data-testid="received">
            #{r.id} at {when(r.receivedAt)} · receiver <strong>{r.path}</strong> answered {r.answeredStatus}
            {r.deliveryId ? ` · ${r.deliveryId}` : ''}
            <Signature received={r} />
            <details>
              <summary>Signature headers and body of #{r.id}</summary>
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

export function WebhooksPage({ accountId, keyReady }: Selected) {
  const queries = useQueryClient();
  const receiver = useReceiver(accountId).data?.urls;
  const [url, setUrl] = useState('');
  // The receiver's URL as the service names it, offered first.
  useEffect(() => {
    if (receiver && url === '') setUrl(receiver.ok);
  }, [receiver, url]);
  const [events, setEvents] = useState<EventType[]>(['*']);
  const [secret, setSecret] = useState<string>();
  const [open, setOpen] = useState<string>();
  const endpointsRead = accountRead(accountId, (client) => listWebhookEndpointsOptions({ client }));
  const endpoints = useQuery({ ...endpointsRead, enabled: keyReady });
  const refresh = () => void queries.invalidateQueries({ queryKey: endpointsRead.queryKey });
  const create = useMutation({
    mutationFn: () => must(createWebhookEndpoint({ client: publicClient(accountId), body: { url, eventTypes: events } })),
    onSuccess: (created) => {
      secrets.set(created.id, created.secret);
      setSecret(created.secret);
      setOpen(created.id);
      refresh();
    },
  });
  const change = useMutation({
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
  if (!keyReady) return <NeedKey accountId={accountId} />;
  return (
    <>
      <Section title="Webhook endpoints (test)">
        {receiver && (
          <p>
            Built-in receiver: <code>{receiver.ok}</code> answers 200, <code>{receiver.fail}</code> answers 500 (so the delivery is
            retried). Registered with this test key, they work on a plain start: the service delivers to them itself, signed and retried
            like any delivery.
          </p>
        )}
        <form onSubmit={submit}>
          <div className="row">
            <Field label="Endpoint URL">
              <input value={url} onChange={(e) => setUrl(e.target.value)} className="wide" required />
            </Field>
            <button type="button" className="secondary" onClick={() => receiver && setUrl(receiver.ok)} disabled={!receiver}>
              Use receiver (200)
            </button>
            <button type="button" className="secondary" onClick={() => receiver && setUrl(receiver.fail)} disabled={!receiver}>
              Use receiver (500)
            </button>
          </div>
          <EventTypes value={events} onChange={setEvents} />
          <div>
            <button type="submit" disabled={create.isPending}>
              Register endpoint
            </button>
          </div>
        </form>
        <ErrorText error={create.error ?? change.error ?? remove.error ?? endpoints.error} />
        <LocalNote error={create.error ?? change.error} url={url} receiver={isReceiver(url, receiver)} />
        {secret && (
          <p className="notice" role="status">
            Signing secret, shown once: <code>{secret}</code> <CopyButton value={secret} label="signing secret" />
          </p>
        )}
        <Empty when={endpoints.data?.data.length === 0}>
          No endpoint made with this session&apos;s key yet (the account&apos;s others are listed below).
        </Empty>
        <ul className="list" aria-label="Endpoints">
          {endpoints.data?.data.map((e) => (
            <li key={e.id} data-testid="endpoint">
              <code>{e.url}</code> · {e.eventTypes.join(', ')} · {e.enabled ? 'enabled' : `disabled (${e.disabledReason ?? 'manual'})`} ·
              owned by this session&apos;s key · <code>{e.id}</code>
              <div className="row">
                <button
                  type="button"
                  className="secondary"
                  aria-expanded={open === e.id}
                  onClick={() => setOpen(open === e.id ? undefined : e.id)}
                >
                  {open === e.id ? 'Hide deliveries' : 'Show deliveries'}
                </button>
                <button type="button" className="secondary" onClick={() => change.mutate({ id: e.id, enabled: !e.enabled })}>
                  {e.enabled ? 'Disable' : 'Enable'}
                </button>
                {receiver && isReceiver(e.url, receiver) && (
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => change.mutate({ id: e.id, url: e.url === receiver.fail ? receiver.ok : receiver.fail })}
                  >
                    {e.url === receiver.fail ? 'Point at receiver (200)' : 'Point at receiver (500)'}
                  </button>
                )}
                <ConfirmButton
                  label="Delete"
                  question={`Delete endpoint ${e.id}? Its deliveries stop.`}
                  action="Yes, delete"
                  onConfirm={() => remove.mutate(e.id)}
                />
              </div>
              {open === e.id && <Deliveries accountId={accountId} endpointId={e.id} />}
            </li>
          ))}
        </ul>
      </Section>
      <AccountEndpoints accountId={accountId} own={new Set((endpoints.data?.data ?? []).map((e) => e.id))} />
      <Received accountId={accountId} />
    </>
  );
}
