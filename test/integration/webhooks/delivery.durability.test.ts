// Durability (spec 6.4, D-22): deliveries live in the database, so a worker process killed with
// SIGKILL in the middle of delivering loses none of them. Real `server/main.ts --role worker`
// processes run against a throw-away PostgreSQL database; this process writes 200 deliveries in one
// transaction (as a domain change would), kills the first worker while a delivery is on the wire,
// starts a second one and waits until every delivery has succeeded. A receiver may see a delivery
// twice after a crash (it de-duplicates on X-Svc-Delivery-Id), but the service never records two
// successes for one delivery.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RealClock } from '../../../server/clock.js';
import { createAccount } from '../../../server/domain/accounts/accounts.js';
import { generateWebhookSecret } from '../../../server/domain/webhooks/endpoints.js';
import { newId } from '../../../server/ids.js';
import { openDatabase, type OpenDatabase } from '../../../server/store/db.js';
import { apiKeys, jobs, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../../server/store/schema/index.js';
import { emitEvent, WEBHOOK_DELIVERY_JOB } from '../../../server/delivery/events.js';
import { verifySvcSignature } from '../../../server/delivery/signing.js';
import { sealEndpointSecret } from '../../../server/delivery/endpoint-secrets.js';
import { createSealer, parseSecretKey } from '../../../server/sealing.js';
import { TEST_SECRET_KEY } from '../../support/harness.js';
import { serverEntry } from '../../support/server-entry.js';
import { assertPostgres, createThrowawayDatabase, probePostgres, type ThrowawayDatabase } from '../../support/postgres.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const WHAT = 'webhook deliveries survive a SIGKILLed worker';
const probe = await probePostgres(WHAT);

const TOTAL = 200;
/** The first worker dies while the receiver holds this many-th distinct delivery (some, not all). */
const KILL_AT = 60;
/** The workers' bound on attempts in flight to one endpoint (SVC_WEBHOOK_ENDPOINT_CONCURRENCY). */
const PER_ENDPOINT = 8;
/** Short lease so the job the dead worker held is claimable again within the test (default 30 s). */
const LEASE_SECONDS = 2;
const EVENT = 'abn_registration.status_changed';

interface Worker {
  child: ChildProcess;
  name: string;
  output: () => string;
}

/** `npm start -- --role worker` (the bundle) in its own process group, as a deployment runs it. */
function startWorker(databaseUrl: string, name: string): Worker {
  const { DATABASE_URL: _a, TEST_DATABASE_URL: _b, PORT: _c, SVC_ROLE: _d, REDIS_URL: _e, SVC_CLOCK_START: _f, ...env } = process.env;
  const child = spawn(process.execPath, [...serverEntry(), '--role', 'worker'], {
    cwd: ROOT,
    env: {
      ...env,
      DATABASE_URL: databaseUrl,
      SVC_CLOCK: 'real',
      SVC_SECRET_KEY: TEST_SECRET_KEY,
      SVC_WEBHOOK_ALLOW_LOCAL: '1',
      SVC_JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      SVC_WEBHOOK_ENDPOINT_CONCURRENCY: String(PER_ENDPOINT),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, name, output: () => output };
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Signals the worker's whole process group and waits until no process of it is left. */
async function signalWorker(worker: Worker, signal: NodeJS.Signals): Promise<void> {
  const pid = worker.child.pid;
  if (pid === undefined || !groupAlive(pid)) return;
  process.kill(-pid, signal);
  const deadline = Date.now() + 15_000;
  while (groupAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(-pid, 'SIGKILL');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Receipt {
  deliveryId: string;
  body: string;
  signature: string;
  at: number;
}

let database: ThrowawayDatabase | undefined;
let opened: OpenDatabase | undefined;
let receiver: Server | undefined;
const workers: Worker[] = [];

afterAll(async () => {
  for (const worker of workers) await signalWorker(worker, 'SIGKILL');
  if (receiver) {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver!.close(() => resolve()));
  }
  await opened?.close();
  await database?.drop();
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number, worker?: Worker): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${worker ? `; ${worker.name} said:\n${worker.output()}` : ''}`);
    await sleep(20);
  }
}

describe.skipIf(!probe.available && !probe.required)(WHAT, () => {
  beforeAll(() => {
    assertPostgres(probe, WHAT);
  });

  it(`delivers all ${TOTAL} exactly once as far as the service is concerned, none lost, after a SIGKILL mid-delivery`, async () => {
    database = await createThrowawayDatabase();
    opened = await openDatabase({ databaseUrl: database.url });
    const db = opened.db;
    const clock = new RealClock();

    // The receiver: 204 after a small random delay. When the KILL_AT-th distinct delivery arrives, the
    // first worker is killed before the answer goes out, so that attempt is on the wire when it dies.
    const receipts: Receipt[] = [];
    const distinct = new Set<string>();
    const crash: { victim?: Worker; killedDuring?: string; kill?: Promise<void> } = {};
    // Requests open at the receiver at once: the per-endpoint bound caps it.
    const inFlight = { now: 0, most: 0 };
    receiver = createServer((req, res) => {
      inFlight.now++;
      inFlight.most = Math.max(inFlight.most, inFlight.now);
      res.on('close', () => inFlight.now--);
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const deliveryId = String(req.headers['x-svc-delivery-id']);
        receipts.push({
          deliveryId,
          body: Buffer.concat(chunks).toString('utf8'),
          signature: String(req.headers['x-svc-signature']),
          at: Date.now(),
        });
        distinct.add(deliveryId);
        if (crash.victim && !crash.kill && distinct.size === KILL_AT) {
          crash.killedDuring = deliveryId;
          crash.kill = signalWorker(crash.victim, 'SIGKILL');
        }
        setTimeout(
          () => {
            if (!res.destroyed) res.writeHead(204).end();
          },
          1 + Math.floor(Math.random() * 8),
        );
      });
    });
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

    const { account } = await createAccount({
      ctx: { db, clock },
      input: { name: 'Durability', ownerEmail: 'durability@example.com', plan: 'standard', billing: 'card', cardStatus: 'valid' },
    });
    const [key] = await db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, account.id), eq(apiKeys.type, 'secret'), eq(apiKeys.environment, 'test')));
    const secret = generateWebhookSecret();
    const now = clock.now();
    const endpointId = newId('we');
    await db.insert(webhookEndpoints).values({
      id: endpointId,
      accountId: account.id,
      keyId: key!.id,
      environment: 'test',
      url: receiverUrl,
      eventTypes: ['*'],
      enabled: true,
      // Sealed as the API would store it, under the key the workers are started with.
      secretSealed: sealEndpointSecret(createSealer(parseSecretKey(TEST_SECRET_KEY)!), endpointId, secret),
      createdAt: now,
      updatedAt: now,
    });

    // 200 deliveries in one go, as one domain change would write them (outbox).
    const emitted = await db.transaction(async (tx) => {
      const ids: string[] = [];
      for (let i = 0; i < TOTAL; i++) {
        ids.push(
          ...(await emitEvent(tx, clock, {
            accountId: account.id,
            environment: 'test',
            event: EVENT,
            payload: {
              event: EVENT,
              requestId: 5000 + i,
              interaction: 'abnreg.lodge',
              status: 'finished',
              timestamp: clock.now().toISOString(),
            },
          })),
        );
      }
      return ids;
    });
    expect(emitted).toHaveLength(TOTAL);
    expect(new Set(emitted).size).toBe(TOTAL);

    const succeeded = async (): Promise<number> => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(webhookDeliveries)
        .where(and(inArray(webhookDeliveries.id, emitted), eq(webhookDeliveries.status, 'succeeded')));
      return row?.n ?? 0;
    };

    // First worker: killed from inside the receiver at the KILL_AT-th delivery.
    const firstStarted = Date.now();
    const first = startWorker(database.url, 'first worker');
    workers.push(first);
    crash.victim = first;
    await waitFor(`${KILL_AT} deliveries and the kill`, () => crash.kill !== undefined, 60_000, first);
    await crash.kill;
    const killedDuring = crash.killedDuring!;
    const firstSeconds = (Date.now() - firstStarted) / 1000;
    if (first.child.exitCode === null && first.child.signalCode === null) await once(first.child, 'exit');
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(groupAlive(first.child.pid!)).toBe(false);
    const atKill = { distinct: distinct.size, succeeded: await succeeded() };
    // Some, not all: the worker had recorded earlier answers, and not the one on the wire (nor, maybe,
    // a few answered just before it whose write was still queued).
    expect(atKill.distinct).toBeGreaterThanOrEqual(KILL_AT);
    expect(atKill.succeeded).toBeGreaterThan(0);
    expect(atKill.succeeded).toBeLessThan(KILL_AT);
    const [onTheWire] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, killedDuring));
    expect(onTheWire!.status).toBe('pending');
    const [heldJob] = await db
      .select({ state: jobs.state })
      .from(jobs)
      .where(and(eq(jobs.name, WEBHOOK_DELIVERY_JOB), sql`${jobs.payload}->>'deliveryId' = ${killedDuring}`));
    expect(heldJob!.state).toBe('running');

    // Second worker: picks up the rest, and the dead worker's job once its lease has passed.
    const secondStarted = Date.now();
    const second = startWorker(database.url, 'second worker');
    workers.push(second);
    await waitFor(`all ${TOTAL} deliveries to succeed`, async () => (await succeeded()) === TOTAL, 60_000, second);
    const secondSeconds = (Date.now() - secondStarted) / 1000;

    // None lost: every delivery reached the receiver at least once, with the body that was stored and a valid signature.
    expect([...distinct].sort()).toEqual([...emitted].sort());
    const stored = new Map((await db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.id, emitted))).map((d) => [d.id, d]));
    for (const receipt of receipts) {
      expect(receipt.body).toBe(stored.get(receipt.deliveryId)!.body);
      expect(verifySvcSignature(receipt.signature, receipt.body, secret, Math.floor(receipt.at / 1000))).toBe(true);
    }
    // Concurrent, within the bound: never more than PER_ENDPOINT requests open at the receiver at once.
    expect(inFlight.most).toBeGreaterThan(1);
    expect(inFlight.most).toBeLessThanOrEqual(PER_ENDPOINT);
    // The attempt the kill interrupted went out again: the receiver saw that one twice.
    expect(receipts.filter((r) => r.deliveryId === killedDuring).length).toBeGreaterThanOrEqual(2);

    // None reported twice as succeeded: at most (here exactly) one successful attempt per delivery.
    const successes = await db
      .select({ deliveryId: webhookAttempts.deliveryId, n: sql<number>`count(*)::int` })
      .from(webhookAttempts)
      .where(and(inArray(webhookAttempts.deliveryId, emitted), isNull(webhookAttempts.errorClass)))
      .groupBy(webhookAttempts.deliveryId);
    expect(successes).toHaveLength(TOTAL);
    expect(successes.filter((s) => s.n !== 1)).toEqual([]);
    const failures = await db
      .select()
      .from(webhookAttempts)
      .where(and(inArray(webhookAttempts.deliveryId, emitted), sql`${webhookAttempts.errorClass} is not null`));
    expect(failures).toEqual([]);

    // Final state: every row succeeded and settled, and no delivery job is left to run.
    for (const delivery of stored.values()) {
      expect(delivery.status).toBe('succeeded');
      expect(delivery.finishedAt).not.toBeNull();
    }
    const [open] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(eq(jobs.name, WEBHOOK_DELIVERY_JOB), sql`${jobs.state} <> 'done'`));
    expect(open!.n).toBe(0);

    await signalWorker(second, 'SIGTERM');
    process.stderr.write(
      `[durability] killed the first worker at ${atKill.distinct} received / ${atKill.succeeded} settled; ` +
        `${receipts.length} receipts for ${distinct.size} deliveries (${receipts.length - distinct.size} duplicate(s) after the crash); ` +
        `first worker ran ${firstSeconds.toFixed(1)} s until the kill, the second ${secondSeconds.toFixed(1)} s until all had succeeded\n`,
    );
  }, 120_000);
});
