// The SSRF guard at delivery time (D-23): the URL is checked again before every attempt, a name that
// was public at registration and points inside at delivery is refused (`address_not_public`, counted
// as a failure), and the request goes to the address that was checked, not to a second lookup.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookAttempts } from '../../../server/store/schema/index.js';
import type { HostResolver } from '../../../server/delivery/ssrf.js';
import type { TestServer } from '../../support/harness.js';
import {
  advance,
  createEndpoint,
  emit,
  endpointRow,
  runDue,
  startDeliveryServer,
  startReceiver,
  type Receiver,
} from './delivery.support.js';

const PUBLIC_IP = '93.184.216.34';
/** The stand-in DNS; cases change answers between registration and delivery, as a rebinding attacker would. */
const dns = new Map<string, string[]>();
const lookups: string[] = [];
const resolveHost: HostResolver = async (host) => {
  lookups.push(host);
  const answer = dns.get(host);
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return answer;
};

let server: TestServer;
let receiver: Receiver;

beforeAll(async () => {
  server = await startDeliveryServer({ resolveHost });
  receiver = await startReceiver(() => server);
});
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

async function attemptsOf(deliveryId: string) {
  return server.deps.db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(asc(webhookAttempts.attemptNumber));
}

describe('the address check before each attempt', () => {
  it('refuses a name that resolved public at registration and private at delivery', async () => {
    dns.set('rebind.example.invalid', [PUBLIC_IP]);
    const account = await server.createAccount();
    const { id } = await createEndpoint(server, account, 'https://rebind.example.invalid/hook');

    dns.set('rebind.example.invalid', ['10.0.0.5']);
    const [deliveryId] = await emit(server, account);
    await runDue(server);
    dns.set('rebind.example.invalid', [PUBLIC_IP, '169.254.169.254']);
    await advance(server, 30);

    const attempts = await attemptsOf(deliveryId!);
    expect(attempts.map((a) => [a.statusCode, a.errorClass])).toEqual([
      [null, 'address_not_public'],
      [null, 'address_not_public'],
    ]);
    // Refused attempts count towards auto-disable like any failure (spec 3.6).
    expect((await endpointRow(server, id)).consecutiveFailures).toBe(2);
  });

  it('connects to the checked address, keeping the name in the Host header', async () => {
    // `.test` never resolves in real DNS: the request can only arrive through the checked answer.
    const host = 'receiver.example.invalid';
    dns.set(host, ['127.0.0.1']);
    const port = new URL(receiver.url).port;
    const account = await server.createAccount();
    await createEndpoint(server, account, `http://${host}:${port}/pinned`);
    lookups.length = 0;

    const [deliveryId] = await emit(server, account);
    await runDue(server);
    expect(receiver.hits.map((h) => [h.path, h.headers.host])).toEqual([['/pinned', `${host}:${port}`]]);
    expect(lookups).toEqual([host]);
    expect((await attemptsOf(deliveryId!)).map((a) => a.errorClass)).toEqual([null]);

    // The next attempt looks the name up again: now it points inside and nothing is sent.
    receiver.hits.length = 0;
    dns.set(host, ['192.168.1.20']);
    const [second] = await emit(server, account);
    await runDue(server);
    expect(receiver.hits).toHaveLength(0);
    expect((await attemptsOf(second!)).map((a) => a.errorClass)).toEqual(['address_not_public']);
  });

  it('treats a name that no longer resolves as a connection error', async () => {
    dns.set('vanishing.example.invalid', [PUBLIC_IP]);
    const account = await server.createAccount();
    await createEndpoint(server, account, 'https://vanishing.example.invalid/hook');
    dns.delete('vanishing.example.invalid');
    const [deliveryId] = await emit(server, account);
    await runDue(server);
    expect((await attemptsOf(deliveryId!)).map((a) => [a.statusCode, a.errorClass])).toEqual([[null, 'connection_error']]);
  });
});
