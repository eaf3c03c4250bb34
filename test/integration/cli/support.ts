// Shared steps of the command line's suites (D-78 to D-81): a listen session, triggers, collecting
// and reporting through the generated SDK, and the due jobs run as the worker would.
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  collectListenDeliveries,
  createListenSession,
  createTrigger,
  reportListenAttempt,
  type ListenAttempt,
  type ListenSession,
} from '../../../generated/client/index.js';
import { runDueJobs } from '../../../server/jobs/runner.js';
import { webhookAttempts, webhookDeliveries } from '../../../server/store/schema/index.js';
import { sdkClient, type TestAccount, type TestServer } from '../../support/harness.js';

export function testClient(server: TestServer, account: TestAccount) {
  return sdkClient(server, account.keys.secretTest);
}

export async function startSession(
  server: TestServer,
  account: TestAccount,
  body: { eventTypes?: ListenSession['eventTypes']; deviceName?: string } = {},
): Promise<ListenSession> {
  const { data, response, error } = await createListenSession({ client: testClient(server, account), body: body as never });
  expect(response.status, JSON.stringify(error)).toBe(201);
  return data!;
}

export async function trigger(server: TestServer, account: TestAccount, eventType: ListenAttempt['eventType']) {
  const { data, response, error } = await createTrigger({ client: testClient(server, account), body: { eventType } });
  expect(response.status, JSON.stringify(error)).toBe(201);
  return data!;
}

/** The worker's pass over what is due now (first attempts, expiry checks). */
export async function runDue(server: TestServer): Promise<void> {
  await runDueJobs(server.deps, server.built.jobs);
}

export async function collect(server: TestServer, account: TestAccount, sessionId: string, wait = 0, limit = 10): Promise<ListenAttempt[]> {
  const { data, response, error } = await collectListenDeliveries({
    client: testClient(server, account),
    path: { id: sessionId },
    query: { wait, limit },
  });
  expect(response.status, JSON.stringify(error)).toBe(200);
  return data!.data;
}

export async function report(
  server: TestServer,
  account: TestAccount,
  sessionId: string,
  attemptId: string,
  body: { status?: number; error?: string; durationMs: number },
) {
  return reportListenAttempt({ client: testClient(server, account), path: { id: sessionId, attemptId }, body });
}

/** A delivery's row and its attempt log, oldest attempt first. */
export async function deliveryLog(server: TestServer, deliveryId: string) {
  const [row] = await server.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
  const attempts = await server.deps.db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(asc(webhookAttempts.attemptNumber));
  return { status: row!.status, attempts: attempts.map((a) => [a.attemptNumber, a.statusCode, a.errorClass]) };
}
