// Refusals of webhook endpoint management (D-12, D-26, spec 8): bad URLs and event types, the
// per-key limit, and unknown ids. Bodies the SDK's own validator would refuse are sent with it switched
// off, so the server is what refuses them.
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { serverTest } from '../../support/fixtures.js';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookEndpointSecret,
  updateWebhookEndpoint,
} from '../../../generated/client/index.js';
import { MAX_ENDPOINTS_PER_KEY } from '../../../schemas/webhooks/index.js';
import { webhookEndpoints } from '../../../server/store/schema/index.js';
import { sdkClient, type TestAccount, type TestServer } from '../../support/harness.js';
import { addKey, createOk, startWebhookServer } from './endpoints.support.js';

const it = serverTest(() => startWebhookServer());
let server: TestServer;
let account: TestAccount;
it.beforeAll(async ({ server: started }) => {
  server = started;
  account = await server.createAccount();
});

/** Sends the body as is: the SDK's request validator is switched off for these calls. */
function createRaw(body: unknown, key = account.keys.secretTest) {
  return createWebhookEndpoint({ client: sdkClient(server, key), body: body as never, requestValidator: undefined });
}

function updateRaw(id: string, body: unknown, key = account.keys.secretTest) {
  return updateWebhookEndpoint({ client: sdkClient(server, key), path: { id }, body: body as never, requestValidator: undefined });
}

/** The field problems of a 422 body. */
function problemsOf(error: unknown): Record<string, { code: string; message: string }[]> {
  return (error as { errors: Record<string, { code: string; message: string }[]> }).errors;
}

/** Every URL here must be refused at registration with exactly this D-12 code. */
const HOSTILE_URLS: [string, 'url_invalid' | 'url_not_https' | 'url_not_public'][] = [
  // Loopback, in every spelling WHATWG URL normalises to 127.0.0.1
  ['https://127.0.0.1/hook', 'url_not_public'],
  ['https://127.10.20.30/hook', 'url_not_public'],
  ['https://2130706433/hook', 'url_not_public'],
  ['https://0177.0.0.1/hook', 'url_not_public'],
  ['https://0x7f.1/hook', 'url_not_public'],
  ['https://0x7f000001/hook', 'url_not_public'],
  ['https://127.1/hook', 'url_not_public'],
  ['https://localhost/hook', 'url_not_public'],
  ['https://[::1]/hook', 'url_not_public'],
  ['https://[::ffff:127.0.0.1]/hook', 'url_not_public'],
  ['https://[::ffff:7f00:1]/hook', 'url_not_public'],
  // Private RFC 1918, CGNAT, link-local and the cloud metadata address
  ['https://10.0.0.1/hook', 'url_not_public'],
  ['https://0x0a.1/hook', 'url_not_public'],
  ['https://172.16.5.4/hook', 'url_not_public'],
  ['https://192.168.1.1/hook', 'url_not_public'],
  ['https://100.64.0.1/hook', 'url_not_public'],
  ['https://169.254.169.254/latest/meta-data/', 'url_not_public'],
  ['https://[::ffff:169.254.169.254]/', 'url_not_public'],
  ['https://0.0.0.0/hook', 'url_not_public'],
  ['https://255.255.255.255/hook', 'url_not_public'],
  ['https://224.0.0.1/hook', 'url_not_public'],
  ['https://192.0.2.1/hook', 'url_not_public'],
  ['https://198.18.0.1/hook', 'url_not_public'],
  // IPv6 ULA, link-local, NAT64 and 6to4 carrying private IPv4
  ['https://[fd00::1]/hook', 'url_not_public'],
  ['https://[fc00::1]/hook', 'url_not_public'],
  ['https://[fe80::1]/hook', 'url_not_public'],
  ['https://[64:ff9b::a00:1]/hook', 'url_not_public'],
  ['https://[2002:c0a8:101::1]/hook', 'url_not_public'],
  ['https://[2001:db8::1]/hook', 'url_not_public'],
  // Names whose DNS answer holds a non-public address (stand-in DNS)
  ['https://internal.example.invalid/hook', 'url_not_public'],
  ['https://metadata.example.invalid/hook', 'url_not_public'],
  ['https://cgnat.example.invalid/hook', 'url_not_public'],
  ['https://ula.example.invalid/hook', 'url_not_public'],
  ['https://mixed.example.invalid/hook', 'url_not_public'],
  ['https://mixed6.example.invalid/hook', 'url_not_public'],
  ['https://mapped.example.invalid/hook', 'url_not_public'],
  // Not https
  ['http://hooks.example.invalid/hook', 'url_not_https'],
  ['http://2130706433/hook', 'url_not_https'],
  ['http://127.0.0.1/hook', 'url_not_https'],
  ['ftp://hooks.example.invalid/hook', 'url_not_https'],
  ['file:///etc/passwd', 'url_not_https'],
  ['gopher://hooks.example.invalid:70/_', 'url_not_https'],
  ['javascript:alert(1)', 'url_not_https'],
  // Unusable
  ['https://user:pass@hooks.example.invalid/hook', 'url_invalid'],
  ['https://user@hooks.example.invalid/hook', 'url_invalid'],
  ['https://nowhere.example.invalid/hook', 'url_invalid'],
  ['https://1.2.3.4.5/hook', 'url_invalid'],
  ['not a url', 'url_invalid'],
  ['https://hooks.example.invalid/a b', 'url_invalid'],
  [`https://hooks.example.invalid/${'a'.repeat(2050)}`, 'url_invalid'],
];

describe('hostile URLs are refused at registration (D-12, D-23)', () => {
  it(`covers at least 30 URLs`, () => {
    expect(HOSTILE_URLS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(HOSTILE_URLS)('%s -> %s', async (url, code) => {
    const { error, response } = await createRaw({ url, eventTypes: ['*'] });
    expect(response.status).toBe(422);
    expect(error).toMatchObject({ error: 'validation_failed', errors: { url: [{ code }] } });
    expect(Object.keys(problemsOf(error))).toEqual(['url']);
  });

  it('created nothing for any of them', async () => {
    const { data } = await listWebhookEndpoints({ client: sdkClient(server, account.keys.secretTest) });
    expect(data?.data).toEqual([]);
  });

  it('says which address of the host is not public', async () => {
    const { error } = await createRaw({ url: 'https://mixed.example.invalid/hook', eventTypes: ['*'] });
    expect(problemsOf(error).url![0]!.message).toContain('192.168.1.10');
  });

  it('refuses a hostile URL on update too, leaving the endpoint as it was', async () => {
    const fresh = await server.createAccount();
    const created = await createOk(server, fresh.keys.secretTest);
    for (const [url, code] of [
      ['https://169.254.169.254/', 'url_not_public'],
      ['http://hooks.example.invalid/', 'url_not_https'],
      ['https://internal.example.invalid/', 'url_not_public'],
      ['not a url', 'url_invalid'],
    ] as const) {
      const { error, response } = await updateRaw(created.id, { url }, fresh.keys.secretTest);
      expect(response.status, url).toBe(422);
      expect(error).toMatchObject({ error: 'validation_failed', errors: { url: [{ code }] } });
    }
    const [row] = await server.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(row!.url).toBe('https://hooks.example.invalid/svc');
  });
});

describe('event types (D-26)', () => {
  it('an unknown name is unknown_event_type at its index', async () => {
    const { error, response } = await createRaw({
      url: 'https://hooks.example.invalid/x',
      eventTypes: ['monitoring.expired', 'monitoring.changed'],
    });
    expect(response.status).toBe(422);
    expect(error).toEqual({
      error: 'validation_failed',
      message: 'The request is not valid.',
      errors: { 'eventTypes.1': [{ code: 'unknown_event_type', message: 'Unknown event type "monitoring.changed".' }] },
    });
  });

  it('`*` with anything else is unknown_event_type at the `*`', async () => {
    for (const eventTypes of [
      ['*', 'monitoring.expired'],
      ['monitoring.expired', '*'],
      ['*', '*'],
    ]) {
      const { error, response } = await createRaw({ url: 'https://hooks.example.invalid/x', eventTypes });
      expect(response.status).toBe(422);
      const paths = eventTypes.flatMap((name, index) => (name === '*' ? [`eventTypes.${index}`] : []));
      expect(Object.keys(problemsOf(error)).sort()).toEqual(paths);
      for (const path of paths) expect(problemsOf(error)[path]).toEqual([expect.objectContaining({ code: 'unknown_event_type' })]);
    }
  });

  it('reports every problem at once: a bad URL, an unknown name and a `*` not alone', async () => {
    const { error } = await createRaw({ url: 'https://10.1.2.3/x', eventTypes: ['*', 'monitoring.changed'] });
    expect(error).toMatchObject({
      error: 'validation_failed',
      errors: {
        url: [{ code: 'url_not_public' }],
        'eventTypes.0': [{ code: 'unknown_event_type' }],
        'eventTypes.1': [{ code: 'unknown_event_type' }],
      },
    });
    const unparsable = await createRaw({ url: 'not a url', eventTypes: ['nope'] });
    expect(unparsable.error).toMatchObject({
      errors: { url: [{ code: 'url_invalid' }], 'eventTypes.0': [{ code: 'unknown_event_type' }] },
    });
  });

  it('an empty list, a missing field or a non-string name is refused structurally', async () => {
    expect((await createRaw({ url: 'https://hooks.example.invalid/x', eventTypes: [] })).error).toMatchObject({
      errors: { eventTypes: [{ code: 'too_few' }] },
    });
    expect((await createRaw({ url: 'https://hooks.example.invalid/x' })).error).toMatchObject({
      errors: { eventTypes: [{ code: 'required' }] },
    });
    expect((await createRaw({ eventTypes: ['*'] })).error).toMatchObject({ errors: { url: [{ code: 'url_invalid' }] } });
    expect((await createRaw({ url: 'https://hooks.example.invalid/x', eventTypes: [5] })).error).toMatchObject({
      errors: { 'eventTypes.0': expect.arrayContaining([expect.objectContaining({ code: 'invalid_type' })]) },
    });
    expect((await createRaw({ url: 'https://hooks.example.invalid/x', eventTypes: ['*'], secret: 'mine' })).error).toMatchObject({
      errors: { secret: [{ code: 'unknown_field' }] },
    });
  });

  it('applies the same rules on update', async () => {
    const other = await server.createAccount();
    const mine = await createOk(server, other.keys.secretTest);
    expect((await updateRaw(mine.id, { eventTypes: ['monitoring.changed'] }, other.keys.secretTest)).error).toMatchObject({
      errors: { 'eventTypes.0': [{ code: 'unknown_event_type' }] },
    });
    expect((await updateRaw(mine.id, { eventTypes: ['*', 'monitoring.expired'] }, other.keys.secretTest)).error).toMatchObject({
      errors: { 'eventTypes.0': [{ code: 'unknown_event_type' }] },
    });
    expect((await updateRaw(mine.id, { enabled: 'yes' }, other.keys.secretTest)).error).toMatchObject({
      errors: { enabled: [{ code: 'invalid_type' }] },
    });
    expect((await updateRaw(mine.id, { eventTypes: [] }, other.keys.secretTest)).error).toMatchObject({
      errors: { eventTypes: [{ code: 'too_few' }] },
    });
  });
});

describe('at most 10 endpoints per API key (spec 8)', () => {
  it('refuses the 11th with endpoint_limit and limit, while another key of the account still creates', async () => {
    const fresh = await server.createAccount();
    const ids: string[] = [];
    for (let i = 0; i < MAX_ENDPOINTS_PER_KEY; i++)
      ids.push((await createOk(server, fresh.keys.secretTest, `https://hooks.example.invalid/${i}`)).id);
    const { error, response } = await createWebhookEndpoint({
      client: sdkClient(server, fresh.keys.secretTest),
      body: { url: 'https://hooks.example.invalid/11', eventTypes: ['*'] },
    });
    expect(response.status).toBe(422);
    expect(error).toEqual({ error: 'endpoint_limit', message: expect.any(String), limit: 10 });

    const second = await addKey(server, fresh.id, 'secret', 'test');
    await createOk(server, second.secret, 'https://hooks.example.invalid/other-key');
    // The same key on the other environment has a limit of its own.
    await createOk(server, fresh.keys.secretLive, 'https://hooks.example.invalid/live', ['*'], '/api/v2');

    // A deleted endpoint frees its place.
    expect((await deleteWebhookEndpoint({ client: sdkClient(server, fresh.keys.secretTest), path: { id: ids[0]! } })).response.status).toBe(
      204,
    );
    await createOk(server, fresh.keys.secretTest, 'https://hooks.example.invalid/again');
  });

  it('holds under concurrent creates', async () => {
    const fresh = await server.createAccount();
    const client = sdkClient(server, fresh.keys.secretTest);
    const results = await Promise.all(
      Array.from({ length: MAX_ENDPOINTS_PER_KEY + 4 }, (_, i) =>
        createWebhookEndpoint({ client, body: { url: `https://hooks.example.invalid/c${i}`, eventTypes: ['*'] } }),
      ),
    );
    expect(results.filter((r) => r.response.status === 201)).toHaveLength(MAX_ENDPOINTS_PER_KEY);
    expect(results.filter((r) => r.response.status === 422)).toHaveLength(4);
  });
});

describe('unknown ids', () => {
  it('answers 404 not_found for a well-formed id nobody has, and for a malformed one', async () => {
    const client = sdkClient(server, account.keys.secretTest);
    const missing = 'we_AAAAAAAAAAAAAAAAAAAAAAAA';
    for (const call of [
      () => updateWebhookEndpoint({ client, path: { id: missing }, body: { enabled: false } }),
      () => deleteWebhookEndpoint({ client, path: { id: missing } }),
      () => rotateWebhookEndpointSecret({ client, path: { id: missing } }),
      () => rotateWebhookEndpointSecret({ client, path: { id: 'nope' }, requestValidator: undefined }),
      () => deleteWebhookEndpoint({ client, path: { id: 'we_short' }, requestValidator: undefined }),
    ]) {
      const { error, response } = await call();
      expect(response.status).toBe(404);
      expect(error).toMatchObject({ error: 'not_found', message: expect.any(String) });
    }
  });

  it('an update after delete is 404, even a valid one', async () => {
    const fresh = await server.createAccount();
    const created = await createOk(server, fresh.keys.secretTest);
    const client = sdkClient(server, fresh.keys.secretTest);
    expect((await deleteWebhookEndpoint({ client, path: { id: created.id } })).response.status).toBe(204);
    const { error, response } = await updateWebhookEndpoint({
      client,
      path: { id: created.id },
      body: { url: 'https://hooks.example.invalid/new' },
    });
    expect(response.status).toBe(404);
    expect(error).toMatchObject({ error: 'not_found' });
  });
});
