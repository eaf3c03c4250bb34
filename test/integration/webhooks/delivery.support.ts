// Shared steps of the delivery suites: a scriptable receiver on loopback that notes the service
// clock at each hit, a server that may deliver to it (SVC_WEBHOOK_ALLOW_LOCAL, D-24), endpoints made
// through the public API, events emitted as a domain change would, and the clock moved by the
// operator API.
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createWebhookEndpoint } from '../../../generated/client/index.js';
import { runDueJobs } from '../../../server/jobs/runner.js';
import { webhookEndpoints } from '../../../server/store/schema/index.js';
import { emitEvent, type WebhookEventName } from '../../../server/delivery/events.js';
import type { HostResolver } from '../../../server/delivery/ssrf.js';
import { loadDocument } from '../../support/document.js';
import { sdkClient, startTestServer, type TestAccount, type TestServer } from '../../support/harness.js';

export { advance } from '../../support/requests.js';

export interface Hit {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The service clock when the request arrived (the manual clock stands still during a job). */
  at: Date;
  /** The test server's wall clock when it arrived: what a receiver verifies the signed time against (D-62). */
  wallAt: Date;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** Answer this late (only the timeout test uses it, with a tiny timeout). */
  delayMs?: number;
}

export interface Receiver {
  url: string;
  hits: Hit[];
  /** What the n-th hit (0-based) is answered; default 204. */
  reply: (index: number, hit: Hit) => Reply;
  close: () => Promise<void>;
}

export async function startReceiver(server: () => TestServer): Promise<Receiver> {
  const hits: Hit[] = [];
  const receiver: Receiver = { url: '', hits, reply: () => ({ status: 204 }), close: async () => undefined };
  const answer = (res: ServerResponse, reply: Reply): void => {
    if (res.destroyed) return;
    res.writeHead(reply.status, reply.headers ?? {}).end();
  };
  const http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const hit: Hit = {
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: server().clock.now(),
        wallAt: server().wallClock.now(),
      };
      hits.push(hit);
      const reply = receiver.reply(hits.length - 1, hit);
      if (reply.delayMs) setTimeout(() => answer(res, reply), reply.delayMs);
      else answer(res, reply);
    });
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  receiver.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  receiver.close = () => {
    http.closeAllConnections();
    return new Promise<void>((resolve) => http.close(() => resolve()));
  };
  return receiver;
}

export function startDeliveryServer(options: { env?: Record<string, string>; resolveHost?: HostResolver } = {}): Promise<TestServer> {
  return startTestServer({
    env: { SVC_WEBHOOK_ALLOW_LOCAL: '1', ...(options.env ?? {}) },
    ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
  });
}

/** Registers an endpoint with POST /webhooks on the test prefix; returns its id and secret. */
export async function createEndpoint(
  server: TestServer,
  account: TestAccount,
  url: string,
  key = account.keys.secretTest,
): Promise<{ id: string; secret: string }> {
  const { data, error, response } = await createWebhookEndpoint({ client: sdkClient(server, key), body: { url, eventTypes: ['*'] } });
  expect(error, JSON.stringify(error)).toBeUndefined();
  expect(response.status).toBe(201);
  return { id: data!.id, secret: data!.secret };
}

let requestId = 1000;
/** The document's `webhooks`, as far as documentedPayload reads them. */
type WebhookExamples = Record<
  string,
  { post: { requestBody: { content: Record<string, { examples: Record<string, { value: Record<string, unknown> }> }> } } }
>;
let webhookExamples: WebhookExamples | undefined;

/**
 * The first example body the document gives for `event`: what the service sends for it, so the
 * delivery log's typed `payload` (the union of the event bodies) describes it.
 */
function documentedPayload(event: WebhookEventName): Record<string, unknown> {
  // The document parsed once per process, not once per event: in a profile of the webhooks,
  // lodgements and Form 484 files, parsing it here was 1.9 of 29.7 busy CPU-seconds.
  webhookExamples ??= loadDocument().webhooks as WebhookExamples;
  const example = Object.values(webhookExamples[event]!.post.requestBody.content['application/json']!.examples)[0]!.value;
  return { ...structuredClone(example), event };
}

/** What a lodgement status change does: one delivery per subscribed endpoint, its first attempt queued. */
export async function emit(
  server: TestServer,
  account: TestAccount,
  event: WebhookEventName = 'abn_registration.status_changed',
): Promise<string[]> {
  requestId += 1;
  const body = documentedPayload(event);
  return emitEvent(server.deps.db, server.deps.clock, {
    accountId: account.id,
    environment: 'test',
    event,
    payload: { ...body, ...('requestId' in body ? { requestId } : {}), timestamp: server.clock.now().toISOString() },
  });
}

/** Runs the jobs due now without moving the clock (what the worker does continuously). */
export async function runDue(server: TestServer): Promise<void> {
  await runDueJobs(server.deps, server.built.jobs);
}

/** Moves the manual clock through the operator API; jobs run at their due instants on the way. */
export async function endpointRow(server: TestServer, id: string) {
  const [row] = await server.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row!;
}

/** Seconds between consecutive hits, by the service clock. */
export function gapsOf(hits: Hit[]): number[] {
  return hits.slice(1).map((hit, i) => (hit.at.getTime() - hits[i]!.at.getTime()) / 1000);
}
