import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLodgement } from '../../../generated/client/index.js';
import { sdkClient, startTestServer, type TestAccount, type TestServer } from '../../support/harness.js';
import { PREFIX, adminCreateLodgement, publicCall } from './support.js';

let server: TestServer;
let account: TestAccount;
let other: TestAccount;
beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
  other = await server.createAccount();
});
afterAll(async () => {
  await server?.close();
});

const notFound = { error: 'not_found', message: expect.any(String) };

describe('POST /abn/registrations refusals', () => {
  it('reports every bad field at once (422 validation_failed)', async () => {
    const answer = await publicCall(server, account.keys.secretTest, 'POST', '/abn/registrations', {
      entityName: '',
      entityType: 'cooperative',
      businessAddress: { street: '1 EAGLE STREET', state: 'XX', postcode: '40000' },
      contactEmail: 'not-an-email',
      extra: true,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error).toBe('validation_failed');
    const errors = answer.body.errors as Record<string, { code: string }[]>;
    expect(Object.keys(errors).sort()).toEqual(
      [
        'businessAddress.locality',
        'businessAddress.postcode',
        'businessAddress.state',
        'contactEmail',
        'entityName',
        'entityType',
        'extra',
      ].sort(),
    );
    expect(errors.entityName?.[0]?.code).toBe('too_short');
    expect(errors.entityType?.[0]?.code).toBe('invalid_enum');
    expect(errors['businessAddress.locality']?.[0]?.code).toBe('required');
    expect(errors.extra?.[0]?.code).toBe('unknown_field');
  });

  it('reports every missing field of an empty body', async () => {
    const answer = await publicCall(server, account.keys.secretTest, 'POST', '/abn/registrations', {});
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors as object).sort()).toEqual(['businessAddress', 'contactEmail', 'entityName', 'entityType']);
  });
});

describe('GET /lodgements/{requestId} scoping', () => {
  it('answers 404 not_found for an id that does not exist', async () => {
    const { error, response } = await getLodgement({ client: sdkClient(server, account.keys.secretTest), path: { requestId: 999_999 } });
    expect(response.status).toBe(404);
    expect(error).toEqual(notFound);
  });

  it('answers 404 for an id too large to exist', async () => {
    const answer = await publicCall(server, account.keys.secretTest, 'GET', '/lodgements/99999999999999999999999');
    expect(answer.status).toBe(404);
  });

  it("answers 404 for another account's lodgement", async () => {
    const theirs = await adminCreateLodgement(server, {
      accountId: other.id,
      environment: 'test',
      kind: 'company_registration',
      entityName: 'OTHER PTY LTD',
    });
    const { error, response } = await getLodgement({
      client: sdkClient(server, account.keys.secretTest),
      path: { requestId: theirs.requestId },
    });
    expect(response.status).toBe(404);
    expect(error).toEqual(notFound);
    const own = await getLodgement({ client: sdkClient(server, other.keys.secretTest), path: { requestId: theirs.requestId } });
    expect(own.response.status).toBe(200);
  });

  it('answers 404 for a lodgement of the other environment', async () => {
    const test = await adminCreateLodgement(server, { accountId: account.id, environment: 'test', kind: 'abn_registration' });
    const live = await adminCreateLodgement(server, { accountId: account.id, environment: 'live', kind: 'abn_registration' });
    const onLive = await getLodgement({
      client: sdkClient(server, account.keys.secretLive, PREFIX.live),
      path: { requestId: test.requestId },
    });
    expect(onLive.response.status).toBe(404);
    const onTest = await getLodgement({ client: sdkClient(server, account.keys.secretTest), path: { requestId: live.requestId } });
    expect(onTest.response.status).toBe(404);
  });

  it('refuses publishable keys (secret key only)', async () => {
    const created = await adminCreateLodgement(server, { accountId: account.id, environment: 'test', kind: 'abn_registration' });
    const answer = await publicCall(server, account.keys.publishableTest, 'GET', `/lodgements/${created.requestId}`);
    expect(answer.status).toBe(403);
  });
});

describe('operator API refusals', () => {
  it('reports an unknown account as 422 account_not_found', async () => {
    const answer = await server.admin<{ error: string; errors: Record<string, { code: string }[]> }>('POST', '/admin/lodgements', {
      accountId: 'acct_000000000000000000000000',
      environment: 'test',
      kind: 'company_registration',
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error).toBe('validation_failed');
    expect(answer.body.errors).toEqual({ accountId: [{ code: 'account_not_found', message: 'No such account.' }] });
  });

  it('reports every bad field of a create body', async () => {
    const answer = await server.admin<{ errors: Record<string, { code: string }[]> }>('POST', '/admin/lodgements', {
      accountId: 'nope',
      environment: 'staging',
      kind: 'form484',
      entityName: '',
      acn: '100000012',
      abn: '60100000012',
    });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors).sort()).toEqual(['abn', 'accountId', 'acn', 'entityName', 'environment', 'kind']);
    expect(answer.body.errors.acn?.[0]?.code).toBe('invalid_acn');
    expect(answer.body.errors.abn?.[0]?.code).toBe('invalid_abn');
  });

  it('refuses a status that is not a lodgement status', async () => {
    const created = await adminCreateLodgement(server, { accountId: account.id, environment: 'test', kind: 'company_registration' });
    const answer = await server.admin<{ errors: Record<string, { code: string }[]> }>(
      'POST',
      `/admin/lodgements/${created.requestId}/status`,
      { status: 'done' },
    );
    expect(answer.status).toBe(422);
    expect(answer.body.errors.status?.[0]?.code).toBe('invalid_enum');
  });

  it('answers 404 not_found for an unknown lodgement', async () => {
    const answer = await server.admin<{ error: string }>('POST', '/admin/lodgements/999999/status', { status: 'finished' });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('not_found');
  });
});
