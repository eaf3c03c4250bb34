// POST /monitoring/entities refused (spec 4.5, 7, 8; D-04, D-18, D-41..D-43): every row code keyed
// `entities.<index>` in one answer, malformed bodies, limits, billing and card codes, register and
// payment outages, the lookup budget and Idempotency-Key misuse. After every refusal nothing was
// created and nothing was charged.
import { describe, expect } from 'vitest';
import { serverTest } from '../../support/fixtures.js';
import { eq } from 'drizzle-orm';
import { listMonitoringEntities } from '../../../generated/client/index.js';
import { monitoredEntities } from '../../../server/store/schema/index.js';
import { loadDocument, type JsonObject } from '../../support/document.js';
import { startTestServer, type TestAccount, type TestServer } from '../../support/harness.js';
import {
  acnFrom,
  advance,
  chargesOf,
  client,
  order,
  patchAccount,
  raw,
  switchableRegisters,
  type Environment,
  type RawAnswer,
} from './support.js';

const it = serverTest();
let server: TestServer;
it.beforeAll(({ server: started }) => {
  server = started;
});

async function post(account: TestAccount, body: unknown, environment: Environment = 'test', headers: Record<string, string> = {}) {
  const key = environment === 'live' ? account.keys.secretLive : account.keys.secretTest;
  return raw(server, key, 'POST', '/monitoring/entities', { body, headers, prefix: environment === 'live' ? '/api/v2' : '/api/test/v2' });
}

/** Nothing of the account's in this environment, and no charge (read from the store: a refused account may not read). */
async function expectNothing(account: TestAccount): Promise<void> {
  const rows = await server.deps.db.select().from(monitoredEntities).where(eq(monitoredEntities.accountId, account.id));
  expect(rows).toStrictEqual([]);
  expect(await chargesOf(server, account)).toStrictEqual([]);
}

function expectError(answer: RawAnswer, status: number, code: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error).toBe(code);
  expect(typeof answer.body.message).toBe('string');
}

describe('row codes (422 validation_failed, every row in one answer)', () => {
  it('malformed numbers: identifier_required, invalid_acn, invalid_abn under entities.<index>, before any lookup', async ({ account }) => {
    const answer = await post(account, {
      entities: [{}, { acn: '100000012' }, { abn: '53900000002' }, { acn: '100000011' }, { acn: 'ABC', abn: '1' }, { reference: 'x' }],
    });
    expectError(answer, 422, 'validation_failed');
    expect(answer.body.errors).toStrictEqual({
      'entities.0': [{ code: 'identifier_required', message: 'Give acn, abn or both.' }],
      'entities.1': [{ code: 'invalid_acn', message: 'ACN 100000012 is not valid: 9 digits with the ASIC checksum.' }],
      'entities.2': [{ code: 'invalid_abn', message: 'ABN 53900000002 is not valid: 11 digits with the ABR checksum.' }],
      'entities.4': [
        { code: 'invalid_acn', message: 'ACN ABC is not valid: 9 digits with the ASIC checksum.' },
        { code: 'invalid_abn', message: 'ABN 1 is not valid: 11 digits with the ABR checksum.' },
      ],
      'entities.5': [{ code: 'identifier_required', message: 'Give acn, abn or both.' }],
    });
    await expectNothing(account);
  });

  it('every register row code in one answer, with the sandbox magic values', async ({ account }) => {
    const answer = await post(account, {
      entities: [
        { acn: '100000066' },
        { acn: '100000057' },
        { acn: '100000075' },
        { abn: '15900000003' },
        { abn: '34900000002' },
        { acn: '100000011', abn: '62100000020' },
        { acn: '100000039' },
        { acn: '100000039', reference: 'again' },
        { abn: '60100000011' },
        { acn: '100000011' },
        { acn: '100000066', abn: '34900000002' },
        { acn: '100000020' },
      ],
    });
    expectError(answer, 422, 'validation_failed');
    const errors = answer.body.errors as Record<string, { code: string; message: string; entityId?: number }[]>;
    const codes = Object.fromEntries(Object.entries(errors).map(([key, list]) => [key, list.map((p) => p.code)]));
    expect(codes).toStrictEqual({
      'entities.0': ['acn_not_found'],
      'entities.1': ['acn_not_eligible'],
      'entities.2': ['arbn_not_supported'],
      'entities.3': ['abn_not_found'],
      'entities.4': ['abn_not_active'],
      'entities.5': ['abn_acn_mismatch'],
      'entities.7': ['duplicate_in_request'],
      'entities.9': ['duplicate_in_request'],
      'entities.10': ['acn_not_found', 'abn_not_active'],
    });
    expect(errors['entities.7']![0]!.message).toBe('Same entity as entities.6.');
    // ABN 60100000011 alone is the company 100000011: row 9 repeats it.
    expect(errors['entities.9']![0]!.message).toBe('Same entity as entities.8.');
    expect(errors['entities.5']![0]!.message).toBe('ABN 62100000020 does not belong to ACN 100000011.');
    expect(errors['entities.0']![0]!.message).toBe('No company with ACN 100000066.');
    await expectNothing(account);
  });

  it('already_monitored (with entityId) and stopped_with_time_remaining name the existing entity', async ({ account }) => {
    const existing = await order(server, account, [{ acn: '100000011' }, { abn: '53900000001' }]);
    const [company, soleTrader] = existing.entities;
    const stopped = await raw(server, account.keys.secretTest, 'DELETE', `/monitoring/entities/${soleTrader!.id}`);
    expect(stopped.status).toBe(200);
    const answer = await post(account, { entities: [{ abn: '60100000011' }, { abn: '53900000001' }, { acn: '100000020' }] });
    expectError(answer, 422, 'validation_failed');
    expect(answer.body.errors).toStrictEqual({
      'entities.0': [
        {
          code: 'already_monitored',
          message: `ACN 100000011 is already monitored as entity ${company!.id}; renew it instead.`,
          entityId: company!.id,
        },
      ],
      'entities.1': [
        {
          code: 'stopped_with_time_remaining',
          message: `ABN 53900000001 is stopped with paid time left (entity ${soleTrader!.id}); resume it instead.`,
        },
      ],
    });
    const { data } = await listMonitoringEntities({ client: client(server, account) });
    expect(data?.meta.total).toBe(2);
  });
});

describe('malformed bodies (422 validation_failed)', () => {
  it.each([
    ['no entities', {}, { entities: [{ code: 'required', message: 'Required.' }] }],
    ['empty list', { entities: [] }, { entities: [{ code: 'too_small', message: 'Give at least one item in entities.' }] }],
    [
      'more than 25',
      { entities: Array.from({ length: 26 }, () => ({ acn: '100000011' })) },
      { entities: [{ code: 'too_big', message: 'At most 25 entities per request.' }] },
    ],
    [
      'reference over 100 characters',
      { entities: [{ acn: '100000011', reference: 'r'.repeat(101) }] },
      { 'entities.0.reference': [{ code: 'too_long', message: 'Must be at most 100 characters.' }] },
    ],
    [
      'an unknown field',
      { entities: [{ acn: '100000011', name: 'X' }] },
      { 'entities.0.name': [{ code: 'unknown_field', message: 'Unknown field.' }] },
    ],
  ])('%s', async (_label, body, errors) => {
    const account = await server.createAccount();
    const answer = await post(account, body);
    expectError(answer, 422, 'validation_failed');
    expect(answer.body.errors).toStrictEqual(errors);
    await expectNothing(account);
  });
});

describe('limits', () => {
  it('entity_limit: an order that would pass the live limit, with limit and active', async ({ account }) => {
    await patchAccount(server, account, { monitoringEntityLimit: 2 });
    await order(server, account, [{ acn: '100000011' }], 'live');
    const answer = await post(account, { entities: [{ acn: '100000020' }, { acn: '100000039' }] }, 'live');
    expectError(answer, 422, 'entity_limit');
    expect(answer.body).toMatchObject({ limit: 2, active: 1 });
    expect(await chargesOf(server, account)).toHaveLength(1);
  });

  it('test_entity_limit: a sandbox order that would pass 1,000 entities, with limit and current', async ({ account }) => {
    const now = server.clock.now();
    const rows = Array.from({ length: 999 }, (_, i) => ({
      accountId: account.id,
      environment: 'test' as const,
      acn: null,
      abn: `9${String(i).padStart(10, '0')}`,
      entityName: `HOLDER ${i}`,
      status: 'active',
      monitoringStatus: 'active',
      startsAt: '2026-11-22',
      expiresAt: '2027-11-22',
      createdAt: now,
      updatedAt: now,
    }));
    await server.deps.db.insert(monitoredEntities).values(rows);
    const answer = await post(account, { entities: [{ acn: '100000011' }, { acn: '100000020' }] });
    expectError(answer, 422, 'test_entity_limit');
    expect(answer.body).toMatchObject({ limit: 1000, current: 999 });
    expect((await order(server, account, [{ acn: '100000011' }])).entities).toHaveLength(1);
  });

  it('lookup_rate_limited (429, Retry-After) when the lookups needed pass what is left this minute, before any charge', async ({
    account,
  }) => {
    // At the start of a minute: the Standard plan's 60 lookups, 1 per row.
    await advance(server, 60 - ((server.clock.now().getTime() / 1000) % 60));
    const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ acn: acnFrom(50_000_000 + from + i) }));
    expect((await post(account, { entities: rows(0, 25) }, 'live')).status).toBe(201);
    expect((await post(account, { entities: rows(25, 25) }, 'live')).status).toBe(201);
    // 11 more lookups, 10 left: refused whole, before any register is asked or anything charged.
    const refused = await post(account, { entities: rows(50, 11) }, 'live');
    expectError(refused, 429, 'lookup_rate_limited');
    expect(refused.body.message).toBe(
      'This request needs 11 register lookups and 10 are left this minute (60 per minute). Retry after the number of seconds in Retry-After; nothing was charged.',
    );
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await chargesOf(server, account)).toHaveLength(2);
    // A row with both numbers takes 2: 10 rows of them (20) are refused too, 5 (10) fit.
    const both = (n: number) => Array.from({ length: n }, () => ({ acn: '100000011', abn: '60100000011' }));
    expectError(await post(account, { entities: both(10) }, 'live'), 429, 'lookup_rate_limited');
    expect((await post(account, { entities: both(5) }, 'live')).status).toBe(422);
    expectError(await post(account, { entities: rows(50, 1) }, 'live'), 429, 'lookup_rate_limited');
    await advance(server, 60);
    expect((await post(account, { entities: rows(50, 11) }, 'live')).status).toBe(201);
  });

  it('the 429 carries every header the document lists for it, naming the lookup budget; with an Idempotency-Key it is not replayed', async () => {
    const document = loadDocument();
    const paths = document.paths as Record<string, Record<string, JsonObject>>;
    const responses = paths['/monitoring/entities']!.post!.responses as Record<string, JsonObject>;
    const documented = Object.keys(responses['429']!.headers as JsonObject);
    expect(documented).toEqual(expect.arrayContaining(['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']));

    const account = await server.createAccount();
    await advance(server, 60 - ((server.clock.now().getTime() / 1000) % 60));
    const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ acn: acnFrom(51_000_000 + from + i) }));
    expect((await post(account, { entities: rows(0, 25) }, 'live')).status).toBe(201);
    expect((await post(account, { entities: rows(25, 25) }, 'live')).status).toBe(201);
    await advance(server, 15);
    const key = { 'Idempotency-Key': 'lookup-budget-retry' };
    const refused = await post(account, { entities: rows(50, 11) }, 'live', key);
    expectError(refused, 429, 'lookup_rate_limited');
    for (const name of documented) expect(refused.headers.get(name), name).toMatch(/^\S+$/);
    // The budget that ran out: 60 lookups a minute, 10 left, 45 s to the next minute.
    expect(refused.headers.get('retry-after')).toBe('45');
    expect(refused.headers.get('ratelimit-limit')).toBe('60');
    expect(refused.headers.get('ratelimit-remaining')).toBe('10');
    expect(refused.headers.get('ratelimit-reset')).toBe('45');
    // The same key again inside the minute: refused again, the same way, with its headers (not a
    // replay of a stored answer)...
    const again = await post(account, { entities: rows(50, 11) }, 'live', key);
    expectError(again, 429, 'lookup_rate_limited');
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(again.headers.get('retry-after')).toBe('45');
    // ...and after Retry-After the retry with the same key is the order itself, charged once.
    await advance(server, 45);
    const placed = await post(account, { entities: rows(50, 11) }, 'live', key);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const replayed = await post(account, { entities: rows(50, 11) }, 'live', key);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toStrictEqual(placed.body);
    expect(await chargesOf(server, account)).toHaveLength(3);
  });

  it('Pro accounts have 600 lookups a minute; invoice and Enterprise accounts are not capped (D-43)', async () => {
    const pro = await server.createAccount({ plan: 'pro' });
    const enterprise = await server.createAccount({ plan: 'enterprise' });
    await advance(server, 60 - ((server.clock.now().getTime() / 1000) % 60));
    for (let round = 0; round < 3; round++) {
      const entities = Array.from({ length: 25 }, (_, i) => ({ acn: acnFrom(60_000_000 + round * 25 + i) }));
      expect((await post(pro, { entities }, 'test')).status).toBe(201);
      expect((await post(enterprise, { entities }, 'test')).status).toBe(201);
    }
  });
});

describe('billing and availability', () => {
  it.each([
    [{ billing: 'invoice' }, 403, 'card_billing_required'],
    [{ billing: 'none', cardStatus: 'none' }, 403, 'card_billing_required'],
    [{ cardStatus: 'none' }, 402, 'payment_method_required'],
    [{ cardStatus: 'expired' }, 402, 'payment_method_expired'],
    [{ cardStatus: 'declining' }, 402, 'payment_failed'],
    [{ monitoringAvailable: false }, 403, 'monitoring_unavailable'],
  ])('live order on an account with %j: %i %s, nothing created or charged', async (settings, status, code) => {
    const account = await server.createAccount(settings);
    const answer = await post(account, { entities: [{ acn: '100000011' }] }, 'live');
    expectError(answer, status, code);
    await expectNothing(account);
  });

  it('payment_unavailable: 503 with Retry-After, nothing created or charged', async () => {
    const account = await server.createAccount({ cardStatus: 'unavailable' });
    const answer = await post(account, { entities: [{ acn: '100000011' }] }, 'live');
    expectError(answer, 503, 'payment_unavailable');
    expect(answer.headers.get('retry-after')).toBe('30');
    await expectNothing(account);
  });

  it('test keys never need a card, but do need monitoring to be available', async () => {
    const noCard = await server.createAccount({ billing: 'none', cardStatus: 'none' });
    expect((await post(noCard, { entities: [{ acn: '100000011' }] })).status).toBe(201);
    const unavailable = await server.createAccount({ monitoringAvailable: false });
    expectError(await post(unavailable, { entities: [{ acn: '100000011' }] }), 403, 'monitoring_unavailable');
  });

  it('sandbox_only: a free account on a live key, in the monitoring shape (D-04)', async () => {
    const account = await server.createAccount({ plan: 'free', billing: 'none', cardStatus: 'none' });
    const answer = await post(account, { entities: [{ acn: '100000011' }] }, 'live');
    expectError(answer, 403, 'sandbox_only');
  });
});

describe('Idempotency-Key', () => {
  it('over 255 characters or empty: 400 idempotency_key_invalid', async ({ account }) => {
    for (const key of ['k'.repeat(256), '']) {
      const answer = await post(account, { entities: [{ acn: '100000011' }] }, 'live', { 'Idempotency-Key': key });
      expectError(answer, 400, 'idempotency_key_invalid');
    }
    await expectNothing(account);
  });

  it('the same key with another body: 409 idempotency_key_reused, nothing more charged', async ({ account }) => {
    const headers = { 'Idempotency-Key': 'order-1' };
    expect((await post(account, { entities: [{ acn: '100000011' }] }, 'live', headers)).status).toBe(201);
    expectError(await post(account, { entities: [{ acn: '100000020' }] }, 'live', headers), 409, 'idempotency_key_reused');
    expect(await chargesOf(server, account)).toHaveLength(1);
  });
});

describe('register outage', () => {
  it('registry_unavailable: 503 with Retry-After, nothing created or charged; a retry later succeeds', async () => {
    let down = false;
    const outage: TestServer = await startTestServer({
      registers: (simulated) => switchableRegisters(simulated, () => down),
    });
    try {
      const account = await outage.createAccount();
      const send = () =>
        raw(outage, account.keys.secretLive, 'POST', '/monitoring/entities', {
          body: { entities: [{ acn: '100000011' }] },
          prefix: '/api/v2',
        });
      down = true;
      const answer = await send();
      expectError(answer, 503, 'registry_unavailable');
      expect(answer.headers.get('retry-after')).toBe('45');
      const charges = await outage.admin<{ data: unknown[] }>('GET', `/admin/accounts/${account.id}/charges`);
      expect(charges.body.data).toStrictEqual([]);
      down = false;
      expect((await send()).status).toBe(201);
    } finally {
      await outage.close();
    }
  });
});
