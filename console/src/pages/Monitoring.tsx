// Monitoring: the account's test (sandbox) entities with status and term, any event form simulated,
// the monitoring events; the simulated registers changed (company name and status), and the daily
// check run on demand (it compares live entities with the registers; sandbox entities get their
// events only from simulate).
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { runJob, updateCompany } from '../../../generated/admin-client/index.js';
import {
  createMonitoringEntities,
  listMonitoringEntities,
  listMonitoringEvents,
  simulateMonitoringEvent,
  type MonitoringSimulationRequest,
} from '../../../generated/client/index.js';
import { zMonitoringEventType } from '../../../generated/client/zod.gen.js';
import { must, operator, publicClient } from '../api.js';
import { ErrorText, Field, Section, when } from '../ui.js';
import { NeedKey } from './NeedKey.js';
import type { Selected } from '../selected.js';

const FORMS = [...zMonitoringEventType.options, 'expiring_30', 'expiring_7', 'expired', 'deregistered'] as const;
type Form = (typeof FORMS)[number];
const LIFECYCLE = new Set<string>(['expiring_30', 'expiring_7', 'expired', 'deregistered']);

function simulation(form: Form): MonitoringSimulationRequest {
  return LIFECYCLE.has(form)
    ? { simulate: form as 'expiring_30' | 'expiring_7' | 'expired' | 'deregistered' }
    : { eventType: form as (typeof zMonitoringEventType.options)[number] };
}

function Registers() {
  const queries = useQueryClient();
  const [acn, setAcn] = useState('100000011');
  const [name, setName] = useState('SANDBOX RENAMED PTY LTD');
  const [done, setDone] = useState<string>();
  const rename = useMutation({
    mutationFn: () => must(updateCompany({ client: operator, path: { acn }, body: { name } })),
    onSuccess: (company) => setDone(`The register now names ACN ${company.acn} ${company.name}.`),
  });
  const check = useMutation({
    mutationFn: () => must(runJob({ client: operator, path: { name: 'monitoring-daily-check' } })),
    onSuccess: (result) => {
      setDone(`Daily check ran: ${result.jobsRun} jobs ran.`);
      void queries.invalidateQueries();
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    rename.mutate();
  }
  return (
    <Section title="Simulated registers">
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
      <p>The daily check compares live entities with the registers; test entities get their events from "Simulate".</p>
      <ErrorText error={rename.error ?? check.error} />
      {done && <p role="status">{done}</p>}
    </Section>
  );
}

export function MonitoringPage({ accountId, keyReady, onKey }: Selected) {
  const queries = useQueryClient();
  const [number, setNumber] = useState('100000011');
  const [form, setForm] = useState<Form>('name_change');
  const entities = useQuery({
    queryKey: ['entities', accountId],
    queryFn: () => must(listMonitoringEntities({ client: publicClient(accountId), query: { perPage: 100 } })),
    enabled: keyReady,
  });
  const events = useQuery({
    queryKey: ['monitoring-events', accountId],
    queryFn: () => must(listMonitoringEvents({ client: publicClient(accountId), query: { perPage: 100 } })),
    enabled: keyReady,
    refetchInterval: 3000,
  });
  const refresh = () =>
    void queries.invalidateQueries({ predicate: (q) => ['entities', 'monitoring-events'].includes(String(q.queryKey[0])) });
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
    mutationFn: (id: number) => must(simulateMonitoringEvent({ client: publicClient(accountId), path: { id }, body: simulation(form) })),
    onSuccess: refresh,
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    order.mutate();
  }
  if (!keyReady) return <NeedKey accountId={accountId} onKey={onKey} />;
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
        {entities.data?.data.length === 0 && <p>No monitored entity yet.</p>}
        <ul className="list" aria-label="Monitored entities">
          {entities.data?.data.map((e) => (
            <li key={e.id} data-testid="entity">
              <strong>{e.entityName}</strong> {e.acn ? `ACN ${e.acn}` : ''} {e.abn ? `ABN ${e.abn}` : ''} · {e.status} ·{' '}
              {e.monitoringStatus} · {e.entityStatus} · until {e.expiresAt} ({e.daysRemaining} days){' '}
              <button type="button" className="secondary" onClick={() => simulate.mutate(e.id)}>
                Simulate {form} on {e.id}
              </button>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Monitoring events">
        <ErrorText error={events.error} />
        {events.data?.data.length === 0 && <p>No event yet.</p>}
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
