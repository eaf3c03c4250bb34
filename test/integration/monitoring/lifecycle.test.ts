// The term's lifecycle on the service clock (spec 3.4, 3.5, 6.2; D-39): with the monitoring jobs on
// their calendar (terms end and warnings go out at midnight in Brisbane), moving the clock a year
// sends the 30- and 7-day warnings (and mails the owner for live entities), then `monitoring.expired`
// for active entities and nothing for stopped ones; no warning for a deregistered company or a locked
// account. Deliveries are signed and verified; payloads exactly 6.2.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRecurring } from '../../../server/jobs/runner.js';
import { jobs } from '../../../server/store/schema/index.js';
import type { TestAccount, TestServer } from '../../support/harness.js';
import { startDeliveryServer, startReceiver, type Receiver } from '../webhooks/delivery.support.js';
import { advance, deliveredTo, endpointFor, order, patchAccount, raw, registerChange, type Endpoint } from './support.js';

let server: TestServer;
let receiver: Receiver;

beforeAll(async () => {
  server = await startDeliveryServer();
  receiver = await startReceiver(() => server);
  await ensureRecurring(server.deps, server.built.jobs);
});
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

const DAY = 86_400;

interface Mail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

async function mailsOf(account: TestAccount): Promise<Mail[]> {
  return (await server.admin<{ data: Mail[] }>('GET', `/admin/accounts/${account.id}/mails`)).body.data;
}

describe('on the calendar', () => {
  it('the monitoring jobs are queued at Brisbane times: terms and warnings at midnight, checks at 03:00', async () => {
    const queued = await server.deps.db.select().from(jobs).where(eq(jobs.state, 'pending'));
    const at = (name: string) => queued.find((job) => job.name === name)?.runAt.toISOString();
    // The test clock starts at 2026-11-22T00:00Z, 10:00 in Brisbane.
    expect(at('monitoring-term-end')).toBe('2026-11-22T14:00:00.000Z');
    expect(at('monitoring-expiry-warnings')).toBe('2026-11-22T14:00:00.000Z');
    expect(at('monitoring-daily-check')).toBe('2026-11-22T17:00:00.000Z');
    // 2026-11-22 is a Sunday: the weekly check is the next Sunday at 04:00 Brisbane.
    expect(at('monitoring-weekly-check')).toBe('2026-11-28T18:00:00.000Z');
  });

  it('a year in one advance: warnings at 30 and 7 days, mail for live only, expired at the end, stopped silent', async () => {
    const account = await server.createAccount({ ownerEmail: 'owner@harbour.example' });
    const locked = await server.createAccount();
    const live = await endpointFor(server, account, receiver.url, 'live');
    const sandbox = await endpointFor(server, account, receiver.url, 'test');
    const lockedLive = await endpointFor(server, locked, receiver.url, 'live');
    const [liveCompany, liveStopped, liveDeregistered] = (
      await order(server, account, [{ acn: '100000011' }, { acn: '100000020' }, { acn: '100000084' }], 'live')
    ).entities;
    const [testCompany] = (await order(server, account, [{ acn: '100000011' }])).entities;
    await order(server, locked, [{ acn: '100000039' }], 'live');
    await patchAccount(server, locked, { locked: true });
    await raw(server, account.keys.secretLive, 'DELETE', `/monitoring/entities/${liveStopped!.id}`, { prefix: '/api/v2' });
    await advance(server, 1);
    await registerChange(server, 'PATCH', '/companies/100000084', { status: 'deregistered' });
    const start = receiver.hits.length;

    // One call for the whole year: the clock stops at each due job's own instant on the way (sandbox.md,
    // "in time order"), so every warning and term end carries the time it fell due, as with the worker.
    await advance(server, 366 * DAY);

    const hits = receiver.hits.slice(start);
    const lifecycle = (endpoint: Endpoint) => deliveredTo(hits, endpoint).filter((d) => d.event !== 'monitoring.change_detected');
    const summary = (endpoint: Endpoint) =>
      lifecycle(endpoint).map((d) => [d.event, (d.entity as { id: number }).id, d.daysRemaining ?? null, d.timestamp]);

    expect(summary(live)).toStrictEqual([
      ['monitoring.expiring', liveCompany!.id, 30, '2027-10-22T14:00:00.000Z'],
      ['monitoring.expiring', liveCompany!.id, 7, '2027-11-14T14:00:00.000Z'],
      ['monitoring.expired', liveCompany!.id, null, '2027-11-21T14:00:00.000Z'],
      ['monitoring.expired', liveDeregistered!.id, null, '2027-11-21T14:00:00.000Z'],
    ]);
    expect(summary(sandbox)).toStrictEqual([
      ['monitoring.expiring', testCompany!.id, 30, '2027-10-22T14:00:00.000Z'],
      ['monitoring.expiring', testCompany!.id, 7, '2027-11-14T14:00:00.000Z'],
      ['monitoring.expired', testCompany!.id, null, '2027-11-21T14:00:00.000Z'],
    ]);
    // Warnings carry the real days left (30 and 7 exactly here); the expired entity shows expired.
    const [thirty, seven, expired] = lifecycle(live);
    expect(thirty!.entity).toMatchObject({ daysRemaining: 30, status: 'active' });
    expect(seven!.entity).toMatchObject({ daysRemaining: 7 });
    expect(expired!.entity).toMatchObject({ status: 'expired', monitoringStatus: 'inactive', daysRemaining: 0, entityStatus: 'unknown' });
    expect(lifecycle(lockedLive).map((d) => d.event)).toStrictEqual(['monitoring.expired']);

    const mails = await mailsOf(account);
    expect(mails.map((m) => [m.to, m.subject, m.createdAt])).toStrictEqual([
      ['owner@harbour.example', 'Monitoring of SANDBOX TRADING PTY LTD ends in 30 days', '2027-10-22T14:00:00.000Z'],
      ['owner@harbour.example', 'Monitoring of SANDBOX TRADING PTY LTD ends in 7 days', '2027-11-14T14:00:00.000Z'],
    ]);
    expect(mails[0]!.text).toContain('ends on 2027-11-22');
    expect(await mailsOf(locked)).toStrictEqual([]);

    const statuses = await raw(server, account.keys.secretLive, 'GET', '/monitoring/entities', { prefix: '/api/v2' });
    expect((statuses.body.data as { status: string }[]).map((e) => e.status)).toStrictEqual(['expired', 'expired', 'expired']);
  }, 180_000);
});
