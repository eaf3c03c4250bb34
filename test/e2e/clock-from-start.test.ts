// A sandbox driven from its first second (D-63) and signatures on a clock a year ahead (D-62), on
// `npm start` itself (the bundle, each engine's default process count): the first 200 of /readyz is the
// script's cue; from it, every one-day advance runs every recurring job of its day, the daily check
// merges a monitored ABN holder into its company, and a delivery made once the manual clock is days
// ahead of real time verifies with the default tolerances of standardwebhooks, stripe and the SDK.
// `npm run soak:clock-start` repeats the start 20 times per engine beside CPU-bound processes.
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../generated/client/index.js';
import { ADMIN_TOKEN } from '../support/harness.js';
import {
  advance,
  advanceDays,
  call,
  createAccount,
  mergeFromStart,
  RECURRING_JOBS_A_DAY,
  startSandbox,
  type Engine,
  type StartedSandbox,
} from '../support/clock-start.js';
import { assertPostgres, probePostgres } from '../support/postgres.js';

const postgres = await probePostgres('npm start on PostgreSQL, advanced from its first second');

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received };
}

const engines: Engine[] = ['pglite', 'postgres'];

describe.each(engines)('npm start on %s with SVC_CLOCK=manual, driven from the first 200 of /readyz', (engine) => {
  const runs = engine === 'pglite' || postgres.available || postgres.required;
  let sandbox: StartedSandbox | undefined;
  let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;

  beforeAll(async () => {
    if (!runs) return;
    if (engine === 'postgres') assertPostgres(postgres, 'npm start on PostgreSQL');
    receiver = await startReceiver();
    // The clock starts at real time: a year's advance then puts it a year ahead of every verifier's clock.
    sandbox = await startSandbox({ engine, clockStart: new Date(), env: { SVC_WEBHOOK_ALLOW_LOCAL: '1' } });
  }, 180_000);
  afterAll(async () => {
    await sandbox?.stop();
    receiver?.server.closeAllConnections();
    receiver?.server.close();
  }, 30_000);

  it.skipIf(!runs)('the first advances merge a monitored ABN holder into its company, and every day runs its recurring jobs', async () => {
    // Sent the moment /readyz first said 200: nothing waits between the start and these advances.
    const problem = await mergeFromStart(sandbox!, engine === 'pglite' ? 73_100_001 : 73_200_001);
    expect(problem).toBeUndefined();
    const days = await advanceDays(sandbox!, 8);
    expect(
      days.every((ran) => ran >= RECURRING_JOBS_A_DAY),
      `jobs run per day: ${days.join(', ')}\n${sandbox!.output()}`,
    ).toBe(true);
  });

  it.skipIf(!runs)('a delivery made days ahead of real time verifies with the default tolerances of three verifiers', async () => {
    // Ten days ahead after the test above (test/integration/webhooks/signature-time.test.ts goes a year).
    const moved = await advance(sandbox!.url, 60);
    expect(Date.parse(moved.now) - Date.now()).toBeGreaterThan(9 * 86_400_000);
    const account = await createAccount(sandbox!.url, 'Signatures a year ahead');
    const endpoint = await call<{ secret: string }>(sandbox!.url, 'POST', '/api/test/v2/webhooks', account.keys.secretTest, {
      url: receiver!.url,
      eventTypes: ['company_registration.status_changed'],
    });
    expect(endpoint.status).toBe(201);
    const lodgement = await call<{ requestId: string }>(sandbox!.url, 'POST', '/admin/lodgements', ADMIN_TOKEN, {
      accountId: account.id,
      environment: 'test',
      kind: 'company_registration',
      entityName: 'A YEAR AHEAD PTY LTD',
    });
    expect(lodgement.status).toBe(201);
    const movedStatus = await call(sandbox!.url, 'POST', `/admin/lodgements/${lodgement.body.requestId}/status`, ADMIN_TOKEN, {
      status: 'manual review',
    });
    expect(movedStatus.status).toBe(200);
    for (let i = 0; i < 400 && receiver!.received.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    const [delivery] = receiver!.received;
    expect(delivery, sandbox!.output()).toBeDefined();
    const headers = delivery!.headers as Record<string, string>;
    // The payload keeps the service's time; the signature the time of sending (D-62).
    expect(Math.abs(Number(headers['webhook-timestamp']) * 1000 - Date.now())).toBeLessThan(60_000);
    expect(JSON.parse(delivery!.body)).toMatchObject({ requestId: lodgement.body.requestId, status: 'manual review' });
    // Each verifier with its own default tolerance, against this machine's clock.
    expect(new Webhook(endpoint.body.secret).verify(delivery!.body, headers)).toMatchObject({ status: 'manual review' });
    expect(
      new Stripe('sk_test_x').webhooks.constructEvent(delivery!.body, headers['x-svc-signature']!, endpoint.body.secret),
    ).toMatchObject({
      status: 'manual review',
    });
    expect(verifyWebhook(delivery!.body, headers, [endpoint.body.secret])).toMatchObject({ status: 'manual review' });
  });
});
