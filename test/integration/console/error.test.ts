// Bad input to the console's operator reads and moves: a clear error in the operator shape, nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/harness.js';
import { documentExamples, lodge } from '../form484/support.js';

describe('console operator operations refuse bad input', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('an unknown kind is 422 naming it', async () => {
    const answer = await server.admin('GET', '/admin/lodgements?kind=spaceship');
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      error: 'validation_failed',
      errors: { kind: [expect.objectContaining({ code: 'invalid_enum' })] },
    });
  });

  it('an unknown Form 484 is 404; an unknown status is 422 and leaves the lodgement as it was', async () => {
    expect((await server.admin('POST', '/admin/form484/999999/status', { status: 'finished' })).status).toBe(404);
    const account = await server.createAccount();
    const lodged = await lodge(server, account.keys.secretTest, Object.values(documentExamples())[0]!);
    const bad = await server.admin('POST', `/admin/form484/${lodged.requestId}/status`, { status: 'teleported' });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ error: 'validation_failed', errors: { status: [expect.objectContaining({ code: 'invalid_enum' })] } });
    const list = await server.admin<{ data: { status: string }[] }>('GET', `/admin/lodgements?accountId=${account.id}`);
    expect(list.body.data.map((row) => row.status)).toEqual(['new']);
  });

  it('without SVC_WEBHOOK_ALLOW_LOCAL the receiver has no HTTP route (D-59 delivers in-process); every operator read needs the token', async () => {
    for (const path of ['ok', 'fail', 'maybe']) {
      const answer = await fetch(`${server.url}/sandbox/webhook-receiver/${path}`, { method: 'POST', body: '{}' });
      expect(answer.status).toBe(404);
    }
    expect((await server.admin<{ data: unknown[] }>('GET', '/admin/webhook-receiver/requests')).body.data).toEqual([]);
    for (const path of ['/admin/accounts', '/admin/lodgements', '/admin/webhook-receiver/requests']) {
      expect((await fetch(`${server.url}${path}`)).status).toBe(401);
    }
  });
});
