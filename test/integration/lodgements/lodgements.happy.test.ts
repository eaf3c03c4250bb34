import { describe, expect } from 'vitest';
import { serverTestWithAccount } from '../../support/fixtures.js';
import { createAbnRegistration, getLodgement } from '../../../generated/client/index.js';
import { REGULATOR_DECISION_DELAY_SECONDS, REGULATOR_SUBMIT_DELAY_SECONDS } from '../../../server/domain/lodgements/regulator-progress.js';
import { sdkClient, type TestAccount, type TestServer } from '../../support/harness.js';
import { PREFIX, adminCreateLodgement, adminSetStatus, advance } from './support.js';

let server: TestServer;
let account: TestAccount;
const it = serverTestWithAccount((shared) => ({ server, account } = shared));

const abnBody = (entityName: string) => ({
  entityName,
  entityType: 'individual' as const,
  businessAddress: { street: '1 EAGLE STREET', locality: 'BRISBANE CITY', state: 'QLD' as const, postcode: '4000' },
  contactEmail: 'jane@example.com',
});

async function read(requestId: number, key = account.keys.secretTest, prefix: string = PREFIX.test) {
  const { data, response } = await getLodgement({ client: sdkClient(server, key, prefix), path: { requestId } });
  expect(response.status).toBe(200);
  return data!;
}

describe('lodgements created by the operator', () => {
  it('creates a lodgement with status new and every field, readable through the SDK', async () => {
    const created = await adminCreateLodgement(server, {
      accountId: account.id,
      environment: 'test',
      kind: 'company_registration',
      entityName: 'SANDBOX TRADING PTY LTD',
      acn: '100000011',
      abn: '60100000011',
    });
    expect(created).toEqual({
      requestId: expect.any(Number),
      kind: 'company_registration',
      interaction: 'company-registration',
      status: 'new',
      entityName: 'SANDBOX TRADING PTY LTD',
      acn: '100000011',
      abn: '60100000011',
      createdAt: server.clock.now().toISOString(),
      updatedAt: server.clock.now().toISOString(),
    });
    expect(await read(created.requestId)).toEqual(created);
  });

  it('gives each kind its interaction and null entity fields when unset', async () => {
    const interactions = {
      company_registration: 'company-registration',
      abn_registration: 'abnreg.lodge',
      business_name_registration: 'business-name-registration',
      business_name_renewal: 'business-name-renewal',
    } as const;
    for (const [kind, interaction] of Object.entries(interactions)) {
      const created = await adminCreateLodgement(server, { accountId: account.id, environment: 'live', kind });
      const record = await read(created.requestId, account.keys.secretLive, PREFIX.live);
      expect(record).toMatchObject({ kind, interaction, status: 'new', entityName: null, acn: null, abn: null });
    }
  });

  it('moves a lodgement to any status and back, stamping updatedAt from the service clock', async () => {
    const created = await adminCreateLodgement(server, { accountId: account.id, environment: 'test', kind: 'business_name_renewal' });
    await advance(server, 30);
    const moved = await adminSetStatus(server, created.requestId, 'processing');
    expect(moved).toMatchObject({ status: 'processing', createdAt: created.createdAt, updatedAt: server.clock.now().toISOString() });
    await adminSetStatus(server, created.requestId, 'error');
    await adminSetStatus(server, created.requestId, 'new');
    expect((await read(created.requestId)).status).toBe('new');
  });

  it('leaves updatedAt alone when the status is set to the one it has', async () => {
    const created = await adminCreateLodgement(server, { accountId: account.id, environment: 'test', kind: 'abn_registration' });
    await advance(server, 10);
    const same = await adminSetStatus(server, created.requestId, 'new');
    expect(same).toEqual(created);
  });
});

describe('ABN registration (POST /abn/registrations)', () => {
  it('answers 201 with a new abn_registration lodgement', async () => {
    const { data, response } = await createAbnRegistration({
      client: sdkClient(server, account.keys.secretTest),
      body: abnBody('JANE CITIZEN'),
    });
    expect(response.status).toBe(201);
    expect(data).toMatchObject({
      kind: 'abn_registration',
      interaction: 'abnreg.lodge',
      status: 'new',
      entityName: 'JANE CITIZEN',
      acn: null,
      abn: null,
    });
    expect(await read(data!.requestId)).toEqual(data);
  });

  it('moves new -> submitted -> finished on the simulated registry as the clock moves', async () => {
    const { data } = await createAbnRegistration({ client: sdkClient(server, account.keys.secretTest), body: abnBody('JOHN CITIZEN') });
    const id = data!.requestId;
    const created = server.clock.now().getTime();
    await advance(server, REGULATOR_SUBMIT_DELAY_SECONDS - 1);
    expect((await read(id)).status).toBe('new');
    await advance(server, 1);
    const submitted = await read(id);
    expect(submitted).toMatchObject({
      status: 'submitted',
      updatedAt: new Date(created + REGULATOR_SUBMIT_DELAY_SECONDS * 1000).toISOString(),
    });
    await advance(server, REGULATOR_DECISION_DELAY_SECONDS);
    const finished = await read(id);
    expect(finished).toMatchObject({
      status: 'finished',
      updatedAt: new Date(created + (REGULATOR_SUBMIT_DELAY_SECONDS + REGULATOR_DECISION_DELAY_SECONDS) * 1000).toISOString(),
    });
    await advance(server, 3600);
    expect((await read(id)).status).toBe('finished');
  });

  it('sends a MANUAL REVIEW name to manual review, then finished', async () => {
    const { data } = await createAbnRegistration({
      client: sdkClient(server, account.keys.secretTest),
      body: abnBody('MANUAL REVIEW TRADING'),
    });
    const id = data!.requestId;
    await advance(server, REGULATOR_SUBMIT_DELAY_SECONDS);
    expect((await read(id)).status).toBe('submitted');
    await advance(server, REGULATOR_DECISION_DELAY_SECONDS);
    expect((await read(id)).status).toBe('manual review');
    await advance(server, REGULATOR_DECISION_DELAY_SECONDS);
    expect((await read(id)).status).toBe('finished');
  });

  it('ends a REJECT name rejected', async () => {
    const { data } = await createAbnRegistration({ client: sdkClient(server, account.keys.secretTest), body: abnBody('REJECT HOLDINGS') });
    const id = data!.requestId;
    await advance(server, REGULATOR_SUBMIT_DELAY_SECONDS + REGULATOR_DECISION_DELAY_SECONDS);
    expect((await read(id)).status).toBe('rejected');
    await advance(server, 3600);
    expect((await read(id)).status).toBe('rejected');
  });

  it('runs the same simulated flow for live lodgements', async () => {
    const client = sdkClient(server, account.keys.secretLive, PREFIX.live);
    const { data, response } = await createAbnRegistration({ client, body: abnBody('LIVE CITIZEN') });
    expect(response.status).toBe(201);
    await advance(server, REGULATOR_SUBMIT_DELAY_SECONDS + REGULATOR_DECISION_DELAY_SECONDS);
    expect((await read(data!.requestId, account.keys.secretLive, PREFIX.live)).status).toBe('finished');
  });

  it('stops simulating once the operator moves the lodgement', async () => {
    const { data } = await createAbnRegistration({
      client: sdkClient(server, account.keys.secretTest),
      body: abnBody('OPERATOR OVERRIDE'),
    });
    const id = data!.requestId;
    await advance(server, REGULATOR_SUBMIT_DELAY_SECONDS);
    await adminSetStatus(server, id, 'error');
    await advance(server, REGULATOR_DECISION_DELAY_SECONDS * 3);
    expect((await read(id)).status).toBe('error');
  });

  it('takes no first step once the operator has moved the lodgement out of new', async () => {
    const { data } = await createAbnRegistration({ client: sdkClient(server, account.keys.secretTest), body: abnBody('EARLY OVERRIDE') });
    const id = data!.requestId;
    const moved = await adminSetStatus(server, id, 'processing');
    await advance(server, REGULATOR_SUBMIT_DELAY_SECONDS);
    expect(await read(id)).toMatchObject({ status: 'processing', updatedAt: moved.updatedAt });
    await adminSetStatus(server, id, 'new');
    await advance(server, REGULATOR_DECISION_DELAY_SECONDS * 3);
    expect((await read(id)).status).toBe('new');
  });

  it('replays the same lodgement for a repeated Idempotency-Key', async () => {
    const client = sdkClient(server, account.keys.secretTest, PREFIX.test, { 'Idempotency-Key': `abn-${server.clock.now().getTime()}` });
    const first = await createAbnRegistration({ client, body: abnBody('ONCE ONLY') });
    const second = await createAbnRegistration({ client, body: abnBody('ONCE ONLY') });
    expect(second.response.status).toBe(201);
    expect(second.data).toEqual(first.data);
  });
});
