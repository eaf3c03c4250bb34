// The cross-account, idempotency, webhook and pacing checks against a fake multi-account server
// (fake-tenant-server.ts): each check passes on the correct server and fails on the one bug it is
// meant to catch.
import { afterEach, describe, expect, it } from 'vitest';
import { ArbitraryBuilder } from '../src/arbitraries.js';
import type { PhaseContext } from '../src/context.js';
import { listOperations } from '../src/document.js';
import { LocationFinder } from '../src/locations.js';
import { checkIdempotency } from '../src/phases/idempotency.js';
import { checkForeignIds, checkForeignLists } from '../src/phases/isolation.js';
import { judgeDelivery } from '../src/phases/webhook-deliveries.js';
import { SchemaViews } from '../src/schema-view.js';
import { Session } from '../src/session.js';
import type { CheckName, OperationInfo, RequestParts } from '../src/types.js';
import { Validators } from '../src/validator.js';
import { FAKE_DOCUMENT, KEY_A, KEY_B, LIMIT, SECRET, startFakeServer, type Bugs, type FakeServer } from './fake-tenant-server.js';

const operations = new Map(listOperations(FAKE_DOCUMENT).map((op) => [op.id, op]));
const op = (id: string): OperationInfo => operations.get(id)!;
const validators = new Validators(FAKE_DOCUMENT);
const views = new SchemaViews(FAKE_DOCUMENT);

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function context(baseUrl: string): PhaseContext {
  const session = new Session({ baseUrl, credentials: { secret: KEY_A }, validators, timeoutMs: 5_000, maxWaitSeconds: 30, log: () => {} });
  return {
    doc: FAKE_DOCUMENT,
    operations,
    session,
    views,
    arbitraries: new ArbitraryBuilder(views),
    locations: new LocationFinder(views, validators),
    budget: { maxExamples: 1, maxCoverage: 1, maxBoundaryLength: 100, maxShrinkRequests: 1 },
    seed: 1,
    log: () => {},
  };
}

const verdict = (ctx: PhaseContext, operationId: string, check: CheckName) => {
  const tally = ctx.session.tally(operationId, check);
  return tally?.fail ? 'fail' : tally?.pass ? 'pass' : 'none';
};

async function createAsA(baseUrl: string, name = 'mine'): Promise<string> {
  const answer = await fetch(`${baseUrl}/widgets`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${KEY_A}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  return ((await answer.json()) as { id: string }).id;
}

async function started(bugs: Bugs = {}, rateLimited = false): Promise<{ ctx: PhaseContext; server: FakeServer }> {
  server = await startFakeServer(bugs, rateLimited);
  return { ctx: context(server.baseUrl), server };
}

describe('account_isolation: another account gets the documented 404 and none of the rows', () => {
  const outsider = (baseUrl: string) => ({ label: 'account B', secret: KEY_B, baseUrl });

  it.each([
    [{}, 'pass'],
    [{ foreignIdForbidden: true }, 'fail'],
  ] as const)('an id of account A asked for by account B (bugs %o): %s', async (bugs, expected) => {
    const { ctx, server } = await started(bugs);
    const id = await createAsA(server.baseUrl);
    const parts: RequestParts = { path: { id }, query: {}, header: {} };
    await checkForeignIds(ctx, [{ operation: op('getWidget'), parts }], [outsider(server.baseUrl)]);
    expect(verdict(ctx, 'getWidget', 'account_isolation')).toBe(expected);
    if (expected === 'fail')
      expect(ctx.session.failures[0]?.message).toMatch(/answered 403: it must not tell account B the id exists; expected 404/);
  });

  it.each([
    [{}, 'pass'],
    [{ listLeaks: true }, 'fail'],
  ] as const)("account B's list (bugs %o): %s", async (bugs, expected) => {
    const { ctx, server } = await started(bugs);
    const id = await createAsA(server.baseUrl);
    await checkForeignLists(ctx, [op('listWidgets')], new Set([id]), outsider(server.baseUrl));
    expect(verdict(ctx, 'listWidgets', 'account_isolation')).toBe(expected);
    if (expected === 'fail') expect(ctx.session.failures[0]?.message).toContain(id);
  });
});

describe('idempotent_replay: one effect, the same answer replayed, 409 for another body', () => {
  const count = (baseUrl: string) => async () => {
    const answer = await fetch(`${baseUrl}/widgets`, { headers: { Authorization: `Bearer ${KEY_A}` } });
    return ((await answer.json()) as { data: unknown[] }).data.length;
  };

  const replayTwice = (ctx: PhaseContext, server: FakeServer) =>
    checkIdempotency(
      ctx,
      op('createWidget'),
      { path: {}, query: {}, header: {}, body: { kind: 'json', value: { name: 'first' } } },
      count(server.baseUrl),
    );

  it('passes on a server that replays', async () => {
    const { ctx, server } = await started();
    await replayTwice(ctx, server);
    expect(verdict(ctx, 'createWidget', 'idempotent_replay')).toBe('pass');
    // The replay and the conflict were both judged.
    expect(ctx.session.tally('createWidget', 'idempotent_replay')?.pass).toBe(2);
    expect(await count(server.baseUrl)()).toBe(1);
  });

  it('fails on a server that never replays a key', async () => {
    const { ctx, server } = await started({ neverReplays: true });
    await replayTwice(ctx, server);
    expect(verdict(ctx, 'createWidget', 'idempotent_replay')).toBe('fail');
    const messages = ctx.session.failures.map((f) => f.message).join('\n');
    expect(messages).toMatch(/Idempotent-Replayed: \(none\), expected true/);
    expect(messages).toMatch(/the replay acted again \(count 1 after the first, 2 after the replay\)/);
    expect(messages).toMatch(/another body: got 201 .*expected 409 idempotency_key_reused/);
  });
});

describe('webhook_conformance: deliveries verify with the endpoint secret and match the document', () => {
  it.each([
    [{}, 'pass'],
    [{ wrongSigningKey: true }, 'fail'],
  ] as const)('a delivery (bugs %o): %s', async (bugs, expected) => {
    const { server } = await started(bugs);
    await createAsA(server.baseUrl);
    const delivery = server.deliveries[0]!;
    const judged = judgeDelivery(FAKE_DOCUMENT, validators, delivery, SECRET);
    expect(judged.status).toBe(expected);
    if (expected === 'fail') {
      expect(judged.message).toMatch(/X-Svc-Signature does not verify with the endpoint's secret/);
      expect(judged.message).toMatch(/webhook-signature does not verify/);
    }
  });

  it('fails a delivery signed more than 5 minutes from this machine`s clock (D-62: the signed time is real time)', async () => {
    const { server } = await started();
    await createAsA(server.baseUrl);
    const delivery = server.deliveries[0]!;
    expect(judgeDelivery(FAKE_DOCUMENT, validators, delivery, SECRET).status).toBe('pass');
    const judged = judgeDelivery(FAKE_DOCUMENT, validators, delivery, SECRET, () => Date.now() + 3600_000);
    expect(judged).toMatchObject({ status: 'fail', message: expect.stringMatching(/more than 5 minutes from this machine's clock/) });
  });

  it('fails a payload the event schema does not allow', async () => {
    const { server } = await started();
    await createAsA(server.baseUrl);
    const delivery = server.deliveries[0]!;
    const judged = judgeDelivery(
      FAKE_DOCUMENT,
      validators,
      { ...delivery, body: delivery.body.replace('"widget.created"', '"widget.gone"') },
      SECRET,
    );
    expect(judged).toMatchObject({ status: 'fail', message: expect.stringMatching(/not in the document's webhooks/) });
  });
});

describe('pacing by RateLimit headers', () => {
  it(`waits for the window instead of running into 429 (${LIMIT} requests a second)`, async () => {
    const { ctx, server } = await started({}, true);
    const list = op('listWidgets');
    for (let i = 0; i < LIMIT * 3; i++) {
      const evaluation = await ctx.session.probe(
        list,
        ctx.session.request(list, { path: {}, query: {}, header: {} }, 'secret'),
        'examples',
        [],
      );
      expect(evaluation.response.status).toBe(200);
    }
    expect(server.refused()).toBe(0);
    expect(ctx.session.pacer.figures).toMatchObject({ unplanned: 0, planned: 0 });
    expect(ctx.session.pacer.figures.paced).toBeGreaterThanOrEqual(2);
  });

  it('a read inside the documented poll interval is a planned 429; without the documented interval, unplanned', async () => {
    const { ctx, server } = await started();
    const id = await createAsA(server.baseUrl);
    const read = async (operation: OperationInfo) =>
      (
        await ctx.session.probe(
          operation,
          ctx.session.request(operation, { path: { id }, query: {}, header: {} }, 'secret'),
          'examples',
          [],
        )
      ).response.status;
    expect(op('getWidget').pollIntervalSeconds).toBe(900);
    expect([await read(op('getWidget')), await read(op('getWidget'))]).toEqual([200, 429]);
    expect(ctx.session.pacer.figures).toMatchObject({ planned: 1, unplanned: 0 });
    const { pollIntervalSeconds: _documented, ...undocumented } = op('getWidget');
    expect(await read(undocumented)).toBe(429);
    expect(ctx.session.pacer.figures).toMatchObject({ planned: 1, unplanned: 1 });
  });
});
