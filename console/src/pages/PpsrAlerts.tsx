// PPSR alerts (D-34, provisional): the account's subscriptions to organisations on the PPSR, made and
// deleted (after a confirmation) with the session's test key; a registration added against a watched
// organisation in the simulated PPSR sends `ppsr.alert.grantor_registration_changed` to the account's endpoints.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createPpsrRegistration } from '../../../generated/admin-client/index.js';
import { createPpsrAlert, deletePpsrAlert, type PpsrAlert, type PpsrAlertCreateRequest } from '../../../generated/client/index.js';
import { listPpsrAlertsOptions } from '../../../generated/client/@tanstack/react-query.gen.js';
import { zPpsrAlertCreateRequest } from '../../../generated/client/zod.gen.js';
import { accountRead, operator, publicClient } from '../api.js';
import { serviceNow } from '../clock.js';
import { must } from '../errors.js';
import { noDeliveryYet, useDeliveries } from '../deliveries.js';
import { when } from '../format.js';
import { ConfirmButton, Empty, ErrorText, Field, Section } from '../ui.js';
import { NeedKey } from './NeedKey.js';
import type { Selected } from '../selected.js';

const ALERT_EVENT = 'ppsr.alert.grantor_registration_changed';
const TYPES = zPpsrAlertCreateRequest.options.flatMap((variant) => variant.shape.organisationNumberType.options);
type NumberType = (typeof TYPES)[number];

function AlertEvents({ accountId }: { accountId: string }) {
  const events = useDeliveries(accountId, ['alerts'], (d) => d.event === ALERT_EVENT);
  return (
    <Section title="Alert events sent">
      <ErrorText error={events.error} />
      <Empty when={events.data?.deliveries.length === 0}>{noDeliveryYet(events.data?.endpoints)}</Empty>
      <ul className="list" aria-label="Alert events">
        {events.data?.deliveries.map((d) => (
          <li key={d.deliveryId} data-testid="alert-event">
            {d.event} · {'organisationNumber' in d.payload ? `${d.payload.organisationNumberType} ${d.payload.organisationNumber}` : ''} ·
            delivery {d.status} · {when(d.createdAt)}
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function PpsrAlertsPage({ accountId, keyReady }: Selected) {
  const queries = useQueryClient();
  const [type, setType] = useState<NumberType>('ACN');
  const [number, setNumber] = useState('100000011');
  const [note, setNote] = useState<string>();
  const alertsRead = accountRead(accountId, (client) => listPpsrAlertsOptions({ client }));
  const alerts = useQuery({ ...alertsRead, enabled: keyReady });
  const refresh = () => void queries.invalidateQueries({ queryKey: alertsRead.queryKey });
  const create = useMutation({
    mutationFn: () =>
      must(
        createPpsrAlert({
          client: publicClient(accountId),
          body: { organisationNumberType: type, organisationNumber: number.replace(/\s/g, '') } as PpsrAlertCreateRequest,
          headers: { 'Idempotency-Key': `console-${crypto.randomUUID()}` },
        }),
      ),
    onSuccess: (alert) => {
      setNote(`Watching ${alert.organisationNumberType} ${alert.organisationNumber}.`);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => must(deletePpsrAlert({ client: publicClient(accountId), path: { id } })),
    onSuccess: () => {
      setNote('Alert deleted.');
      refresh();
    },
  });
  const register = useMutation({
    mutationFn: async (alert: PpsrAlert) =>
      must(
        createPpsrRegistration({
          client: operator,
          body: {
            grantorNumberType: alert.organisationNumberType,
            grantorNumber: alert.organisationNumber,
            collateralClass: 'Motor Vehicle',
            securedPartyName: 'SANDBOX MOTOR FINANCE PTY LTD',
            registrationStart: await serviceNow(),
          },
        }),
      ),
    onSuccess: (registration) => {
      setNote(`Registration ${registration.registrationNumber} added: the alert event is on its way to your endpoints.`);
      void queries.invalidateQueries({ queryKey: ['caused', accountId, 'alerts'] });
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate();
  }
  if (!keyReady) return <NeedKey accountId={accountId} />;
  const list = alerts.data?.data ?? [];
  return (
    <>
      <Section title="Watch an organisation (test)">
        <p>
          An alert sends <code>{ALERT_EVENT}</code> to the account's webhook endpoints each time a registration is made against the
          organisation (provisional, D-34).
        </p>
        <form onSubmit={submit} className="row">
          <Field label="Number type">
            <select value={type} onChange={(e) => setType(e.target.value as NumberType)}>
              {TYPES.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          </Field>
          <Field label="Organisation number">
            <input value={number} onChange={(e) => setNumber(e.target.value)} required />
          </Field>
          <button type="submit" disabled={create.isPending}>
            Create alert
          </button>
        </form>
        <ErrorText error={create.error ?? remove.error ?? register.error ?? alerts.error} />
        {note && <p role="status">{note}</p>}
      </Section>
      <Section title="Alerts">
        <Empty when={alerts.isSuccess && list.length === 0}>No alert yet.</Empty>
        <ul className="list" aria-label="Alerts">
          {list.map((a) => (
            <li key={a.id} data-testid="alert">
              <strong>
                {a.organisationNumberType} {a.organisationNumber}
              </strong>{' '}
              · <code>{a.id}</code> · created {when(a.createdAt)}
              <div className="row">
                <button type="button" className="secondary" onClick={() => register.mutate(a)} disabled={register.isPending}>
                  Add a registration against {a.organisationNumberType} {a.organisationNumber}
                </button>
                <ConfirmButton
                  label="Delete"
                  question={`Delete the alert on ${a.organisationNumberType} ${a.organisationNumber}?`}
                  action="Yes, delete"
                  onConfirm={() => remove.mutate(a.id)}
                />
              </div>
            </li>
          ))}
        </ul>
      </Section>
      <AlertEvents accountId={accountId} />
    </>
  );
}
