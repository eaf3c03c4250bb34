// Shared steps of the monitoring suites: SDK clients per environment, raw calls for bodies the SDK's
// own validator would refuse before sending, the operator API (accounts, registers, clock, jobs) and
// the ledger read back.
import { expect } from 'vitest';
import { z } from 'zod';
import {
  createMonitoringEntities,
  createWebhookEndpoint,
  verifyWebhook,
  type MonitoredEntity,
  type MonitoringOrder,
  type MonitoringOrderRow,
} from '../../../generated/client/index.js';
import {
  zMonitoringChangeDetectedWebhook,
  zMonitoringExpiredWebhook,
  zMonitoringExpiringWebhook,
} from '../../../generated/client/zod.gen.js';
import type { Hit } from '../webhooks/delivery.support.js';
import { RegisterUnavailableError } from '../../../server/registers/errors.js';
import type { Registers } from '../../../server/registers/index.js';
import { sdkClient, type TestAccount, type TestServer } from '../../support/harness.js';

export const PREFIX = { test: '/api/test/v2', live: '/api/v2' } as const;
export type Environment = keyof typeof PREFIX;

export function client(server: TestServer, account: TestAccount, environment: Environment = 'test') {
  return sdkClient(server, environment === 'live' ? account.keys.secretLive : account.keys.secretTest, PREFIX[environment]);
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/** A public call as raw HTTP, so a deliberately bad body or header reaches the server. */
export async function raw(
  server: TestServer,
  key: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; prefix?: string } = {},
): Promise<RawAnswer> {
  const response = await fetch(`${server.url}${options.prefix ?? PREFIX.test}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${key}`,
      ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(options.headers ?? {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/** Orders through the SDK and expects success; returns the order. */
export async function order(
  server: TestServer,
  account: TestAccount,
  entities: MonitoringOrderRow[],
  environment: Environment = 'test',
  idempotencyKey?: string,
): Promise<MonitoringOrder> {
  const { data, error, response } = await createMonitoringEntities({
    client: client(server, account, environment),
    body: { entities },
    ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  });
  expect(error, JSON.stringify(error)).toBeUndefined();
  expect(response.status).toBe(201);
  return data!;
}

export async function orderOne(
  server: TestServer,
  account: TestAccount,
  row: MonitoringOrderRow,
  environment: Environment = 'test',
): Promise<MonitoredEntity> {
  return (await order(server, account, [row], environment)).entities[0]!;
}

export interface Charge {
  id: string;
  amount: number;
  kind: string;
  reference: string;
  environment: string;
  createdAt: string;
}

export async function chargesOf(server: TestServer, account: TestAccount): Promise<Charge[]> {
  const answer = await server.admin<{ data: Charge[] }>('GET', `/admin/accounts/${account.id}/charges`);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

export async function patchAccount(server: TestServer, account: TestAccount, changes: Record<string, unknown>): Promise<void> {
  const answer = await server.admin('PATCH', `/admin/accounts/${account.id}`, changes);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

export async function advance(server: TestServer, seconds: number): Promise<number> {
  const moved = await server.admin<{ jobsRun: number }>('POST', '/admin/clock/advance', { seconds });
  expect(moved.status).toBe(200);
  return moved.body.jobsRun;
}

export async function runJob(server: TestServer, name: string): Promise<number> {
  const ran = await server.admin<{ jobsRun: number }>('POST', `/admin/jobs/${name}/run`);
  expect(ran.status, JSON.stringify(ran.body)).toBe(200);
  return ran.body.jobsRun;
}

export async function registerChange(server: TestServer, method: string, path: string, body: unknown): Promise<void> {
  const answer = await server.admin(method, `/admin/register${path}`, body);
  expect([200, 201], JSON.stringify(answer.body)).toContain(answer.status);
}

/** Register details hidden while an entity is not active or not yet checked (spec 2.6). */
export const HIDDEN = { entityStatus: 'unknown', entityType: null, gstRegistered: null, gstDate: null, businessNames: [] } as const;

export { acnFrom } from '../../support/generated-companies.js';

/** The simulated registers behind a switch: while `down()` is true every company and ABN lookup fails as an unreachable register would. */
export function switchableRegisters(real: Registers, down: () => boolean): Registers {
  const guard = <T>(read: () => Promise<T>): Promise<T> =>
    down() ? Promise.reject(new RegisterUnavailableError('ASIC company', 45)) : read();
  return {
    ...real,
    companies: {
      findByAcn: (acn) => guard(() => real.companies.findByAcn(acn)),
      findManyByAcn: (acns) => guard(() => real.companies.findManyByAcn(acns)),
      searchByNormalisedName: (name) => real.companies.searchByNormalisedName(name),
    },
    abns: {
      findByAbn: (abn) => guard(() => real.abns.findByAbn(abn)),
      findManyByAbn: (abns) => guard(() => real.abns.findManyByAbn(abns)),
    },
  };
}

export interface Endpoint {
  id: string;
  secret: string;
  path: string;
}

/** Registers an endpoint for every event with the environment's secret key, at `receiverUrl/<environment>`. */
export async function endpointFor(
  server: TestServer,
  account: TestAccount,
  receiverUrl: string,
  environment: Environment,
): Promise<Endpoint> {
  const path = `/${environment}-${account.id}`;
  const { data, response } = await createWebhookEndpoint({
    client: client(server, account, environment),
    body: { url: `${receiverUrl}${path}`, eventTypes: ['*'] },
  });
  expect(response.status).toBe(201);
  return { id: data!.id, secret: data!.secret, path };
}

const STRICT = {
  'monitoring.change_detected': z.strictObject(zMonitoringChangeDetectedWebhook.shape),
  'monitoring.expiring': z.strictObject(zMonitoringExpiringWebhook.shape),
  'monitoring.expired': z.strictObject(zMonitoringExpiredWebhook.shape),
} as const;

/**
 * What reached one endpoint, each delivery checked as a partner would: signed with the endpoint's
 * secret (the SDK's verifier, at the wall-clock instant it arrived, D-62), and exactly the documented 6.2 payload.
 */
export function deliveredTo(hits: Hit[], endpoint: Endpoint): Record<string, unknown>[] {
  return hits
    .filter((hit) => hit.path === endpoint.path)
    .map((hit) => {
      const event = verifyWebhook(hit.body, hit.headers, [endpoint.secret], { now: () => hit.wallAt.getTime() });
      const schema = STRICT[event.event as keyof typeof STRICT];
      expect(schema, `unexpected event ${String(event.event)}`).toBeDefined();
      const parsed = schema.safeParse(event);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(hit.headers['x-svc-event']).toBe(event.event);
      return event as unknown as Record<string, unknown>;
    });
}
