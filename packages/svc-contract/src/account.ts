// The credentials a run uses: with an operator token, a fresh test account of its own (so a run
// never sees another run's resources or rate-limit counters); otherwise the key it was given.
import { sendRequest } from './http.js';
import type { Credentials } from './request.js';

interface CreatedAccount {
  account: { id: string };
  keys: { secretLive: string; secretTest: string; publishableLive: string; publishableTest: string };
}

export async function createRunnerAccount(
  baseUrl: string,
  adminToken: string,
  timeoutMs: number,
  name = 'Contract runner',
): Promise<Credentials & { accountId: string }> {
  const origin = new URL(baseUrl).origin;
  const response = await sendRequest(
    {
      operationId: 'createAccount',
      method: 'POST',
      url: `${origin}/admin/accounts`,
      headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name,
        ownerEmail: 'contract-runner@example.com',
        // Enterprise: monitoring register lookups are not capped per minute (rate-limits guide), a
        // budget no header announces before it runs out, so the runner could not pace for it.
        plan: 'enterprise',
        billing: 'card',
        cardStatus: 'valid',
      }),
    },
    timeoutMs,
  );
  if (response.status !== 201) throw new Error(`POST /admin/accounts answered ${response.status}: ${response.bodyText.slice(0, 300)}`);
  const created = JSON.parse(response.bodyText) as CreatedAccount;
  const test = /\/test\//.test(new URL(baseUrl).pathname);
  return {
    accountId: created.account.id,
    secret: test ? created.keys.secretTest : created.keys.secretLive,
    publishable: test ? created.keys.publishableTest : created.keys.publishableLive,
    otherEnvironmentSecret: test ? created.keys.secretLive : created.keys.secretTest,
  };
}
