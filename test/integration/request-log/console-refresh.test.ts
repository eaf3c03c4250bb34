// D-70: the sandbox console's own repeated reads (GETs from the console, D-49's conditions, marked
// `X-Console-Refresh: 1`) stay out of the account's request log, so a page left open does not push a
// partner's requests out of the newest 1,000 (D-51). Everything else is logged as before: the same
// read unmarked, the mark from outside the console, and anything but a read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from '../../support/harness.js';
import { requestIdOf, requestsOf } from './support.js';

describe("the console's own refreshes and the request log (D-70)", () => {
  let server: TestServer;
  let account: TestAccount;
  beforeAll(async () => {
    // Browser headers (Sec-Fetch-*) are no partner's traffic: not recorded for the Prism proxy replay.
    server = await startTestServer({ record: false });
    account = await server.createAccount();
  });
  afterAll(async () => server?.close());

  const fromConsole = () => ({ 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors', Origin: server.url });

  async function send(method: string, headers: Record<string, string>, body?: unknown): Promise<string> {
    const response = await fetch(`${server.url}/api/test/v2/webhooks`, {
      method,
      headers: { Authorization: `Bearer ${account.keys.secretTest}`, ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(response.status).toBeLessThan(500);
    return requestIdOf(response);
  }

  const logged = async (requestId: string) => (await requestsOf(server, account.id, { requestId })).data.length;

  it("keeps the console's marked reads out of the log", async () => {
    const refresh = await send('GET', { ...fromConsole(), 'X-Console-Refresh': '1' });
    expect(await logged(refresh)).toBe(0);
  });

  it('logs the same read without the mark, the mark from a non-browser client, and a marked write', async () => {
    const unmarked = await send('GET', fromConsole());
    const server2server = await send('GET', { 'X-Console-Refresh': '1' });
    const otherSite = await send('GET', { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'cors', 'X-Console-Refresh': '1' });
    const write = await send(
      'POST',
      { ...fromConsole(), 'X-Console-Refresh': '1' },
      { url: 'https://example.com/hook', eventTypes: ['*'] },
    );
    expect(await logged(unmarked)).toBe(1);
    expect(await logged(server2server)).toBe(1);
    // Refused by D-03 (403): a request refused by authentication is never logged, mark or not.
    expect(await logged(otherSite)).toBe(0);
    expect(await logged(write)).toBe(1);
  });
});
