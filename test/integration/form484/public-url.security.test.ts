// D-54: a finished Form 484's documentUrl was built from the request's Host and X-Forwarded-Proto, so
// `Host: evil.example` got back `https://evil.example/documents/...`, a link a partner would hand on.
// Absolute URLs now come from configuration alone: SVC_PUBLIC_URL, else http://HOST:PORT (the port
// the server got, as the harness listens on any free one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGULATOR_DECISION_DELAY_SECONDS, REGULATOR_SUBMIT_DELAY_SECONDS } from '../../../server/domain/lodgements/regulator-flow.js';
import { startTestServer, type TestAccount, type TestServer } from '../../support/harness.js';
import { rawRequest } from '../../support/wire.js';
import { PREFIX, advance, documentExamples, lodge } from './support.js';

const HOSTILE_HEADERS: Record<string, string>[] = [
  { Host: 'evil.example' },
  { Host: 'evil.example:8443', 'X-Forwarded-Proto': 'https' },
  { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https', Forwarded: 'host=evil.example;proto=https' },
  { Host: 'evil.example', 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Port': '1' },
];

async function finishedLodgement(server: TestServer, account: TestAccount): Promise<number> {
  const { requestId } = await lodge(server, account.keys.secretTest, documentExamples().registeredOffice!);
  await advance(server, REGULATOR_SUBMIT_DELAY_SECONDS);
  await advance(server, REGULATOR_DECISION_DELAY_SECONDS);
  return requestId;
}

async function documentUrlSeenWith(server: TestServer, key: string, requestId: number, headers: Record<string, string>): Promise<string> {
  const answer = await rawRequest(`${server.url}${PREFIX.test}/asic-484-forms/${requestId}/status`, 'GET', {
    Authorization: `Bearer ${key}`,
    ...headers,
  });
  expect(answer.status, answer.text).toBe(200);
  const { response } = answer.body as { response: { status: string; documentUrl: string } };
  expect(response.status).toBe('finished');
  return response.documentUrl;
}

describe('documentUrl with SVC_PUBLIC_URL unset: http://HOST:PORT', () => {
  let server: TestServer;
  let account: TestAccount;
  let requestId: number;
  beforeAll(async () => {
    // Spoofed hosts are no partner's traffic: not recorded for the Prism proxy replay.
    server = await startTestServer({ record: false });
    account = await server.createAccount();
    requestId = await finishedLodgement(server, account);
  });
  afterAll(async () => server?.close());

  it.each(HOSTILE_HEADERS)('ignores the caller’s host headers %j', async (headers) => {
    const url = await documentUrlSeenWith(server, account.keys.secretTest, requestId, headers);
    expect(url).toMatch(new RegExp(`^${server.url}/documents/doc_[A-Za-z0-9]{24}\\.pdf$`));
    expect(url).not.toContain('evil');
    expect((await fetch(url)).status).toBe(200);
  });
});

describe('documentUrl with SVC_PUBLIC_URL set', () => {
  it('is on the configured URL, path prefix included, whatever Host the caller sent', async () => {
    const server = await startTestServer({ record: false, env: { SVC_PUBLIC_URL: 'https://registry.example.com/sandbox/' } });
    try {
      const account = await server.createAccount();
      const requestId = await finishedLodgement(server, account);
      for (const headers of [{}, ...HOSTILE_HEADERS]) {
        const url = await documentUrlSeenWith(server, account.keys.secretTest, requestId, headers);
        expect(url).toMatch(/^https:\/\/registry\.example\.com\/sandbox\/documents\/doc_[A-Za-z0-9]{24}\.pdf$/);
        // The same document, served where the proxy in front would forward that path.
        expect((await fetch(`${server.url}${new URL(url).pathname.replace(/^\/sandbox/, '')}`)).status).toBe(200);
      }
    } finally {
      await server.close();
    }
  });
});
