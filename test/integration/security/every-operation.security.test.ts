// The shared security suite (spec 5, D-02 to D-06, D-13, D-40): every operation of spec/openapi.json,
// taken from the document rather than a hand list, is sent with each kind of credential and must
// refuse or accept it the same way. "Accepted" means the request got past authentication and key
// checks (not 401/403): operations without a handler yet then answer 501, implemented ones 2xx or 4xx.
// Every id-bearing operation is then called on a resource its owner really created, as another
// account and as the owner's other environment (404), and a planted scoping bug proves that check fails.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveExampleHosts } from '../../../scripts/contract/in-process.js';
import { PUBLIC_OPERATIONS } from '../../../schemas/operations.js';
import { NotFoundError } from '../../../server/domain/errors.js';
import { lodgementView } from '../../../server/domain/lodgements/records.js';
import type { PublicHandlers } from '../../../server/http/handler-maps.js';
import { PUBLIC_HANDLERS } from '../../../server/routes/index.js';
import { lodgements } from '../../../server/store/schema/index.js';
import { loadDocument, operationsOf, type OperationRef } from '../../support/document.js';
import { startTestServer, type TestAccount, type TestServer, type TestServerOptions } from '../../support/harness.js';
import {
  accepted,
  allowsPublishable,
  callOperation,
  describeOp,
  inBatches,
  isApiError,
  isFamilyError,
  isMonitoring,
  isSharedError,
  isTestOnly,
  operationId,
  PREFIX,
  type Answer,
  type CallOptions,
} from '../../support/wire.js';
import { startReceiver } from '../lodgements/support.js';
import { crossAccountProblems, hasFactory, notImplemented, pathParameters, type CrossAccountParties } from './cross-account.js';
import { RESOURCE_FACTORIES, resourceOf } from './resource-factories.js';

const OPERATIONS = operationsOf(loadDocument());
const PUBLISHABLE_OPS = OPERATIONS.filter(allowsPublishable);
const SECRET_ONLY_OPS = OPERATIONS.filter((op) => !allowsPublishable(op));
const ID_OPS = OPERATIONS.filter((op) => pathParameters(op).length > 0);
const ID_OPS_WITH_FACTORY = ID_OPS.filter(hasFactory);
const ORIGIN_LOCAL = 'http://localhost:3000';

let server: TestServer;
let main: TestAccount;
let free: TestAccount;
let receiver: { url: string; close: () => Promise<void> };

/**
 * Webhook URLs stay on this machine: example hosts resolve to 127.0.0.1 and loopback targets are
 * allowed (D-24), so a delivery caused by a lodgement the suite creates never leaves it.
 */
const SERVER_OPTIONS: TestServerOptions = { env: { SVC_WEBHOOK_ALLOW_LOCAL: '1' }, resolveHost: resolveExampleHosts };

interface KeyRow {
  id: string;
  type: string;
  environment: string;
  last4: string;
  status: string;
}

/** The key id of a full key, from the operator API's account view (matched by last 4, type, environment). */
async function keyIdOf(accountId: string, key: string): Promise<string> {
  const read = await server.admin<{ keys: KeyRow[] }>('GET', `/admin/accounts/${accountId}`);
  expect(read.status).toBe(200);
  const [, kind, environment] = key.split('_');
  const type = kind === 'sk' ? 'secret' : 'publishable';
  const matches = read.body.keys.filter((k) => k.last4 === key.slice(-4) && k.type === type && k.environment === environment);
  expect(matches).toHaveLength(1);
  return matches[0]!.id;
}

function bearer(key: string): Record<string, string> {
  return { Authorization: `Bearer ${key}` };
}

/** Sends every listed operation with the same options; answers come back in the operations' order. */
async function sendAll(
  ops: readonly OperationRef[],
  options: CallOptions | ((op: OperationRef) => CallOptions),
): Promise<[OperationRef, Answer][]> {
  const answers = await inBatches(ops, (op) => callOperation(server.url, op, typeof options === 'function' ? options(op) : options));
  return ops.map((op, i) => [op, answers[i]!]);
}

function expectAccepted(results: [OperationRef, Answer][], label: string): void {
  for (const [op, answer] of results) {
    expect(accepted(answer), `${label}: ${describeOp(op)} answered ${answer.status} ${answer.text}`).toBe(true);
    // Past auth, the only 5xx is 501 `not_implemented` for an operation without a handler yet (D-13).
    if (answer.status >= 500)
      expect(answer.status === 501 && isFamilyError(op, answer.body, 'not_implemented'), `${describeOp(op)}: ${answer.text}`).toBe(true);
  }
}

function expectRefused(results: [OperationRef, Answer][], status: 401 | 403, label: string): void {
  for (const [op, answer] of results) {
    expect(answer.status, `${label}: ${describeOp(op)} answered ${answer.text}`).toBe(status);
    expect(isSharedError(answer.body), `${label}: ${describeOp(op)} shape ${answer.text}`).toBe(true);
    if (status === 401) expect(answer.headers.get('www-authenticate'), describeOp(op)).toBe('Bearer');
  }
}

/** Moves the manual clock to a fresh one-minute rate-limit window (monitoring allows 60 per minute per account and per IP). */
async function nextWindow(): Promise<void> {
  const now = server.clock.now().getTime();
  const moved = await server.admin('POST', '/admin/clock/advance', { seconds: (60_000 - (now % 60_000)) / 1000 });
  expect(moved.status).toBe(200);
}

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startTestServer(SERVER_OPTIONS);
  main = await server.createAccount();
  free = await server.createAccount({ plan: 'free', billing: 'none', cardStatus: 'none' });
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});
beforeEach(async () => {
  await nextWindow();
});

describe(`security of every operation (${OPERATIONS.length} from spec/openapi.json)`, () => {
  it('walks the whole document', () => {
    expect(OPERATIONS.length).toBeGreaterThan(20);
    // Publishable keys reach exactly the operations whose definition says so (helpers, D-45).
    const publishable = Object.values(PUBLIC_OPERATIONS).filter((def) => def.access === 'publishable');
    expect(PUBLISHABLE_OPS.map(operationId).sort()).toEqual(publishable.map((def) => def.operationId).sort());
    expect(SECRET_ONLY_OPS.length + PUBLISHABLE_OPS.length).toBe(Object.keys(PUBLIC_OPERATIONS).length);
  });

  it('accepts a secret key on its own prefix', async () => {
    expectAccepted(await sendAll(OPERATIONS, { prefix: PREFIX.test, headers: bearer(main.keys.secretTest) }), 'test key on test prefix');
    const live = await sendAll(OPERATIONS, { prefix: PREFIX.live, headers: bearer(main.keys.secretLive) });
    expectAccepted(
      live.filter(([op]) => !isTestOnly(op)),
      'live key on live prefix',
    );
    for (const [op, answer] of live.filter(([op]) => isTestOnly(op))) expect(answer.status, describeOp(op)).toBe(404);
  });

  it('refuses a request without a key: 401, shared shape, WWW-Authenticate: Bearer', async () => {
    expectRefused(await sendAll(OPERATIONS, { prefix: PREFIX.test }), 401, 'no Authorization');
    expectRefused(
      await sendAll(OPERATIONS, { prefix: PREFIX.test, headers: { Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` } }),
      401,
      'Basic',
    );
    expectRefused(await sendAll(OPERATIONS, { prefix: PREFIX.test, headers: { Authorization: 'Bearer' } }), 401, 'empty Bearer');
  });

  it('refuses an unknown or malformed key with 401', async () => {
    const unknown = `svc_sk_test_${'Z9'.repeat(16)}`;
    expectRefused(await sendAll(OPERATIONS, { prefix: PREFIX.test, headers: bearer(unknown) }), 401, 'unknown key');
    expectRefused(
      await sendAll(OPERATIONS, { prefix: PREFIX.test, headers: bearer(`${main.keys.secretTest}x`) }),
      401,
      'key one character too long',
    );
    expectRefused(await sendAll(OPERATIONS, { prefix: PREFIX.test, headers: bearer('svc_sk_test_short') }), 401, 'short key');
  });

  it('refuses a key on the other environment prefix with 403', async () => {
    expectRefused(
      await sendAll(OPERATIONS, { prefix: PREFIX.test, headers: bearer(main.keys.secretLive) }),
      403,
      'live key on test prefix',
    );
    const liveWithTestKey = await sendAll(OPERATIONS, { prefix: PREFIX.live, headers: bearer(main.keys.secretTest) });
    // x-test-only operations do not exist on the live prefix: 404 before any key is looked at.
    expectRefused(
      liveWithTestKey.filter(([op]) => !isTestOnly(op)),
      403,
      'test key on live prefix',
    );
    for (const [op, answer] of liveWithTestKey.filter(([op]) => isTestOnly(op))) expect(answer.status, describeOp(op)).toBe(404);
  });

  it('refuses a publishable key on every secret-only operation with 403, even from an allowed origin', async () => {
    expectRefused(
      await sendAll(SECRET_ONLY_OPS, { prefix: PREFIX.test, headers: { ...bearer(main.keys.publishableTest), Origin: ORIGIN_LOCAL } }),
      403,
      'publishable key on a secret-only operation',
    );
  });

  it('accepts a publishable key on the helpers only from always-allowed or listed domains (D-03, D-06)', async () => {
    const pk = main.keys.publishableTest;
    expectAccepted(
      await sendAll(PUBLISHABLE_OPS, { prefix: PREFIX.test, headers: { ...bearer(pk), Origin: ORIGIN_LOCAL } }),
      'Origin localhost',
    );
    expectAccepted(
      await sendAll(PUBLISHABLE_OPS, { prefix: PREFIX.test, headers: { ...bearer(pk), Origin: 'http://127.0.0.1:8080' } }),
      'Origin 127.0.0.1',
    );
    expectAccepted(
      await sendAll(PUBLISHABLE_OPS, { prefix: PREFIX.test, headers: { ...bearer(pk), Origin: 'https://shop.dev.test' } }),
      'Origin *.test',
    );
    expectRefused(
      await sendAll(PUBLISHABLE_OPS, { prefix: PREFIX.test, headers: { ...bearer(pk), Origin: 'https://app.example.com' } }),
      403,
      'domain not yet listed',
    );

    const keyId = await keyIdOf(main.id, pk);
    const patched = await server.admin<{ domains: string[] }>('PATCH', `/admin/keys/${keyId}`, { domains: ['app.example.com'] });
    expect(patched.status).toBe(200);
    expect(patched.body.domains).toEqual(['app.example.com']);

    expectAccepted(
      await sendAll(PUBLISHABLE_OPS, { prefix: PREFIX.test, headers: { ...bearer(pk), Origin: 'https://app.example.com' } }),
      'own domain',
    );
    expectAccepted(
      await sendAll(PUBLISHABLE_OPS, { prefix: PREFIX.test, headers: { ...bearer(pk), Referer: 'https://app.example.com/signup?step=2' } }),
      'own domain by Referer',
    );
    expectRefused(
      await sendAll(PUBLISHABLE_OPS, { prefix: PREFIX.test, headers: { ...bearer(pk), Origin: 'https://evil.example.net' } }),
      403,
      'foreign origin',
    );
    expectRefused(
      await sendAll(PUBLISHABLE_OPS, {
        prefix: PREFIX.test,
        headers: { ...bearer(pk), Origin: 'https://app.example.com.evil.example.net' },
      }),
      403,
      'suffix trick',
    );
    expectRefused(await sendAll(PUBLISHABLE_OPS, { prefix: PREFIX.test, headers: bearer(pk) }), 403, 'neither Origin nor Referer');
    // The live publishable key on the live prefix follows the same rules.
    expectAccepted(
      await sendAll(PUBLISHABLE_OPS, { prefix: PREFIX.live, headers: { ...bearer(main.keys.publishableLive), Origin: ORIGIN_LOCAL } }),
      'live publishable key',
    );
    expectRefused(
      await sendAll(PUBLISHABLE_OPS, { prefix: PREFIX.test, headers: { ...bearer(main.keys.publishableLive), Origin: ORIGIN_LOCAL } }),
      403,
      'live publishable key on test prefix',
    );
  });

  it('refuses a secret key used from a browser (Origin, or browser Sec-Fetch-* headers) with 403', async () => {
    const sk = bearer(main.keys.secretTest);
    expectRefused(
      await sendAll(OPERATIONS, { prefix: PREFIX.test, headers: { ...sk, Origin: ORIGIN_LOCAL } }),
      403,
      'secret key with Origin',
    );
    expectRefused(
      await sendAll(OPERATIONS, { prefix: PREFIX.test, headers: { ...sk, 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Site': 'cross-site' } }),
      403,
      'secret key with Sec-Fetch-Mode and -Site',
    );
    // Node's fetch (the SDK on a server) sends `Sec-Fetch-Mode: cors` alone on every request: not a browser.
    expectAccepted(await sendAll(OPERATIONS, { prefix: PREFIX.test, headers: { ...sk, 'Sec-Fetch-Mode': 'cors' } }), 'server-side fetch');
  });

  it('refuses a free account live key with 403 sandbox_only in the family shape (D-04)', async () => {
    const results = await sendAll(OPERATIONS, { prefix: PREFIX.live, headers: bearer(free.keys.secretLive) });
    for (const [op, answer] of results) {
      if (isTestOnly(op)) {
        expect(answer.status, describeOp(op)).toBe(404);
        continue;
      }
      expect(answer.status, `${describeOp(op)}: ${answer.text}`).toBe(403);
      if (isMonitoring(op)) {
        expect(isApiError(answer.body, 'sandbox_only'), `${describeOp(op)}: ${answer.text}`).toBe(true);
        expect(Object.keys(answer.body as object).sort()).toEqual(['error', 'message']);
      } else {
        expect(isSharedError(answer.body), `${describeOp(op)}: ${answer.text}`).toBe(true);
        expect((answer.body as { errors: string[] }).errors[0]).toContain('sandbox_only');
      }
    }
    // The same account's test key works.
    expectAccepted(await sendAll(OPERATIONS, { prefix: PREFIX.test, headers: bearer(free.keys.secretTest) }), 'free account test key');
  });

  it('refuses an instantly rolled key at once; the new key works (D-05)', async () => {
    const account = await server.createAccount();
    const keyId = await keyIdOf(account.id, account.keys.secretTest);
    const rolled = await server.admin<{ secret: string; key: { id: string } }>('POST', `/admin/keys/${keyId}/roll`, {
      strategy: 'instant',
    });
    expect(rolled.status).toBe(200);
    expect(rolled.body.secret).toMatch(/^svc_sk_test_[A-Za-z0-9]{32}$/);
    expectRefused(
      await sendAll(OPERATIONS, { prefix: PREFIX.test, headers: bearer(account.keys.secretTest) }),
      401,
      'instantly rolled key',
    );
    expectAccepted(await sendAll(OPERATIONS, { prefix: PREFIX.test, headers: bearer(rolled.body.secret) }), 'new key after instant roll');
  });

  it('accepts a delayed-rolled key until 24 hours later by the service clock, then refuses it (D-05)', async () => {
    const account = await server.createAccount();
    const keyId = await keyIdOf(account.id, account.keys.secretTest);
    const rolled = await server.admin<{ secret: string }>('POST', `/admin/keys/${keyId}/roll`, { strategy: 'delayed' });
    expect(rolled.status).toBe(200);
    const oldKey = bearer(account.keys.secretTest);
    const newKey = bearer(rolled.body.secret);
    expectAccepted(await sendAll(OPERATIONS, { prefix: PREFIX.test, headers: oldKey }), 'old key right after a delayed roll');
    expectAccepted(await sendAll(OPERATIONS, { prefix: PREFIX.test, headers: newKey }), 'new key right after a delayed roll');

    expect((await server.admin('POST', '/admin/clock/advance', { seconds: 24 * 3600 - 1 })).status).toBe(200);
    expectAccepted(await sendAll(OPERATIONS, { prefix: PREFIX.test, headers: oldKey }), 'old key one second before 24 h');

    expect((await server.admin('POST', '/admin/clock/advance', { seconds: 1 })).status).toBe(200);
    expectRefused(await sendAll(OPERATIONS, { prefix: PREFIX.test, headers: oldKey }), 401, 'old key at exactly 24 h');
    expectAccepted(await sendAll(OPERATIONS, { prefix: PREFIX.test, headers: newKey }), 'new key after 24 h');
  });

  it('accepts V1 credentials on the V1 prefix with deprecation headers; a personal access token is V1 only (D-40)', async () => {
    const legacy = await sendAll(OPERATIONS, { prefix: PREFIX.v1Test, headers: { 'X-Auth-SVC': main.keys.secretTest } });
    expectAccepted(legacy, 'X-Auth-SVC on V1');
    for (const [op, answer] of legacy) {
      expect(answer.headers.get('deprecation'), describeOp(op)).toBe('true');
      expect(answer.headers.get('link'), describeOp(op)).toBe('</docs/migration-v1>; rel="deprecation"');
    }
    // X-Auth-SVC is a V1 method only.
    expectRefused(
      await sendAll(OPERATIONS, { prefix: PREFIX.test, headers: { 'X-Auth-SVC': main.keys.secretTest } }),
      401,
      'X-Auth-SVC on V2',
    );

    const issued = await server.admin<{ token: string }>('POST', `/admin/accounts/${main.id}/tokens`, { name: 'security suite' });
    expect(issued.status).toBe(201);
    const token = bearer(issued.body.token);
    const viaToken = await sendAll(OPERATIONS, { prefix: PREFIX.v1Test, headers: token });
    expectAccepted(viaToken, 'personal access token on V1');
    for (const [op, answer] of viaToken) expect(answer.headers.get('deprecation'), describeOp(op)).toBe('true');
    expectRefused(await sendAll(OPERATIONS, { prefix: PREFIX.test, headers: token }), 401, 'personal access token on V2');
    expectRefused(
      await sendAll(OPERATIONS, { prefix: PREFIX.v1Test, headers: bearer('svc_pat_NotATokenNotATokenNotATokenNotAToken1234') }),
      401,
      'unknown token on V1',
    );
    // V1 still checks environments: a live key on the V1 test prefix is refused.
    expectRefused(
      await sendAll(OPERATIONS, { prefix: PREFIX.v1Test, headers: { 'X-Auth-SVC': main.keys.secretLive } }),
      403,
      'live key on V1 test prefix',
    );
  });
});

/** A fresh owner (account A) and stranger (account B) on a server, for the cross-account check. */
async function partiesOn(target: TestServer): Promise<CrossAccountParties> {
  return { server: target, owner: await target.createAccount(), stranger: await target.createAccount(), receiverUrl: receiver.url };
}

describe(`ids of another account or environment answer 404 (${ID_OPS.length} id-bearing operations)`, () => {
  let parties: CrossAccountParties;
  beforeAll(async () => {
    parties = await partiesOn(server);
  });

  it('has factories only for resources the document names', () => {
    const resources = new Set(ID_OPS.map((op) => resourceOf(op.path)));
    expect(Object.keys(RESOURCE_FACTORIES).filter((resource) => !resources.has(resource))).toEqual([]);
    expect(ID_OPS_WITH_FACTORY.length).toBeGreaterThan(0);
  });

  it.each(ID_OPS_WITH_FACTORY.map((op) => [describeOp(op), op] as const))(
    '%s: created for real by A, 404 for B and for A on live, not 404 for A',
    async (_name, op) => {
      expect(await crossAccountProblems(op, parties)).toEqual([]);
    },
  );

  it('leaves unchecked exactly the operations the running server answers 501 not_implemented', async ({ annotate }) => {
    const answering501 = (await notImplemented(server, parties.owner, ID_OPS)).map(operationId).sort();
    const unchecked = ID_OPS.filter((op) => !hasFactory(op))
      .map(operationId)
      .sort();
    await annotate(`not implemented yet, so not checked (${answering501.length}): ${answering501.join(', ') || 'none'}`);
    // What answers 501 on the wire is what the app computed from the document and its handler map.
    expect(answering501).toEqual(
      ID_OPS.map(operationId)
        .filter((id) => server.built.pending.public.includes(id))
        .sort(),
    );
    // An operation that stopped answering 501 needs its resource's entry in resource-factories.ts.
    expect(unchecked, 'id-bearing operations without a factory').toEqual(answering501);
  });
});

/** The planted bug: GET /lodgements/{requestId} reads the row by its id alone, whoever asks. */
const leakyGetLodgement: PublicHandlers['getLodgement'] = async (ctx, { params }) => {
  const [row] = await ctx.db.select().from(lodgements).where(eq(lodgements.requestId, params.requestId)).limit(1);
  if (!row) throw new NotFoundError('lodgement');
  return { status: 200, body: lodgementView(row) };
};

describe('a lookup that ignores the account scope (planted bug)', () => {
  let planted: TestServer;
  let parties: CrossAccountParties;
  beforeAll(async () => {
    planted = await startTestServer({ ...SERVER_OPTIONS, handlers: { ...PUBLIC_HANDLERS, getLodgement: leakyGetLodgement } });
    parties = await partiesOn(planted);
  });
  afterAll(async () => {
    await planted?.close();
  });

  it('is reported by the cross-account check, for that operation only', async () => {
    const reports = new Map<string, string[]>();
    for (const op of ID_OPS_WITH_FACTORY) reports.set(operationId(op), await crossAccountProblems(op, parties));
    const failing = [...reports].filter(([, problems]) => problems.length > 0).map(([id]) => id);
    expect(failing).toEqual(['getLodgement']);
    expect(reports.get('getLodgement')).toEqual([
      expect.stringMatching(/^another account \(its test secret key\) answered 200, not 404/),
      expect.stringMatching(/^the owner's live secret key on the live prefix answered 200, not 404/),
    ]);
  });
});
