// Shared steps of the lodgement suites: the operator API calls, a raw public call (for bodies the
// SDK's own validator would refuse before sending), webhook endpoints on a loopback receiver and the
// delivery rows.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { zLodgementStatusEvent } from '../../../generated/client/zod.gen.js';
import { createWebhookEndpoint, type CreateWebhookEndpointRequest } from '../../../generated/client/index.js';
import { webhookDeliveries } from '../../../server/store/schema/index.js';
import { sdkClient, type TestAccount, type TestServer } from '../../support/harness.js';

export { advance } from '../../support/requests.js';

export interface LodgementRecord {
  requestId: number;
  kind: string;
  interaction: string;
  status: string;
  entityName: string | null;
  acn: string | null;
  abn: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The documented 6.1 payload, closed: an extra field (or a null) is a failure. */
export const ClosedPayload = z.strictObject(zLodgementStatusEvent.shape);

/** Entity field sets cycled through the statuses, so present and omitted fields are both delivered. */
export const ENTITY_VARIANTS: Record<string, string>[] = [
  { entityName: 'SANDBOX TRADING PTY LTD', acn: '100000011', abn: '60100000011' },
  {},
  { entityName: 'JANE CITIZEN' },
  { acn: '100000020' },
  { abn: '53900000001' },
];

export const PREFIX = { test: '/api/test/v2', live: '/api/v2' } as const;

export async function adminCreateLodgement(server: TestServer, body: Record<string, unknown>): Promise<LodgementRecord> {
  const created = await server.admin<LodgementRecord>('POST', '/admin/lodgements', body);
  if (created.status !== 201) throw new Error(`lodgement not created: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
}

export async function adminSetStatus(server: TestServer, requestId: number, status: string): Promise<LodgementRecord> {
  const moved = await server.admin<LodgementRecord>('POST', `/admin/lodgements/${requestId}/status`, { status });
  if (moved.status !== 200) throw new Error(`status not set: ${moved.status} ${JSON.stringify(moved.body)}`);
  return moved.body;
}

/** A public call as raw HTTP, so a deliberately bad body reaches the server. */
export async function publicCall(
  server: TestServer,
  key: string,
  method: string,
  path: string,
  body?: unknown,
  prefix: string = PREFIX.test,
) {
  const response = await fetch(`${server.url}${prefix}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
}

/**
 * A receiver on loopback that acknowledges every delivery (204). With SVC_WEBHOOK_ALLOW_LOCAL (D-24)
 * the endpoints are registered through the public API without any outside DNS or network, and the
 * delivery jobs that run when the clock moves reach this process instead of the internet.
 */
export async function startReceiver(): Promise<{ url: string; close: () => Promise<void> }> {
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  return {
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => receiver.close(() => resolve())),
  };
}

export type EventTypes = CreateWebhookEndpointRequest['eventTypes'];

/** Registers an endpoint with POST /webhooks, as the account's secret key of that environment. */
export async function createEndpoint(
  server: TestServer,
  account: TestAccount,
  environment: 'live' | 'test',
  receiverUrl: string,
  eventTypes: EventTypes,
): Promise<string> {
  const key = environment === 'live' ? account.keys.secretLive : account.keys.secretTest;
  const client = sdkClient(server, key, PREFIX[environment]);
  const { data, response } = await createWebhookEndpoint({
    client,
    body: { url: `${receiverUrl}/${environment}/${eventTypes.join('+')}`, eventTypes },
  });
  if (response.status !== 201 || !data) throw new Error(`endpoint not created: ${response.status}`);
  return data.id;
}

export interface DeliveryRow {
  id: string;
  event: string;
  environment: string;
  body: Record<string, unknown>;
}

export async function deliveriesOf(server: TestServer, endpointId: string): Promise<DeliveryRow[]> {
  const rows = await server.deps.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id));
  return rows.map((r) => ({ id: r.id, event: r.event, environment: r.environment, body: JSON.parse(r.body) as Record<string, unknown> }));
}
