// Refusals of renew, resume, stop and the reads (spec 3.4, 4.5, 7; D-18, D-38): a renewal naming any id
// not of this account and environment is a top-level 404; every other problem is listed per id; resume
// of anything but a stopped entity with paid time left, or of a company deregistered / ABN cancelled
// since the stop; stop while an order is processing; malformed list queries. Nothing is charged.
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { serverTest } from '../../support/fixtures.js';
import { renewMonitoringEntities } from '../../../generated/client/index.js';
import { monitoredEntities } from '../../../server/store/schema/index.js';
import type { TestAccount, TestServer } from '../../support/harness.js';
import { advance, chargesOf, client, order, orderOne, patchAccount, raw, runJob, type Environment, type RawAnswer } from './support.js';

const it = serverTest();
let server: TestServer;
it.beforeAll(({ server: started }) => {
  server = started;
});

const DAY = 86_400;
const keyOf = (account: TestAccount, environment: Environment) =>
  environment === 'live' ? account.keys.secretLive : account.keys.secretTest;
const prefixOf = (environment: Environment) => (environment === 'live' ? '/api/v2' : '/api/test/v2');

let renewals = 0;
function renew(account: TestAccount, ids: unknown, environment: Environment = 'test', key: string | null = `renew-${++renewals}`) {
  return raw(server, keyOf(account, environment), 'POST', '/monitoring/entities/renew', {
    body: { ids },
    headers: key === null ? {} : { 'Idempotency-Key': key },
    prefix: prefixOf(environment),
  });
}

function call(account: TestAccount, method: string, path: string, environment: Environment = 'test') {
  return raw(server, keyOf(account, environment), method, path, { prefix: prefixOf(environment) });
}

function expectError(answer: RawAnswer, status: number, code: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error).toBe(code);
  expect(typeof answer.body.message).toBe('string');
}

/** An order or renewal still processing (a live payment whose outcome is not known yet): not reachable in the sandbox. */
async function markProcessing(id: number): Promise<void> {
  await server.deps.db.update(monitoredEntities).set({ status: 'processing' }).where(eq(monitoredEntities.id, id));
}

describe('renew', () => {
  it('every id row code under ids.<index>, nothing charged', async ({ account }) => {
    const entities = (
      await order(
        server,
        account,
        [{ acn: '100000011' }, { acn: '100000020' }, { acn: '100000039' }, { acn: '100000084' }, { abn: '12004044937' }],
        'live',
      )
    ).entities;
    const [stopped, processing, tooFar, deregistered, cancelled] = entities.map((e) => e.id) as [number, number, number, number, number];
    expect((await call(account, 'DELETE', `/monitoring/entities/${stopped}`, 'live')).status).toBe(200);
    await markProcessing(processing);
    expect((await renew(account, [tooFar], 'live')).status).toBe(200);
    await server.admin('PATCH', '/admin/register/companies/100000084', { status: 'deregistered' });
    await server.admin('PATCH', '/admin/register/abns/12004044937', { status: 'cancelled' });
    const before = (await chargesOf(server, account)).length;

    const answer = await renew(account, [stopped, processing, tooFar, deregistered, cancelled, cancelled], 'live');
    expectError(answer, 422, 'validation_failed');
    const errors = answer.body.errors as Record<string, { code: string; message: string }[]>;
    expect(Object.fromEntries(Object.entries(errors).map(([key, list]) => [key, list.map((p) => p.code)]))).toStrictEqual({
      'ids.0': ['stopped_with_time_remaining'],
      'ids.1': ['renewal_in_progress'],
      'ids.2': ['renewal_too_far_ahead'],
      'ids.3': ['acn_not_eligible'],
      'ids.4': ['abn_not_active'],
      'ids.5': ['duplicate_in_request'],
    });
    expect(errors['ids.2']![0]!.message).toMatch(/would put its expiry past \d{4}-\d{2}-\d{2}, 2 years from today\.$/);
    expect((await chargesOf(server, account)).length).toBe(before);
  });

  it('any id not of this account and environment: top-level 404, nothing renewed', async () => {
    const [account, other] = [await server.createAccount(), await server.createAccount()];
    const mine = await orderOne(server, account, { acn: '100000011' });
    const live = await orderOne(server, account, { acn: '100000020' }, 'live');
    const theirs = await orderOne(server, other, { acn: '100000039' });
    for (const ids of [
      [mine.id, 99_999_999],
      [mine.id, theirs.id],
      [mine.id, live.id],
    ]) {
      const answer = await renew(account, ids);
      expectError(answer, 404, 'not_found');
    }
    expect((await call(account, 'GET', `/monitoring/entities/${mine.id}`)).body.expiresAt).toBe(mine.expiresAt);
  });

  it('malformed bodies: no ids, none, more than 25, an id past the documented maximum (2^53 - 1)', async ({ account }) => {
    const missing = await raw(server, account.keys.secretTest, 'POST', '/monitoring/entities/renew', {
      body: {},
      headers: { 'Idempotency-Key': 'k-missing' },
    });
    expect(missing.body.errors).toStrictEqual({ ids: [{ code: 'required', message: 'Required.' }] });
    expect((await renew(account, [])).body.errors).toStrictEqual({
      ids: [{ code: 'too_small', message: 'Give at least one item in ids.' }],
    });
    const many = await renew(
      account,
      Array.from({ length: 26 }, (_, i) => i + 1),
    );
    expectError(many, 422, 'validation_failed');
    expect(many.body.errors).toStrictEqual({ ids: [{ code: 'too_big', message: 'At most 25 ids per request.' }] });
    const huge = await renew(account, [Number.MAX_SAFE_INTEGER + 1]);
    expectError(huge, 422, 'validation_failed');
    expect(huge.body.errors).toStrictEqual({ 'ids.0': [{ code: 'too_big', message: `Must be at most ${Number.MAX_SAFE_INTEGER}.` }] });
  });

  it('Idempotency-Key is required (400 idempotency_key_required), also for the SDK', async ({ account }) => {
    const entity = await orderOne(server, account, { acn: '100000011' });
    expectError(await renew(account, [entity.id], 'test', null), 400, 'idempotency_key_required');
    const viaSdk = await renewMonitoringEntities({
      client: client(server, account),
      body: { ids: [entity.id] },
      headers: { 'Idempotency-Key': 'sdk-renew' },
    });
    expect(viaSdk.response.status).toBe(200);
  });

  it('entity_limit: reactivating expired entities counts against the live limit', async ({ account }) => {
    const [first] = (await order(server, account, [{ acn: '100000011' }], 'live')).entities;
    await advance(server, 366 * DAY);
    await runJob(server, 'monitoring-term-end');
    await order(server, account, [{ acn: '100000020' }], 'live');
    await patchAccount(server, account, { monitoringEntityLimit: 1 });
    const answer = await renew(account, [first!.id], 'live');
    expectError(answer, 422, 'entity_limit');
    expect(answer.body).toMatchObject({ limit: 1, active: 1 });
  });

  it.each([
    [{ billing: 'invoice' }, 403, 'card_billing_required'],
    [{ cardStatus: 'expired' }, 402, 'payment_method_expired'],
    [{ cardStatus: 'declining' }, 402, 'payment_failed'],
  ])('live renewal on an account that became %j: %i %s', async (settings, status, code) => {
    const account = await server.createAccount();
    const entity = await orderOne(server, account, { acn: '100000011' }, 'live');
    await patchAccount(server, account, settings);
    expectError(await renew(account, [entity.id], 'live'), status, code);
    expect(await chargesOf(server, account)).toHaveLength(1);
  });
});

describe('resume', () => {
  it('not_resumable for an expired entity (a stopped term that ended)', async ({ account }) => {
    const entity = await orderOne(server, account, { acn: '100000011' });
    await call(account, 'DELETE', `/monitoring/entities/${entity.id}`);
    await advance(server, 366 * DAY);
    await runJob(server, 'monitoring-term-end');
    expect((await call(account, 'GET', `/monitoring/entities/${entity.id}`)).body.status).toBe('expired');
    expectError(await call(account, 'POST', `/monitoring/entities/${entity.id}/resume`), 422, 'not_resumable');
  });

  it('top-level acn_not_eligible / abn_not_active when deregistered or cancelled since the stop', async ({ account }) => {
    const [company, holder] = (await order(server, account, [{ acn: '100000100' }, { abn: '51824753556' }])).entities;
    for (const entity of [company!, holder!]) await call(account, 'DELETE', `/monitoring/entities/${entity.id}`);
    await server.admin('PATCH', '/admin/register/companies/100000100', { status: 'deregistered' });
    await server.admin('PATCH', '/admin/register/abns/51824753556', { status: 'cancelled' });
    const a = await call(account, 'POST', `/monitoring/entities/${company!.id}/resume`);
    expectError(a, 422, 'acn_not_eligible');
    expect(a.body).toStrictEqual({
      error: 'acn_not_eligible',
      message: 'ACN 100000100 has been deregistered since monitoring was stopped.',
    });
    expectError(await call(account, 'POST', `/monitoring/entities/${holder!.id}/resume`), 422, 'abn_not_active');
  });

  it('live resume needs card billing although it is free', async ({ account }) => {
    const entity = await orderOne(server, account, { acn: '100000011' }, 'live');
    await call(account, 'DELETE', `/monitoring/entities/${entity.id}`, 'live');
    await patchAccount(server, account, { billing: 'invoice' });
    expectError(await call(account, 'POST', `/monitoring/entities/${entity.id}/resume`, 'live'), 403, 'card_billing_required');
    await patchAccount(server, account, { billing: 'card', cardStatus: 'none' });
    expectError(await call(account, 'POST', `/monitoring/entities/${entity.id}/resume`, 'live'), 402, 'payment_method_required');
  });
});

describe('stop', () => {
  it('409 order_processing while the entity is processing', async ({ account }) => {
    const entity = await orderOne(server, account, { acn: '100000011' });
    await markProcessing(entity.id);
    expectError(await call(account, 'DELETE', `/monitoring/entities/${entity.id}`), 409, 'order_processing');
    expect((await call(account, 'GET', `/monitoring/entities/${entity.id}`)).body.status).toBe('processing');
  });

  it('an order naming a processing entity is renewal_in_progress', async ({ account }) => {
    const entity = await orderOne(server, account, { acn: '100000011' });
    await markProcessing(entity.id);
    const answer = await raw(server, account.keys.secretTest, 'POST', '/monitoring/entities', {
      body: { entities: [{ acn: '100000011' }] },
    });
    expect(answer.body.errors).toStrictEqual({
      'entities.0': [
        { code: 'renewal_in_progress', message: `An order or renewal of ACN 100000011 (entity ${entity.id}) is still processing.` },
      ],
    });
  });
});

describe('reads', () => {
  it.each([
    ['/monitoring/entities?perPage=101', 'perPage', 'too_big'],
    ['/monitoring/entities?page=0', 'page', 'too_small'],
    ['/monitoring/entities?status=paused', 'status', 'invalid_enum'],
    ['/monitoring/entities?expiresBefore=2026-13-01', 'expiresBefore', 'invalid_date'],
    ['/monitoring/entities?acn=100000012', 'acn', 'invalid_acn'],
    ['/monitoring/events?since=yesterday', 'since', 'invalid_format'],
    ['/monitoring/events?perPage=0', 'perPage', 'too_small'],
  ])('%s: 422 validation_failed at %s (%s)', async (path, field, code) => {
    const account = await server.createAccount();
    const answer = await call(account, 'GET', path);
    expectError(answer, 422, 'validation_failed');
    expect((answer.body.errors as Record<string, { code: string }[]>)[field]?.map((p) => p.code)).toContain(code);
  });

  it('monitoring_unavailable for an account without monitoring and without entities', async () => {
    const account = await server.createAccount({ monitoringAvailable: false });
    expectError(await call(account, 'GET', '/monitoring/entities'), 403, 'monitoring_unavailable');
    expectError(await call(account, 'GET', '/monitoring/events'), 403, 'monitoring_unavailable');
  });

  it('unknown ids are 404 not_found in the monitoring shape', async ({ account }) => {
    for (const path of ['/monitoring/entities/99999999', '/monitoring/entities/99999999/events', '/monitoring/events/99999999'])
      expectError(await call(account, 'GET', path), 404, 'not_found');
    expectError(await call(account, 'DELETE', '/monitoring/entities/99999999'), 404, 'not_found');
    expectError(await call(account, 'POST', '/monitoring/entities/99999999/resume'), 404, 'not_found');
  });
});
