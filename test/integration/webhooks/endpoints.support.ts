// Shared steps of the webhook endpoint suites: a stand-in DNS (so no test depends on real name
// resolution), a server using it, extra keys through the operator API, and SDK shorthands.
import { expect } from 'vitest';
import { createWebhookEndpoint } from '../../../generated/client/index.js';
import type { HostResolver } from '../../../server/delivery/ssrf.js';
import { sdkClient, startTestServer, type TestServer, type TestServerOptions } from '../../support/harness.js';

export const PUBLIC_IP = '93.184.216.34';

/**
 * Names the suites use and what the stand-in DNS answers for them. Under `.invalid`, which no DNS
 * answers: `example.com` and the other documentation hosts are never resolved (D-60), so names that
 * must go through the address check cannot be among them.
 */
export const DNS: Record<string, string[]> = {
  'hooks.example.invalid': [PUBLIC_IP],
  'other.example.invalid': ['2606:2800:220:1:248:1893:25c8:1946', PUBLIC_IP],
  'internal.example.invalid': ['10.0.0.5'],
  'metadata.example.invalid': ['169.254.169.254'],
  'cgnat.example.invalid': ['100.64.12.1'],
  'ula.example.invalid': ['fd00:1234::5'],
  'mixed.example.invalid': [PUBLIC_IP, '192.168.1.10'],
  'mixed6.example.invalid': ['2606:2800:220:1:248:1893:25c8:1946', '::1'],
  'mapped.example.invalid': ['::ffff:10.1.2.3'],
};

export const resolveHost: HostResolver = async (host) => {
  const answer = DNS[host];
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return answer;
};

export function startWebhookServer(options: TestServerOptions = {}): Promise<TestServer> {
  return startTestServer({ resolveHost, ...options });
}

/** One more key of an account, through the operator API; returns the full key. */
export async function addKey(
  server: TestServer,
  accountId: string,
  type: 'secret' | 'publishable',
  environment: 'live' | 'test',
  domains?: string[],
): Promise<{ id: string; secret: string }> {
  const created = await server.admin<{ key: { id: string }; secret: string }>('POST', `/admin/accounts/${accountId}/keys`, {
    type,
    environment,
    ...(domains ? { domains } : {}),
  });
  if (created.status !== 201) throw new Error(`key not created: ${created.status} ${JSON.stringify(created.body)}`);
  return { id: created.body.key.id, secret: created.body.secret };
}

export const SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{32}$/;

/** Creates an endpoint through the SDK and insists it worked. */
export async function createOk(
  server: TestServer,
  key: string,
  url = 'https://hooks.example.invalid/svc',
  eventTypes: string[] = ['*'],
  prefix?: string,
) {
  const { data, error, response } = await createWebhookEndpoint({
    client: sdkClient(server, key, prefix),
    body: { url, eventTypes: eventTypes as never },
  });
  expect(error, JSON.stringify(error)).toBeUndefined();
  expect(response.status).toBe(201);
  return data!;
}
