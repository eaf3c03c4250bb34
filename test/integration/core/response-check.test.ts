// Test servers check every handler answer against the document (validateResponses). An answer the
// document refuses (here an error code the operation does not list for that status) must come back
// as a readable 500 that names the operation, the status and the code, and say the same on stderr,
// not as a reset socket: a stand-in getPpsrSearch answers 404 with a listed code and with one that is not.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StandInHandlers } from '../../../server/http/handler.js';
import { startTestServer, type TestAccount, type TestServer } from '../../support/harness.js';

const handlers: StandInHandlers = {
  getPpsrSearch: async (_ctx, input) => {
    const listed = String((input.params as { requestId?: unknown }).requestId) === '1001';
    return { status: 404, body: { error: listed ? 'not_found' : 'search_vanished', message: 'No such PPSR search.' } };
  },
};

let server: TestServer;
let account: TestAccount;
beforeAll(async () => {
  server = await startTestServer({ handlers });
  account = await server.createAccount();
});
afterAll(async () => {
  await server?.close();
});

async function read(requestId: number): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.url}/api/test/v2/ppsr/searches/${requestId}`, {
    headers: { Authorization: `Bearer ${account.keys.secretTest}` },
  });
  return { status: response.status, body: await response.json() };
}

describe('answers checked against the document in tests', () => {
  it('passes an answer whose code the operation lists for that status', async () => {
    expect(await read(1001)).toEqual({ status: 404, body: { error: 'not_found', message: 'No such PPSR search.' } });
  });

  it('turns an unlisted code into a 500 naming operation, status and code, also on stderr', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const { status, body } = await read(1002);
      expect(status).toBe(500);
      const [line] = (body as { errors: string[] }).errors;
      expect(line).toMatch(/^response does not match the document: getPpsrSearch answered 404 with code search_vanished: /);
      expect(line).toContain('/error must be equal to one of the allowed values');
      expect(stderr.mock.calls.map(([text]) => String(text)).join('')).toContain('getPpsrSearch answered 404 with code search_vanished');
    } finally {
      stderr.mockRestore();
    }
  });
});
