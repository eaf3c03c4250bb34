// Refusals of the operator's read of an account's webhook endpoints: an unknown account (404 in the
// operator family's shape) and a caller without the operator token (401).
import { describe, expect } from 'vitest';
import { serverTest } from '../../support/fixtures.js';

const it = serverTest();

describe("the operator's read of an account's webhook endpoints, refused", () => {
  it('answers 404 not_found for an unknown account', async ({ server }) => {
    const unknown = await server.admin('GET', '/admin/accounts/acct_nobody/webhook-endpoints');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toStrictEqual({ error: 'not_found', message: 'No such account.' });
  });

  it("answers 401 to an account's own key", async ({ server, account }) => {
    const answer = await fetch(`${server.url}/admin/accounts/${account.id}/webhook-endpoints`, {
      headers: { Authorization: `Bearer ${account.keys.secretTest}` },
    });
    expect(answer.status).toBe(401);
  });
});
