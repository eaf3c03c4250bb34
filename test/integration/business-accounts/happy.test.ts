// Business account applications end to end through the generated SDK (spec 2.4, 3.3, 4.4; D-17,
// D-37, D-56; sandbox.md): every document example is accepted; an application goes `new` -> `sent`
// (the partner receives the validated application, serialised, never the request's own bytes) ->
// `finished` after SVC_SANDBOX_ACTIVATION_DELAY_S with a deterministic BSB and account number, or
// `rejected` for a `+reject` director e-mail; numbers are masked until activation; a live activation
// credits 50.00 and a test one nothing; an open application for the same ACN or ABN is returned
// instead of a second one (also under 50 concurrent submissions); status reads are limited to one
// per 15 minutes of service time.
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { deliveryTest } from '../../support/fixtures.js';
import { createWebhookEndpoint } from '../../../generated/client/index.js';
import { partnerReferenceOf } from '../../../server/domain/business-accounts/partner-progress.js';
import { decideApplication } from '../../../server/registers/banking/simulated-banking-partner.js';
import { businessAccountApplications } from '../../../server/store/schema/index.js';
import { sdkClient, type TestAccount, type TestServer } from '../../support/harness.js';
import type { Receiver } from '../webhooks/delivery.support.js';
import { brisbaneDateTime } from '../../../schemas/common/dates.js';
import { BusinessAccountApplication } from '../../../schemas/business-accounts/index.js';
import { POLL_SECONDS, PREFIX, advance, apply, documentExamples, mutate, rawCall, readStatus, withValue } from './support.js';

/** Longer than one polling interval, so a test can read `sent` before the activation. */
const ACTIVATION_DELAY_S = 2 * POLL_SECONDS;

const it = deliveryTest({ env: { SVC_SANDBOX_ACTIVATION_DELAY_S: String(ACTIVATION_DELAY_S) } });
let server: TestServer;
let receiver: Receiver;
const examples = documentExamples();
const company = examples.company!;
const rejectedExample = examples.rejected!;

it.beforeAll(async ({ server: started, receiver: startedReceiver }) => {
  server = started;
  receiver = startedReceiver;
});

/** A fresh account, with a `*` webhook endpoint per environment (business accounts must send none). */
async function freshAccount(): Promise<TestAccount> {
  const account = await server.createAccount();
  for (const [key, prefix] of [
    [account.keys.secretTest, PREFIX.test],
    [account.keys.secretLive, PREFIX.live],
  ] as const) {
    const { response } = await createWebhookEndpoint({
      client: sdkClient(server, key, prefix),
      body: { url: `${receiver.url}/${account.id}`, eventTypes: ['*'] },
    });
    expect(response.status).toBe(201);
  }
  return account;
}

async function statusOf(account: TestAccount, requestId: number, prefix: string = PREFIX.test) {
  const key = prefix === PREFIX.live ? account.keys.secretLive : account.keys.secretTest;
  const read = await readStatus(server, key, requestId, prefix);
  expect(read.status, JSON.stringify(read.error)).toBe(200);
  return read.data!;
}

async function charges(account: TestAccount) {
  return (
    await server.admin<{ data: { amount: number; kind: string; reference: string; environment: string }[] }>(
      'GET',
      `/admin/accounts/${account.id}/charges`,
    )
  ).body.data;
}

describe('applying', () => {
  it.each(Object.entries(examples))('accepts the document example %s: 201 {requestId, status: new}', async (_name, body) => {
    const account = await freshAccount();
    const created = await apply(server, account.keys.secretTest, body);
    expect(created.status).toBe(201);
    expect(created.requestId).toBeGreaterThan(0);
    expect(created.applicationStatus).toBe('new');
    expect(await statusOf(account, created.requestId)).toEqual({
      requestId: created.requestId,
      status: 'new',
      entityName: body.generalInformation.companyName,
      acn: body.accountInformation.acn ?? null,
      abn: body.accountInformation.abn ?? null,
      bsb: '******',
      accountNumber: '******',
      activatedAt: null,
      submittedAt: brisbaneDateTime(server.clock.now()),
    });
  });
});

describe('the partner on the manual clock', () => {
  it('new -> sent at once (the validated application) -> finished after the activation delay, numbers masked until then', async () => {
    const account = await freshAccount();
    // Whitespace, member order and escapes the SDK would not produce: none of them reaches the partner.
    const reordered = Object.fromEntries(Object.entries(company).reverse());
    const raw = `${JSON.stringify(reordered, null, 3).replace('"SANDBOX TRADING PTY LTD"', '"SANDBOX TRADING PTY \\u004cTD"')}\n`;
    expect(JSON.parse(raw)).toEqual(company);
    const submittedAt = server.clock.now();
    const answer = await rawCall(server, account.keys.secretTest, 'POST', '/business-accounts', raw);
    expect(answer.status).toBe(201);
    const requestId = (answer.body as { requestId: number }).requestId;
    expect((await statusOf(account, requestId)).status).toBe('new');

    await advance(server, POLL_SECONDS);
    const sent = await statusOf(account, requestId);
    expect(sent).toMatchObject({
      status: 'sent',
      bsb: '******',
      accountNumber: '******',
      activatedAt: null,
      submittedAt: brisbaneDateTime(submittedAt),
    });
    // D-56: exactly the validated object, serialised; every value as sent, none of the raw bytes' form.
    const received = (await server.deps.registers.banking.received(partnerReferenceOf(requestId)))!.toString('utf8');
    expect(received).toBe(JSON.stringify(BusinessAccountApplication.parse(JSON.parse(raw))));
    expect(JSON.parse(received)).toEqual(company);
    expect(received).not.toBe(raw);
    expect(received).not.toMatch(/\\u004c|\n {3}/);
    // What the service stored is what the partner holds.
    const [stored] = await server.deps.db
      .select({ payload: businessAccountApplications.payload })
      .from(businessAccountApplications)
      .where(eq(businessAccountApplications.requestId, requestId));
    expect(stored!.payload.toString('utf8')).toBe(received);

    await advance(server, ACTIVATION_DELAY_S - POLL_SECONDS);
    const finished = await statusOf(account, requestId);
    const expected = decideApplication(partnerReferenceOf(requestId), Buffer.from(raw));
    expect(expected.outcome).toBe('activated');
    expect(finished).toEqual({
      requestId,
      status: 'finished',
      entityName: 'SANDBOX TRADING PTY LTD',
      acn: '100000011',
      abn: '60100000011',
      bsb: expected.outcome === 'activated' ? expected.bsb : '',
      accountNumber: expected.outcome === 'activated' ? expected.accountNumber : '',
      // Sent at once when submitted, activated SVC_SANDBOX_ACTIVATION_DELAY_S later.
      activatedAt: brisbaneDateTime(new Date(submittedAt.getTime() + ACTIVATION_DELAY_S * 1000)),
      submittedAt: brisbaneDateTime(submittedAt),
    });
    expect(finished.bsb).toMatch(/^062\d{3}$/);
    expect(finished.accountNumber).toMatch(/^\d{8}$/);
    // A test activation credits nothing; no submission is charged.
    expect(await charges(account)).toEqual([]);
    // Spec 6.1 lists no business account event: the `*` endpoints heard nothing.
    expect(receiver.hits.filter((hit) => hit.path === `/${account.id}`)).toEqual([]);
  });

  it('gives the same BSB and account number for the same application every time', () => {
    const body = Buffer.from(JSON.stringify(company));
    expect(decideApplication('bap_42', body)).toEqual(decideApplication('bap_42', Buffer.from(JSON.stringify(company))));
    expect(decideApplication('bap_42', body)).not.toEqual(decideApplication('bap_43', body));
  });

  it('a live activation credits the account 50.00, once', async () => {
    const account = await freshAccount();
    const created = await apply(server, account.keys.secretLive, company, PREFIX.live);
    expect(created.status).toBe(201);
    await advance(server, ACTIVATION_DELAY_S + 1);
    expect((await statusOf(account, created.requestId, PREFIX.live)).status).toBe('finished');
    expect(await charges(account)).toEqual([
      expect.objectContaining({ amount: -5000, environment: 'live', reference: `business_account:${created.requestId}` }),
    ]);
    await advance(server, 3600);
    expect(await charges(account)).toHaveLength(1);
    expect(receiver.hits.filter((hit) => hit.path === `/${account.id}`)).toEqual([]);
  });

  it('+reject: sent, then rejected; never unmasked, no credit even live', async () => {
    const account = await freshAccount();
    const created = await apply(server, account.keys.secretLive, rejectedExample, PREFIX.live);
    await advance(server, POLL_SECONDS);
    expect((await statusOf(account, created.requestId, PREFIX.live)).status).toBe('sent');
    await advance(server, ACTIVATION_DELAY_S);
    expect(await statusOf(account, created.requestId, PREFIX.live)).toMatchObject({
      status: 'rejected',
      acn: null,
      abn: '60100000011',
      bsb: '******',
      accountNumber: '******',
      activatedAt: null,
    });
    expect(await charges(account)).toEqual([]);
  });

  it('+reject on any director (not only the first) rejects; reject without the plus does not', async () => {
    const account = await freshAccount();
    const second = withValue(company, 'accountInformation.directorsContacts.1.email', 'john.smith+REJECT+reject@example.com');
    const domainOnly = mutate(
      company,
      ['accountInformation.acn', '100000020'],
      ['accountInformation.abn', '62100000020'],
      ['accountInformation.directorsContacts.0.email', 'reject.jane@reject.example.com'],
    );
    const a = await apply(server, account.keys.secretTest, second);
    const b = await apply(server, account.keys.secretTest, domainOnly);
    await advance(server, ACTIVATION_DELAY_S + 1);
    expect((await statusOf(account, a.requestId)).status).toBe('rejected');
    expect((await statusOf(account, b.requestId)).status).toBe('finished');
  });
});

describe('one open application per ACN or ABN (spec 3.3, D-17)', () => {
  it('returns the open application with 200 and its current status, then allows a new one once it ends', async () => {
    const account = await freshAccount();
    const first = await apply(server, account.keys.secretTest, company);
    expect(first.status).toBe(201);
    const again = await apply(server, account.keys.secretTest, company);
    expect(again).toMatchObject({ status: 200, requestId: first.requestId, applicationStatus: 'new' });
    await advance(server, 1);
    const whileSent = await apply(server, account.keys.secretTest, company);
    expect(whileSent).toMatchObject({ status: 200, requestId: first.requestId, applicationStatus: 'sent' });
    await advance(server, ACTIVATION_DELAY_S);
    expect((await statusOf(account, first.requestId)).status).toBe('finished');
    const next = await apply(server, account.keys.secretTest, company);
    expect(next.status).toBe(201);
    expect(next.requestId).not.toBe(first.requestId);
  });

  it('matches on the ACN alone and on the ABN alone', async () => {
    const account = await freshAccount();
    const both = await apply(server, account.keys.secretTest, company);
    const acnOnly = withValue(company, 'accountInformation.abn', undefined);
    const abnOnly = withValue(company, 'accountInformation.acn', undefined);
    expect(await apply(server, account.keys.secretTest, acnOnly)).toMatchObject({ status: 200, requestId: both.requestId });
    expect(await apply(server, account.keys.secretTest, abnOnly)).toMatchObject({ status: 200, requestId: both.requestId });
    const other = mutate(company, ['accountInformation.acn', '100000020'], ['accountInformation.abn', '62100000020']);
    expect((await apply(server, account.keys.secretTest, other)).status).toBe(201);
  });

  it('a rejected application does not block a new one', async () => {
    const account = await freshAccount();
    const first = await apply(server, account.keys.secretTest, rejectedExample);
    await advance(server, ACTIVATION_DELAY_S + 1);
    expect((await statusOf(account, first.requestId)).status).toBe('rejected');
    expect((await apply(server, account.keys.secretTest, rejectedExample)).status).toBe(201);
  });

  it('keeps accounts and environments apart', async () => {
    const one = await freshAccount();
    const two = await freshAccount();
    const a = await apply(server, one.keys.secretTest, company);
    const b = await apply(server, two.keys.secretTest, company);
    const c = await apply(server, one.keys.secretLive, company, PREFIX.live);
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(new Set([a.requestId, b.requestId, c.requestId]).size).toBe(3);
  });

  it('50 concurrent identical applications create one; all others answer 200 with its id', async () => {
    const account = await freshAccount();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => rawCall(server, account.keys.secretTest, 'POST', '/business-accounts', JSON.stringify(company))),
    );
    const created = answers.filter((a) => a.status === 201);
    expect(created).toHaveLength(1);
    const id = (created[0]!.body as { requestId: number }).requestId;
    expect(answers.filter((a) => a.status === 200).map((a) => (a.body as { requestId: number }).requestId)).toEqual(Array(49).fill(id));
    const rows = await server.deps.db
      .select()
      .from(businessAccountApplications)
      .where(eq(businessAccountApplications.accountId, account.id));
    expect(rows).toHaveLength(1);
  });

  it('replays an Idempotency-Key as the first answer (201), not as a duplicate (200)', async () => {
    const account = await freshAccount();
    const first = await apply(server, account.keys.secretTest, company, PREFIX.test, 'ba-replay-1');
    const replay = await apply(server, account.keys.secretTest, company, PREFIX.test, 'ba-replay-1');
    expect(replay).toMatchObject({ status: 201, requestId: first.requestId, applicationStatus: 'new' });
    expect(replay.response.headers.get('idempotent-replayed')).toBe('true');
  });
});

describe('polling (spec 4.4, D-37)', () => {
  it('answers one read per 15 minutes per application; a sooner read is 429 with Retry-After, in the shared shape', async () => {
    const account = await freshAccount();
    const created = await apply(server, account.keys.secretTest, company);
    const other = await apply(
      server,
      account.keys.secretTest,
      mutate(company, ['accountInformation.acn', '100000020'], ['accountInformation.abn', '62100000020']),
    );
    expect((await readStatus(server, account.keys.secretTest, created.requestId)).status).toBe(200);
    await advance(server, 60);
    const early = await readStatus(server, account.keys.secretTest, created.requestId);
    expect(early.status).toBe(429);
    expect(early.headers.get('retry-after')).toBe(String(POLL_SECONDS - 60));
    expect(early.error).toEqual({ errors: [expect.stringContaining('15 minutes')] });
    // The limit is per application.
    expect((await readStatus(server, account.keys.secretTest, other.requestId)).status).toBe(200);
    // A refused read does not restart the wait.
    await advance(server, POLL_SECONDS - 61);
    const stillEarly = await readStatus(server, account.keys.secretTest, created.requestId);
    expect(stillEarly.status).toBe(429);
    expect(stillEarly.headers.get('retry-after')).toBe('1');
    await advance(server, 1);
    expect((await readStatus(server, account.keys.secretTest, created.requestId)).status).toBe(200);
    expect((await readStatus(server, account.keys.secretTest, created.requestId)).status).toBe(429);
  });

  it('keeps the last answered read in the database, where every API process reads it', async () => {
    const account = await freshAccount();
    const created = await apply(server, account.keys.secretTest, company);
    expect((await readStatus(server, account.keys.secretTest, created.requestId)).status).toBe(200);
    await server.deps.db
      .update(businessAccountApplications)
      .set({ lastPolledAt: null })
      .where(eq(businessAccountApplications.requestId, created.requestId));
    // With the stored read cleared, the next read is answered: nothing was kept in this process.
    expect((await readStatus(server, account.keys.secretTest, created.requestId)).status).toBe(200);
  });
});
