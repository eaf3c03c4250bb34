// Form 484 end to end through the generated SDK (spec 2.5, 3.1, 4.6; D-17, D-35, D-40, D-46): every
// example request of the document is lodged; the simulated regulator moves each lodgement on the
// manual clock (plain, MANUAL REVIEW and REJECT paths); each notifiable move arrives at the
// account's endpoint of that environment as one signed POST that the SDK's verifier accepts; a
// finished lodgement's documentUrl serves a real PDF of the form; Idempotency-Key replays; V1's
// testTransmissionIndicator routes to the test environment. No fee is charged.
import { describe, expect } from 'vitest';
import { deliveryTest } from '../../support/fixtures.js';
import { createWebhookEndpoint, verifyWebhook, type Form484Request } from '../../../generated/client/index.js';
import { zForm484StatusEvent } from '../../../generated/client/zod.gen.js';
import {
  REGULATOR_DECISION_DELAY_SECONDS as FORM484_DECISION_DELAY_SECONDS,
  REGULATOR_SUBMIT_DELAY_SECONDS as FORM484_SUBMIT_DELAY_SECONDS,
} from '../../../server/domain/lodgements/regulator-flow.js';
import { sdkClient, type TestAccount, type TestServer } from '../../support/harness.js';
import { pdfText } from '../../support/pdf-text.js';
import type { Hit, Receiver } from '../webhooks/delivery.support.js';
import { PREFIX, advance, documentExamples, lodge, rawCall, readStatus, withValue, type Endpoint } from './support.js';

type Environment = 'test' | 'live';

const it = deliveryTest();
let server: TestServer;
let receiver: Receiver;
let account: TestAccount;
const endpoints = {} as Record<Environment, Endpoint>;
const examples = documentExamples();
const plain = examples.registeredOffice!;

async function registerEndpoint(environment: Environment): Promise<Endpoint> {
  const key = environment === 'live' ? account.keys.secretLive : account.keys.secretTest;
  const path = `/${environment}`;
  const { data, response } = await createWebhookEndpoint({
    client: sdkClient(server, key, PREFIX[environment]),
    body: { url: `${receiver.url}${path}`, eventTypes: ['form484.status_changed'] },
  });
  expect(response.status).toBe(201);
  return { id: data!.id, secret: data!.secret, path };
}

it.beforeAll(async ({ server: started, receiver: startedReceiver }) => {
  server = started;
  receiver = startedReceiver;
  account = await server.createAccount();
  endpoints.test = await registerEndpoint('test');
  endpoints.live = await registerEndpoint('live');
});

const keyOf = (environment: Environment) => (environment === 'live' ? account.keys.secretLive : account.keys.secretTest);

/** Deliveries about one lodgement that reached one environment's endpoint, in arrival order. */
function hitsFor(environment: Environment, requestId: number): Hit[] {
  return receiver.hits.filter(
    (hit) => hit.path === endpoints[environment].path && (JSON.parse(hit.body) as { requestId: number }).requestId === requestId,
  );
}

/** One delivery as a partner receives it: verified by the SDK's verifier, the exact D-46 payload. */
function expectEvent(hit: Hit, environment: Environment, expected: { requestId: number; status: string; body: Form484Request }): void {
  const event = verifyWebhook(hit.body, hit.headers, [endpoints[environment].secret], { now: () => hit.wallAt.getTime() });
  expect(event).toStrictEqual({
    event: 'form484.status_changed',
    requestId: expected.requestId,
    interaction: 'asic-484',
    status: expected.status,
    timestamp: hit.at.toISOString(),
    entityName: expected.body.generalInformation.companyName,
    acn: expected.body.generalInformation.acn,
    deliveryId: expect.stringMatching(/^dlv_[A-Za-z0-9]{24}$/),
  });
  expect(zForm484StatusEvent.strict().safeParse(event).success).toBe(true);
  expect(hit.headers['x-svc-event']).toBe('form484.status_changed');
  // The other environment's secret does not verify it.
  const other = environment === 'test' ? endpoints.live : endpoints.test;
  expect(() => verifyWebhook(hit.body, hit.headers, [other.secret], { now: () => hit.wallAt.getTime() })).toThrow(/No signature matches/);
}

async function statusOf(requestId: number, environment: Environment = 'test') {
  const read = await readStatus(server, keyOf(environment), requestId, PREFIX[environment]);
  expect(read.status).toBe(200);
  expect(read.data!.errors).toEqual([]);
  return read.data!.response;
}

describe('lodging', () => {
  it.each(Object.entries(examples))(
    'accepts the document example %s: 201 with requestId, documentNumber and an empty documentUrl',
    async (_name, body) => {
      const created = await lodge(server, account.keys.secretTest, body);
      expect(created.requestId).toBeGreaterThan(0);
      expect(created.documentNumber).toMatch(/^[0-9A-Z]{9}$/);
      expect(created.documentUrl).toBe('');
      expect(await statusOf(created.requestId)).toEqual({
        requestId: created.requestId,
        status: 'new',
        documentNumber: created.documentNumber,
        documentUrl: '',
        info: { companyName: body.generalInformation.companyName, acn: body.generalInformation.acn },
      });
    },
  );

  it('gives every lodgement its own document number, like 7EAA12345', async () => {
    const numbers = new Set<string>();
    for (let i = 0; i < 3; i++) numbers.add((await lodge(server, account.keys.secretTest, plain)).documentNumber);
    expect(numbers.size).toBe(3);
    for (const number of numbers) expect(number).toMatch(/^7E[A-Z]{2}\d{5}$/);
  });

  it('replays an Idempotency-Key: same body, same lodgement, marked as replayed', async () => {
    const first = await lodge(server, account.keys.secretTest, plain, PREFIX.test, 'form484-replay-1');
    const again = await lodge(server, account.keys.secretTest, plain, PREFIX.test, 'form484-replay-1');
    expect(again.requestId).toBe(first.requestId);
    expect(again.documentNumber).toBe(first.documentNumber);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(first.response.headers.get('idempotent-replayed')).toBeNull();
  });

  it('charges nothing for any lodgement, live or test (D-35)', async () => {
    await lodge(server, account.keys.secretLive, plain, PREFIX.live);
    await lodge(server, account.keys.secretTest, plain);
    const charges = await server.admin<{ data: unknown[] }>('GET', `/admin/accounts/${account.id}/charges`);
    expect(charges.body.data).toEqual([]);
  });
});

describe('the regulator on the manual clock, with signed events', () => {
  it('plain: new -> submitted -> finished, one finished event, then a real PDF at documentUrl', async () => {
    const created = await lodge(server, account.keys.secretTest, plain);
    expect((await statusOf(created.requestId)).status).toBe('new');
    await advance(server, FORM484_SUBMIT_DELAY_SECONDS);
    expect(await statusOf(created.requestId)).toMatchObject({ status: 'submitted', documentUrl: '' });
    expect(hitsFor('test', created.requestId)).toEqual([]);

    await advance(server, FORM484_DECISION_DELAY_SECONDS);
    const finished = await statusOf(created.requestId);
    expect(finished.status).toBe('finished');
    const hits = hitsFor('test', created.requestId);
    expect(hits).toHaveLength(1);
    expectEvent(hits[0]!, 'test', { requestId: created.requestId, status: 'finished', body: plain });
    expect(hitsFor('live', created.requestId)).toEqual([]);

    expect(finished.documentUrl).toMatch(new RegExp(`^${server.url}/documents/doc_[A-Za-z0-9]{24}\\.pdf$`));
    const download = await fetch(finished.documentUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pdf = await pdfText(bytes);
    expect(pdf.pages).toBeGreaterThanOrEqual(1);
    for (const text of [
      'Form 484',
      created.documentNumber,
      plain.generalInformation.companyName,
      `ACN ${plain.generalInformation.acn}`,
      'Registered office',
      plain.registeredOffice!.address.street,
      'SANDBOX - NOT AN OFFICIAL DOCUMENT',
    ])
      expect(pdf.text, text).toContain(text);
    expect(pdf.info.Title).toBe(`Form 484 ${created.documentNumber}`);
    // The same document every time it is fetched.
    const again = new Uint8Array(await (await fetch(finished.documentUrl)).arrayBuffer());
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
  });

  it('MANUAL REVIEW: manual review then finished, two events with different deliveryIds, in order', async () => {
    const body = examples.sandboxManualReview!;
    expect(body.generalInformation.companyName).toContain('MANUAL REVIEW');
    const created = await lodge(server, account.keys.secretTest, body);
    await advance(server, FORM484_SUBMIT_DELAY_SECONDS + FORM484_DECISION_DELAY_SECONDS);
    expect(await statusOf(created.requestId)).toMatchObject({ status: 'manual review', documentUrl: '' });
    expect(hitsFor('test', created.requestId)).toHaveLength(1);

    await advance(server, FORM484_DECISION_DELAY_SECONDS);
    expect((await statusOf(created.requestId)).status).toBe('finished');
    const hits = hitsFor('test', created.requestId);
    expect(hits).toHaveLength(2);
    expectEvent(hits[0]!, 'test', { requestId: created.requestId, status: 'manual review', body });
    expectEvent(hits[1]!, 'test', { requestId: created.requestId, status: 'finished', body });
    const ids = hits.map((hit) => (JSON.parse(hit.body) as { deliveryId: string }).deliveryId);
    expect(new Set(ids).size).toBe(2);
    expect(hits[1]!.at.getTime() - hits[0]!.at.getTime()).toBe(FORM484_DECISION_DELAY_SECONDS * 1000);
  });

  it('REJECT: ends rejected with one event and never a document', async () => {
    const body = withValue(plain, 'generalInformation.companyName', 'REJECT TRADING PTY LTD');
    const created = await lodge(server, account.keys.secretTest, body);
    await advance(server, FORM484_SUBMIT_DELAY_SECONDS + FORM484_DECISION_DELAY_SECONDS);
    expect(await statusOf(created.requestId)).toMatchObject({ status: 'rejected', documentUrl: '' });
    const hits = hitsFor('test', created.requestId);
    expect(hits).toHaveLength(1);
    expectEvent(hits[0]!, 'test', { requestId: created.requestId, status: 'rejected', body });
    await advance(server, 3600);
    expect(await statusOf(created.requestId)).toMatchObject({ status: 'rejected', documentUrl: '' });
    expect(hitsFor('test', created.requestId)).toHaveLength(1);
  });

  it('live: the event reaches the live endpoint only, and the PDF carries no sandbox mark', async () => {
    const created = await lodge(server, account.keys.secretLive, plain, PREFIX.live);
    await advance(server, FORM484_SUBMIT_DELAY_SECONDS + FORM484_DECISION_DELAY_SECONDS);
    const finished = await statusOf(created.requestId, 'live');
    expect(finished.status).toBe('finished');
    expect(hitsFor('test', created.requestId)).toEqual([]);
    const hits = hitsFor('live', created.requestId);
    expect(hits).toHaveLength(1);
    expectEvent(hits[0]!, 'live', { requestId: created.requestId, status: 'finished', body: plain });
    const pdf = await pdfText(new Uint8Array(await (await fetch(finished.documentUrl)).arrayBuffer()));
    expect(pdf.text).toContain(created.documentNumber);
    expect(pdf.text).not.toContain('NOT AN OFFICIAL DOCUMENT');
  });

  it('summarises every section of a share issue in the PDF', async () => {
    const body = examples.shareIssue!;
    const created = await lodge(server, account.keys.secretTest, body);
    await advance(server, FORM484_SUBMIT_DELAY_SECONDS + FORM484_DECISION_DELAY_SECONDS);
    const { documentUrl } = await statusOf(created.requestId);
    const pdf = await pdfText(new Uint8Array(await (await fetch(documentUrl)).arrayBuffer()));
    for (const text of ['Share structure', 'Share issue', 'Members', 'Signature', body.signature.name.familyName])
      expect(pdf.text, text).toContain(text);
  });
});

describe('V1 (D-40) and the registry flag (spec 9.3)', () => {
  const flagged = withValue(plain, 'testTransmissionIndicator', true);

  it('on /api/v1, testTransmissionIndicator true lodges to the test environment', async () => {
    const answer = await rawCall(server, account.keys.secretLive, 'POST', '/asic-484-forms', JSON.stringify(flagged), {}, PREFIX.v1Live);
    expect(answer.status).toBe(201);
    expect(answer.headers.get('deprecation')).toBe('true');
    const { requestId } = answer.body.response as { requestId: number };
    // A test lodgement: readable with the test key, not on the live V2 prefix.
    expect((await statusOf(requestId, 'test')).info.companyName).toBe(plain.generalInformation.companyName);
    expect((await readStatus(server, account.keys.secretLive, requestId, PREFIX.live)).status).toBe(404);
    // The V1 caller that lodged it reads it where it lodged it.
    const v1 = await rawCall(server, account.keys.secretLive, 'GET', `/asic-484-forms/${requestId}/status`, undefined, {}, PREFIX.v1Live);
    expect(v1.status).toBe(200);
    await advance(server, FORM484_SUBMIT_DELAY_SECONDS + FORM484_DECISION_DELAY_SECONDS);
    expect(hitsFor('test', requestId)).toHaveLength(1);
    expect(hitsFor('live', requestId)).toEqual([]);
    const pdf = await pdfText(new Uint8Array(await (await fetch((await statusOf(requestId, 'test')).documentUrl)).arrayBuffer()));
    expect(pdf.text).toContain('SANDBOX - NOT AN OFFICIAL DOCUMENT');
  });

  it('on /api/v1, testTransmissionIndicator false stays live', async () => {
    const answer = await rawCall(server, account.keys.secretLive, 'POST', '/asic-484-forms', JSON.stringify(plain), {}, PREFIX.v1Live);
    expect(answer.status).toBe(201);
    const { requestId } = answer.body.response as { requestId: number };
    expect((await statusOf(requestId, 'live')).status).toBe('new');
    expect((await readStatus(server, account.keys.secretTest, requestId, PREFIX.test)).status).toBe(404);
  });

  it('on V2 the flag chooses nothing: a live lodgement with testTransmissionIndicator true stays live', async () => {
    const created = await lodge(server, account.keys.secretLive, flagged, PREFIX.live);
    expect((await statusOf(created.requestId, 'live')).status).toBe('new');
    expect((await readStatus(server, account.keys.secretTest, created.requestId, PREFIX.test)).status).toBe(404);
    await advance(server, FORM484_SUBMIT_DELAY_SECONDS + FORM484_DECISION_DELAY_SECONDS);
    expect(hitsFor('live', created.requestId)).toHaveLength(1);
    expect(hitsFor('test', created.requestId)).toEqual([]);
  });
});
