// Monitoring: the account's test (sandbox) entities with status and term; Simulate any event form on one,
// with what it did shown; the monitoring events; the simulated registers changed and the daily check
// run on demand. D-50: register-driven detection runs for live entities only, so test entities get
// their change events from Simulate, and register edits reach live entities at their next check.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { runJob, updateCompany } from '../../../generated/admin-client/index.js';
import {
  createMonitoringEntities,
  simulateMonitoringEvent,
  type MonitoringSimulationRequest,
  type SimulateMonitoringEventResponse,
} from '../../../generated/client/index.js';
import { zMonitoringEventType } from '../../../generated/client/zod.gen.js';
import { listMonitoringEntitiesOptions, listMonitoringEventsOptions } from '../../../generated/client/@tanstack/react-query.gen.js';
import { accountRead, operator, publicClient } from '../api.js';
import { must } from '../errors.js';
import { count, when } from '../format.js';
import { Empty, ErrorText, Field, Section } from '../ui.js';
import { NeedKey } from './NeedKey.js';
import type { Selected } from '../selected.js';

const LIFECYCLE = ['expiring_30', 'expiring_7', 'expired', 'deregistered'] as const;
const FORMS = [...zMonitoringEventType.options, ...LIFECYCLE] as const;
type Form = (typeof FORMS)[number];

function simulation(form: Form): MonitoringSimulationRequest {
  return (LIFECYCLE as readonly string[]).includes(form)
    ? { simulate: form as (typeof LIFECYCLE)[number] }
    : { eventType: form as (typeof zMonitoringEventType.options)[number] };
}

function outcome(entityId: number, form: Form, result: SimulateMonitoringEventResponse): string {
  if ('monitoringEventId' in result)
    return `Simulated ${form} on entity ${entityId}: event ${result.monitoringEventId} "${result.title}" stored and sent.`;
  return `Simulated ${form} on entity ${entityId}: the ${result.simulated} webhook was sent to the account's endpoints.`;
}

function Registers() {
  const queries = useQueryClient();
  // Not a documented magic company (the service refuses to change those: every partner relies on them).
  const [acn, setAcn] = useState('100000084');
  const [name, setName] = useState('HARBOUR LIGHTS RENAMED PTY LTD');
  const [done, setDone] = useState<string>();
  const rename = useMutation({
    mutationFn: () => must(updateCompany({ client: operator, path: { acn }, body: { name } })),
    onSuccess: (company) => setDone(`The register now names ACN ${company.acn} ${company.name}.`),
  });
  const check = useMutation({
    mutationFn: () => must(runJob({ client: operator, path: { name: 'monitoring-daily-check' } })),
    onSuccess: (result) => {
      setDone(`Daily check ran: ${count(result.jobsRun, 'job')} ran.`);
      void queries.invalidateQueries();
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    rename.mutate();
  }
  return (
    <Section title="Simulated registers">
      <p>
        Edits to the simulated registers reach live monitored entities at their next register check (run the daily check to see it now);
        test entities are not checked against the registers and get their change events from Simulate (D-50). The sandbox guide&apos;s
        documented magic numbers (ACN 100000011 and the others of its Companies and ABNs table) cannot be changed: every partner&apos;s
        tests rely on them.
      </p>
      <form onSubmit={submit} className="row">
        <Field label="Company ACN">
          <input value={acn} onChange={(e) => setAcn(e.target.value)} required />
        </Field>
        <Field label="New company name">
          <input value={name} onChange={(e) => setName(e.target.value)} required />
        </Field>
        <button type="submit" disabled={rename.isPending}>
          Change the name in the register
        </button>
      </form>
      <button type="button" className="secondary" onClick={() => check.mutate()} disabled={check.isPending}>
        Run the daily check now
      </button>
      <ErrorText error={rename.error ?? check.error} />
      {done && <p role="status">{done}</p>}
    </Section>
  );
}

export function MonitoringPage({ accountId, keyReady }: Selected) {
  const queries = useQueryClient();
  const [number, setNumber] = useState('100000011');
  const [form, setForm] = useState<Form>('name_change');
  const [simulated, setSimulated] = useState<string>();
  const entitiesRead = accountRead(accountId, (client) => listMonitoringEntitiesOptions({ client, query: { perPage: 100 } }));
  const eventsRead = accountRead(accountId, (client) => listMonitoringEventsOptions({ client, query: { perPage: 100 } }));
  const entities = useQuery({ ...entitiesRead, enabled: keyReady });
  const events = useQuery({ ...eventsRead, enabled: keyReady, refetchInterval: 3000 });
  const refresh = () => {
    void queries.invalidateQueries({ queryKey: entitiesRead.queryKey });
    void queries.invalidateQueries({ queryKey: eventsRead.queryKey });
  };
  const order = useMutation({
    mutationFn: () => {
      const value = number.replace(/\s/g, '');
      return must(
        createMonitoringEntities({
          client: publicClient(accountId),
          body: { entities: [value.length === 11 ? { abn: value } : { acn: value }] },
          headers: { 'Idempotency-Key': `console-${crypto.randomUUID()}` },
        }),
      );
    },
    onSuccess: refresh,
  });
  const simulate = useMutation({
    mutationFn: async (id: number) => ({
      id,
      form,
      result: await must(simulateMonitoringEvent({ client: publicClient(accountId), path: { id }, body: simulation(form) })),
    }),
    onSuccess: ({ id, form: done, result }) => {
      setSimulated(outcome(id, done, result));
      refresh();
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    order.mutate();
  }
  if (!keyReady) return <NeedKey accountId={accountId} />;
  return (
    <>
      <Section title="Monitored entities (test)">
        <form onSubmit={submit} className="row">
          <Field label="ACN or ABN">
            <input value={number} onChange={(e) => setNumber(e.target.value)} required />
          </Field>
          <button type="submit" disabled={order.isPending}>
            Monitor
          </button>
        </form>
        <Field label="Event to simulate">
          <select value={form} onChange={(e) => setForm(e.target.value as Form)}>
            {FORMS.map((f) => (
              <option key={f}>{f}</option>
            ))}
          </select>
        </Field>
        <ErrorText error={order.error ?? simulate.error ?? entities.error} />
        {simulated && (
          <p className="notice" role="status" data-testid="simulated">
            {simulated}
          </p>
        )}
        <Empty when={entities.data?.data.length === 0}>No monitored entity yet.</Empty>
        <ul className="list" aria-label="Monitored entities">
          {entities.data?.data.map((e) => (
            <li key={e.id} data-testid="entity">
              <strong>{e.entityName}</strong> {e.acn ? `ACN ${e.acn}` : ''} {e.abn ? `ABN ${e.abn}` : ''} · {e.status} ·{' '}
              {e.monitoringStatus} · {e.entityStatus} · until {e.expiresAt} (Brisbane date, {count(e.daysRemaining, 'day')} left){' '}
              <button type="button" className="secondary" onClick={() => simulate.mutate(e.id)} disabled={simulate.isPending}>
                Simulate {form} on {e.id}
              </button>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Monitoring events">
        <ErrorText error={events.error} />
        <Empty when={events.data?.data.length === 0}>No event yet.</Empty>
        <ul className="list" aria-label="Monitoring events">
          {events.data?.data.map((e) => (
            <li key={e.monitoringEventId} data-testid="monitoring-event">
              <strong>{e.eventType}</strong> · {e.title} · entity {e.entityId} · {when(e.detectedAt)}
              {e.simulated ? ' · simulated' : ''}
            </li>
          ))}
        </ul>
      </Section>
      <Registers />
    </>
  );
}
