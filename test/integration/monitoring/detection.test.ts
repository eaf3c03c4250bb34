// Register change detection end to end on the manual clock (spec 2.7, 3.5, 6.2; D-39): live entities
// are ordered, their first check makes them active, the operator changes the simulated registers, the
// daily and weekly checks record one event per change with its source and metadata, and each arrives
// at the account's live endpoint as a signed `monitoring.change_detected` verified by the SDK's
// verifier, with exactly the 6.2 payload. The sandbox endpoint receives nothing: sandbox entities are
// not checked against the registers (their events come from simulate).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getMonitoringEntity,
  getMonitoringEvent,
  listMonitoringEntityEvents,
  listMonitoringEvents,
  stopMonitoringEntity,
  type MonitoringEvent,
} from '../../../generated/client/index.js';
import { createJobRegistry } from '../../../server/job-registry.js';
import { ensureRecurring } from '../../../server/jobs/runner.js';
import type { TestAccount, TestServer } from '../../support/harness.js';
import { startDeliveryServer, startReceiver, type Receiver } from '../webhooks/delivery.support.js';
import { isValidAbn } from '../../../schemas/common/identifiers.js';
import { acnFrom, advance, client, deliveredTo, endpointFor, order, orderOne, registerChange, runJob, type Endpoint } from './support.js';

let server: TestServer;
let receiver: Receiver;
let account: TestAccount;
let live: Endpoint;
let sandbox: Endpoint;

beforeAll(async () => {
  server = await startDeliveryServer();
  receiver = await startReceiver(() => server);
  account = await server.createAccount();
  live = await endpointFor(server, account, receiver.url, 'live');
  sandbox = await endpointFor(server, account, receiver.url, 'test');
});
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

async function entity(id: number) {
  const { data } = await getMonitoringEntity({ client: client(server, account, 'live'), path: { id } });
  return data!;
}

/** The entity's events in full, oldest first. */
async function eventsOf(id: number): Promise<MonitoringEvent[]> {
  const { data } = await listMonitoringEntityEvents({ client: client(server, account, 'live'), path: { id }, query: { perPage: 100 } });
  const full = await Promise.all(
    data!.data.map(
      async (summary) =>
        (await getMonitoringEvent({ client: client(server, account, 'live'), path: { id: summary.monitoringEventId } })).data!,
    ),
  );
  return full.reverse();
}

/** Runs a check, then the delivery attempts it queued; returns what reached the live endpoint meanwhile. */
async function check(job = 'monitoring-daily-check'): Promise<Record<string, unknown>[]> {
  const from = receiver.hits.length;
  await runJob(server, job);
  await advance(server, 1);
  expect(deliveredTo(receiver.hits.slice(from), sandbox)).toStrictEqual([]);
  return deliveredTo(receiver.hits.slice(from), live);
}

describe('first check', () => {
  it('a live order is pending until its first check, which makes it active and shows the register details', async () => {
    const created = await orderOne(server, account, { acn: '100000011' }, 'live');
    expect(created).toMatchObject({ monitoringStatus: 'pending', entityStatus: 'unknown' });
    // The first check is queued by the order and runs as soon as the worker sees it (here: the clock moves).
    await advance(server, 1);
    expect(await entity(created.id)).toMatchObject({
      monitoringStatus: 'active',
      entityStatus: 'registered',
      entityType: 'Australian Proprietary Company',
      gstRegistered: true,
      businessNames: ['SANDBOX COFFEE'],
      lastEventAt: null,
    });
    expect(await check()).toStrictEqual([]);
  });
});

/** The first valid ABN at or after `start`. */
function abnAfter(start: number): string {
  for (let n = start; ; n++) if (isValidAbn(String(n))) return String(n);
}

describe('changes on the registers', () => {
  it('company: name, address, type, status, business names, GST, a document and insolvency notices, one event each', async () => {
    // A company under external administration, as the register holds it before the changes (the
    // sandbox's magic numbers stay as documented, so it is a company of the test's own).
    const acn = acnFrom(71_000_001);
    await registerChange(server, 'POST', '/companies', { acn, name: 'SANDBOX ADMINISTRATION PTY LTD', status: 'external_administration' });
    const [company] = (await order(server, account, [{ acn, reference: 'watch' }], 'live')).entities;
    await advance(server, 1);
    await registerChange(server, 'POST', '/companies', {
      acn,
      name: 'SANDBOX RESCUED PTY LTD',
      status: 'registered',
      abn: '51824753556',
      entityType: 'APUB',
      address: { street: '100 QUEEN STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000' },
      gstRegistered: true,
      gstDate: '2026-11-01',
      businessNames: ['RESCUE CAFE'],
    });
    await registerChange(server, 'POST', `/companies/${acn}/documents`, {
      documentType: '484',
      documentNumber: '7EAA12345',
      description: 'Change to company details',
      lodgedAt: '2026-11-21T23:00:00Z',
    });
    const notice = {
      noticeUrl: 'https://insolvencynotices.example.gov.au/notices/777',
      appointmentDate: '2026-11-20',
      description: 'Appointment of Voluntary Administrator',
    };
    await registerChange(server, 'POST', `/companies/${acn}/insolvency-notices`, notice);
    await registerChange(server, 'POST', `/companies/${acn}/insolvency-notices`, notice);

    const delivered = await check();
    const events = await eventsOf(company!.id);
    const today = events[0]!.effectiveDate;
    expect(events.map((e) => [e.eventType, e.source, e.metadata])).toStrictEqual([
      [
        'name_change',
        'asic',
        {
          field: 'entityName',
          oldValue: 'SANDBOX ADMINISTRATION PTY LTD',
          newValue: 'SANDBOX RESCUED PTY LTD',
          previousName: 'SANDBOX ADMINISTRATION PTY LTD',
        },
      ],
      ['address_change', 'asic', { field: 'registeredOffice', oldValue: 'None', newValue: '100 QUEEN STREET, BRISBANE CITY QLD 4000' }],
      ['status_change', 'asic', { field: 'entityStatus', oldValue: 'External administration', newValue: 'Registered' }],
      ['type_change', 'asic', { field: 'entityType', oldValue: 'Australian Proprietary Company', newValue: 'Australian Public Company' }],
      ['gst_change', 'abr', { field: 'gstRegistered', oldValue: 'Not registered', newValue: 'Registered' }],
      ['business_name_added', 'abr', { businessName: 'RESCUE CAFE' }],
      ['document_lodged', 'asic', { documentType: '484', documentNumber: '7EAA12345', documentDescription: 'Change to company details' }],
      ['insolvency_notice', 'insolvency', { noticeUrl: notice.noticeUrl, appointmentDate: '2026-11-20' }],
      ['insolvency_notice', 'insolvency', { noticeUrl: notice.noticeUrl, appointmentDate: '2026-11-20' }],
    ]);
    expect(events.find((e) => e.eventType === 'gst_change')?.effectiveDate).toBe('2026-11-01');
    expect(events.find((e) => e.eventType === 'document_lodged')?.effectiveDate).toBe('2026-11-22');
    expect(events.find((e) => e.eventType === 'name_change')?.effectiveDate).toBe(today);

    // The entity follows the register: the new name, the ABN filled in, the new details.
    const now = await entity(company!.id);
    expect(now).toMatchObject({
      entityName: 'SANDBOX RESCUED PTY LTD',
      abn: '51824753556',
      reference: 'watch',
      entityStatus: 'registered',
      entityType: 'Australian Public Company',
      gstRegistered: true,
      gstDate: '2026-11-01',
      businessNames: ['RESCUE CAFE'],
    });
    expect(now.lastEventAt).toBe(events[events.length - 1]!.detectedAt);

    // One signed delivery per event, exactly the 6.2 payload with the entity as it now is.
    expect(delivered).toHaveLength(events.length);
    expect(delivered.map((d) => d.monitoringEventId)).toStrictEqual(events.map((e) => e.monitoringEventId));
    for (const [index, delivery] of delivered.entries()) {
      const event = events[index]!;
      expect(delivery).toStrictEqual({
        event: 'monitoring.change_detected',
        monitoringEventId: event.monitoringEventId,
        eventType: event.eventType,
        title: event.title,
        detectedAt: event.detectedAt,
        entity: expect.objectContaining({ id: company!.id, entityName: 'SANDBOX RESCUED PTY LTD' }),
        timestamp: event.detectedAt,
        deliveryId: expect.stringMatching(/^dlv_[A-Za-z0-9]{24}$/),
      });
    }
    // Nothing new: the next check is quiet.
    expect(await check()).toStrictEqual([]);
  });

  it('ABN holder: GST cancelled, business name removed, then cancelled (weekly from then on)', async () => {
    // A sole trader with one business name and no GST, as the register holds it before the changes.
    const abn = abnAfter(53_900_100_001);
    await registerChange(server, 'POST', '/abns', {
      abn,
      entityName: 'JANE CITIZEN',
      status: 'active',
      entityType: 'IND',
      businessNames: ["JANE'S BOOKKEEPING"],
    });
    const holder = await orderOne(server, account, { abn }, 'live');
    await advance(server, 1);
    await registerChange(server, 'PATCH', `/abns/${abn}`, { gstRegistered: true, gstDate: '2026-10-01' });
    expect((await check()).map((d) => d.eventType)).toStrictEqual(['gst_change']);
    await registerChange(server, 'PATCH', `/abns/${abn}`, { gstRegistered: false, businessNames: [] });
    await check();
    const events = await eventsOf(holder.id);
    expect(events.slice(1).map((e) => [e.eventType, e.title, e.metadata])).toStrictEqual([
      [
        'gst_change',
        'GST registration cancelled',
        { field: 'gstRegistered', oldValue: 'Registered', newValue: 'Not registered', gstCancelled: true },
      ],
      ['business_name_removed', 'Business name removed', { businessName: "JANE'S BOOKKEEPING" }],
    ]);

    await registerChange(server, 'PATCH', `/abns/${abn}`, { status: 'cancelled' });
    const cancelled = await check();
    expect(cancelled.map((d) => [d.eventType, d.title])).toStrictEqual([['status_change', 'ABN cancelled']]);
    expect(await entity(holder.id)).toMatchObject({ status: 'active', entityStatus: 'cancelled' });
    // The term keeps running; a cancelled ABN is looked at weekly, not daily.
    await registerChange(server, 'PATCH', `/abns/${abn}`, { entityName: 'JANE CITIZEN-SMITH' });
    expect(await check('monitoring-daily-check')).toStrictEqual([]);
    const weekly = await check('monitoring-weekly-check');
    expect(weekly.map((d) => [d.eventType, (d.entity as { id: number }).id])).toStrictEqual([['name_change', holder.id]]);
  });

  it('a stopped entity sends nothing, and its changes are not reported later', async () => {
    const stopped = await orderOne(server, account, { acn: '100000100' }, 'live');
    await advance(server, 1);
    expect((await stopMonitoringEntity({ client: client(server, account, 'live'), path: { id: stopped.id } })).response.status).toBe(200);
    await registerChange(server, 'PATCH', '/companies/100000100', { name: "O'BRIEN ADVISORY LIMITED" });
    expect(await check()).toStrictEqual([]);
    expect(await eventsOf(stopped.id)).toStrictEqual([]);
  });

  it('sandbox entities are not checked against the registers', async () => {
    const test = await orderOne(server, account, { acn: '100000119' });
    await registerChange(server, 'PATCH', '/companies/100000119', { name: 'SANDBOX MOTOR CREDIT PTY LTD' });
    await check();
    const listed = await listMonitoringEntityEvents({ client: client(server, account, 'test'), path: { id: test.id } });
    expect(listed.data?.data).toStrictEqual([]);
  });
});

describe('a monitored company gains an ABN', () => {
  it('the ABN is filled in, and the account`s ABN entity of it merges into the company', async () => {
    const acn = acnFrom(71_000_002);
    await registerChange(server, 'POST', '/companies', { acn, name: 'SANDBOX SUPPLIES PTY LTD', status: 'registered' });
    const [company, holder] = (await order(server, account, [{ acn }, { abn: '12004044937' }], 'live')).entities;
    await advance(server, 1);
    expect(company!.abn).toBeNull();
    await registerChange(server, 'PATCH', `/companies/${acn}`, { abn: '12004044937' });
    await check();
    expect(await entity(company!.id)).toMatchObject({ abn: '12004044937', acn });
    const gone = await getMonitoringEntity({ client: client(server, account, 'live'), path: { id: holder!.id } });
    expect(gone.response.status).toBe(404);
  });
});

describe('PPSR registrations against a monitored company', () => {
  it('a registration the operator adds against the ACN is one ppsr_registration event at the next daily check, sent to the live endpoint', async () => {
    const company = await orderOne(server, account, { acn: acnFrom(70_000_001), reference: 'ppsr-watch' }, 'live');
    const other = await orderOne(server, account, { acn: acnFrom(70_000_002) }, 'live');
    await advance(server, 1);
    expect(await entity(company.id)).toMatchObject({ monitoringStatus: 'active' });
    const { data: before } = await listMonitoringEvents({ client: client(server, account, 'live'), query: { perPage: 100 } });
    const since = String(Math.max(0, ...before!.data.map((e) => e.monitoringEventId)));

    const added = await server.admin<{ registrationNumber: string }>('POST', '/admin/register/ppsr-registrations', {
      grantorNumberType: 'ACN',
      grantorNumber: company.acn,
      collateralClass: 'Motor Vehicle',
      securedPartyName: 'EXAMPLE FINANCE LIMITED',
      registrationStart: '2026-11-20T03:00:00Z',
      serialNumber: '1HGCM82633A004352',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    // The same digits as another kind of grantor number (an ARSN) are not a registration against the company.
    const notAgainst = await server.admin('POST', '/admin/register/ppsr-registrations', {
      grantorNumberType: 'ARSN',
      grantorNumber: company.acn,
      collateralClass: 'Other Goods',
      securedPartyName: 'EXAMPLE FINANCE LIMITED',
      registrationStart: '2026-11-20T03:00:00Z',
    });
    expect(notAgainst.status, JSON.stringify(notAgainst.body)).toBe(201);

    // A day on the service clock: the daily check `npm start` schedules runs, then the deliveries it queued.
    await ensureRecurring(server.deps, createJobRegistry(server.deps.config));
    const from = receiver.hits.length;
    await advance(server, 86_400);
    await advance(server, 1);

    const { data: listed } = await listMonitoringEvents({ client: client(server, account, 'live'), query: { since, perPage: 100 } });
    const summaries = listed!.data.filter((e) => e.entityId === company.id || e.entityId === other.id);
    expect(summaries.map((e) => [e.entityId, e.eventType, e.simulated])).toStrictEqual([[company.id, 'ppsr_registration', false]]);
    const { data: event } = await getMonitoringEvent({
      client: client(server, account, 'live'),
      path: { id: summaries[0]!.monitoringEventId },
    });
    expect(event).toMatchObject({
      eventType: 'ppsr_registration',
      title: 'PPSR registration made',
      description: `PPSR registration ${added.body.registrationNumber} (Motor Vehicle) was made against the company in favour of EXAMPLE FINANCE LIMITED.`,
      effectiveDate: '2026-11-20',
      source: 'ppsr',
      metadata: {},
      entity: expect.objectContaining({ id: company.id, reference: 'ppsr-watch' }),
    });

    // Through the outbox: one signed delivery, exactly the 6.2 payload.
    const delivered = deliveredTo(receiver.hits.slice(from), live).filter((d) => (d.entity as { id: number }).id === company.id);
    expect(delivered).toStrictEqual([
      {
        event: 'monitoring.change_detected',
        monitoringEventId: event!.monitoringEventId,
        eventType: 'ppsr_registration',
        title: 'PPSR registration made',
        detectedAt: event!.detectedAt,
        entity: expect.objectContaining({ id: company.id }),
        timestamp: event!.detectedAt,
        deliveryId: expect.stringMatching(/^dlv_[A-Za-z0-9]{24}$/),
      },
    ]);

    // Reported once: the next day's check has nothing new for it.
    await advance(server, 86_400);
    await advance(server, 1);
    const { data: later } = await listMonitoringEntityEvents({ client: client(server, account, 'live'), path: { id: company.id } });
    expect(later!.data.map((e) => e.eventType)).toStrictEqual(['ppsr_registration']);
  });
});
