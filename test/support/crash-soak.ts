// The crash soak of idempotent requests, shared by
// test/integration/core/idempotency.crash.test.ts (6 rounds in `npm test`) and scripts/soak/crash.ts
// (`npm run soak:crash`, 50 rounds per engine).
//
// A round, against a real `server/main.ts` process in its own process group (PGlite on a data
// directory, or PostgreSQL):
//   1. a fresh account; three webhook endpoints created with Idempotency-Keys (answered);
//   2. a burst of idempotent POSTs across every idempotent operation on main, each with its own key
//      and a random start delay: 4 x POST /webhooks, 3 x POST /webhooks/{id}/rotate-secret (one per
//      endpoint of step 1), 8 x POST /abn/registrations;
//   3. SIGKILL of the whole process group at a random point: after the m-th answer (m random from 0
//      to all of them) plus a random few milliseconds, so kills land before, between and after commits;
//   4. a restart on the same data, then every key of the round is retried twice.
// At the end the server is stopped and the database read directly: every effect (endpoint, lodgement,
// rotated secret) must be the one its key returns, no key may have two, and every answer received
// before a kill must come back byte for byte, marked `Idempotent-Replayed: true`.
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { openEndpointSecret } from '../../server/delivery/endpoint-secrets.js';
import { createSealer, parseSecretKey } from '../../server/sealing.js';
import { openDatabase } from '../../server/store/db.js';
import { idempotencyRecords, lodgements, webhookEndpoints } from '../../server/store/schema/index.js';
import { ADMIN_TOKEN, TEST_SECRET_KEY } from './harness.js';
import { createThrowawayDatabase, type ThrowawayDatabase } from './postgres.js';
import { groupServerEnv, signalGroup, sleep, startGroupServer, type Engine, type GroupServer } from './server-group.js';

const PREFIX = '/api/test/v2';
const SETUP_ENDPOINTS = 3;
const BURST_CREATES = 4;
const BURST_ABN = 8;

export type { Engine };

export interface SoakOptions {
  engine: Engine;
  rounds: number;
  /** Progress lines (one per round). */
  log?: (line: string) => void;
}

export interface SoakReport {
  engine: Engine;
  rounds: number;
  keys: number;
  /** Effects no key returns, and keys that returned two different effects. */
  duplicates: number;
  /** Answers received before a kill that the retry did not give back, or whose effect is gone. */
  lost: number;
  /** Answered before the kill / committed but unanswered (replayed after restart) / run by the retry. */
  answered: number;
  committedUnanswered: number;
  ranOnRetry: number;
  /** Every violation, described (empty when the soak passed). */
  problems: string[];
  seconds: number;
}

type Op = 'create' | 'rotate' | 'abn';

interface Answer {
  status: number;
  body: Record<string, unknown>;
  replayed: boolean;
}

interface KeyedRequest {
  round: number;
  op: Op;
  key: string;
  path: string;
  body: Record<string, unknown>;
  /** Rotation: the endpoint it rotates. */
  endpointId?: string;
  /** The answer received before the kill, if any. */
  beforeKill?: Answer;
  /** The answers of the two retries after the restart. */
  retries: Answer[];
}

interface Round {
  accountId: string;
  apiKey: string;
  requests: KeyedRequest[];
}

const serverEnv = (engine: Engine, location: string) => groupServerEnv(engine, location, { SVC_SECRET_KEY: TEST_SECRET_KEY });
const startServer = (engine: Engine, location: string) => startGroupServer(serverEnv(engine, location));
const killGroup = signalGroup;

// --- requests ------------------------------------------------------------------------------------

async function call(url: string, apiKey: string, path: string, body: unknown, idempotencyKey?: string): Promise<Answer> {
  const response = await fetch(`${url}${PREFIX}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${apiKey}`,
      'Content-Type': 'application/json',
      ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    replayed: response.headers.get('idempotent-replayed') === 'true',
  };
}

async function createAccount(url: string, round: number): Promise<{ accountId: string; apiKey: string }> {
  const response = await fetch(`${url}/admin/accounts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: `Crash soak ${round}`,
      ownerEmail: 'soak@example.com',
      plan: 'standard',
      billing: 'card',
      cardStatus: 'valid',
    }),
  });
  const body = (await response.json()) as { account: { id: string }; keys: { secretTest: string } };
  if (response.status !== 201) throw new Error(`account not created: ${response.status} ${JSON.stringify(body)}`);
  return { accountId: body.account.id, apiKey: body.keys.secretTest };
}

const endpointBody = (round: number, i: number) => ({ url: `http://127.0.0.1:9/soak/${round}/${i}`, eventTypes: ['monitoring.expired'] });
const abnBody = (round: number, i: number) => ({
  entityName: `SOAK ${round} ENTITY ${i}`,
  entityType: 'individual',
  businessAddress: { street: '1 EAGLE STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000' },
  contactEmail: 'soak@example.com',
});

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** Fires the burst and SIGKILLs the server at a random point of it; returns when the group is gone. */
async function burstAndKill(server: GroupServer, apiKey: string, burst: KeyedRequest[]): Promise<void> {
  const killAfter = randomInt(burst.length + 1);
  let answers = 0;
  let kill: Promise<void> | undefined;
  const killSoon = () => {
    kill ??= sleep(randomInt(25)).then(() => killGroup(server.child, 'SIGKILL'));
  };
  if (killAfter === 0) killSoon();
  const sent = burst.map(async (request) => {
    await sleep(randomInt(30));
    try {
      request.beforeKill = await call(server.url, apiKey, request.path, request.body, request.key);
    } catch {
      return; // the connection died with the server: no answer
    }
    answers++;
    if (answers >= killAfter) killSoon();
  });
  await Promise.all(sent);
  killSoon();
  await kill;
}

// --- the soak --------------------------------------------------------------------------------------

function sameAnswer(a: Answer, b: Answer): boolean {
  return a.status === b.status && JSON.stringify(a.body) === JSON.stringify(b.body);
}

export async function runCrashSoak(options: SoakOptions): Promise<SoakReport> {
  const started = Date.now();
  const problems: string[] = [];
  let dataDir: string | undefined;
  let database: ThrowawayDatabase | undefined;
  if (options.engine === 'postgres') database = await createThrowawayDatabase();
  else dataDir = mkdtempSync(join(tmpdir(), 'svc-crash-soak-'));
  const location = database?.url ?? dataDir!;
  const rounds: Round[] = [];
  let server: GroupServer | undefined;
  try {
    server = await startServer(options.engine, location);
    for (let n = 1; n <= options.rounds; n++) {
      const roundAt = Date.now();
      const tag = `${n}-${randomBytes(3).toString('hex')}`;
      const { accountId, apiKey } = await createAccount(server.url, n);
      const round: Round = { accountId, apiKey, requests: [] };
      rounds.push(round);

      // 1. Endpoints to rotate, created with keys and answered.
      for (let i = 0; i < SETUP_ENDPOINTS; i++) {
        const request: KeyedRequest = {
          round: n,
          op: 'create',
          key: `r${tag}-setup-${i}`,
          path: '/webhooks',
          body: endpointBody(n, i),
          retries: [],
        };
        request.beforeKill = await call(server.url, apiKey, request.path, request.body, request.key);
        if (request.beforeKill.status !== 201) throw new Error(`setup endpoint refused: ${JSON.stringify(request.beforeKill)}`);
        round.requests.push(request);
      }
      const setupIds = round.requests.map((r) => String(r.beforeKill!.body.id));

      // 2. + 3. The burst, killed at a random point.
      const burst: KeyedRequest[] = [
        ...Array.from({ length: BURST_CREATES }, (_, i) => ({
          round: n,
          op: 'create' as const,
          key: `r${tag}-create-${i}`,
          path: '/webhooks',
          body: endpointBody(n, SETUP_ENDPOINTS + i),
          retries: [],
        })),
        ...setupIds.map((id, i) => ({
          round: n,
          op: 'rotate' as const,
          key: `r${tag}-rotate-${i}`,
          path: `/webhooks/${id}/rotate-secret`,
          body: {},
          endpointId: id,
          retries: [],
        })),
        ...Array.from({ length: BURST_ABN }, (_, i) => ({
          round: n,
          op: 'abn' as const,
          key: `r${tag}-abn-${i}`,
          path: '/abn/registrations',
          body: abnBody(n, i),
          retries: [],
        })),
      ];
      round.requests.push(...shuffle(burst));
      const burstAt = Date.now();
      await burstAndKill(server, apiKey, burst);

      // 4. Restart on the same data; every key of the round, twice.
      const restartAt = Date.now();
      server = await startServer(options.engine, location);
      const retryAt = Date.now();
      for (let pass = 0; pass < 2; pass++) {
        const answers = await Promise.all(round.requests.map((r) => call(server!.url, apiKey, r.path, r.body, r.key)));
        answers.forEach((answer, i) => round.requests[i]!.retries.push(answer));
      }
      const answered = round.requests.filter((r) => r.beforeKill).length;
      options.log?.(
        `round ${n}: ${round.requests.length} keys, ${answered} answered before the kill; ` +
          `setup ${burstAt - roundAt} ms, burst and kill ${restartAt - burstAt} ms, restart ${retryAt - restartAt} ms, retries ${Date.now() - retryAt} ms`,
      );
    }
  } finally {
    if (server) await killGroup(server.child, 'SIGTERM');
  }

  // What the database holds, read directly once the server has stopped.
  const opened = await openDatabase(database ? { databaseUrl: database.url } : { dataDir: dataDir! });
  const sealer = createSealer(parseSecretKey(TEST_SECRET_KEY)!);
  let keys = 0;
  let duplicates = 0;
  let lost = 0;
  let answered = 0;
  let committedUnanswered = 0;
  let ranOnRetry = 0;
  try {
    for (const [index, round] of rounds.entries()) {
      const label = `round ${index + 1}`;
      for (const request of round.requests) {
        keys++;
        const [first, second] = request.retries;
        if (!first || !second) {
          problems.push(`${label} ${request.key}: not retried`);
          continue;
        }
        const expected = request.op === 'rotate' ? 200 : 201;
        if (first.status !== expected || second.status !== expected) {
          problems.push(`${label} ${request.key}: retries answered ${first.status}/${second.status}: ${JSON.stringify(first.body)}`);
          continue;
        }
        if (!second.replayed || !sameAnswer(first, second)) {
          duplicates++;
          problems.push(`${label} ${request.key}: the second retry did not replay the first (${JSON.stringify([first, second])})`);
        }
        if (request.beforeKill) {
          answered++;
          if (!first.replayed || !sameAnswer(request.beforeKill, first)) {
            lost++;
            problems.push(
              `${label} ${request.key}: answered ${JSON.stringify(request.beforeKill)} before the kill, retry gave ${JSON.stringify(first)}`,
            );
          }
        } else if (first.replayed) committedUnanswered++;
        else ranOnRetry++;
      }

      // Every effect belongs to exactly one key, and every key's effect exists.
      const final = (op: Op) => round.requests.filter((r) => r.op === op && r.retries[0]).map((r) => r.retries[0]!);
      const check = (what: string, returned: string[], stored: string[]) => {
        const storedSet = new Set(stored);
        const returnedSet = new Set(returned);
        if (returnedSet.size !== returned.length) {
          duplicates += returned.length - returnedSet.size;
          problems.push(`${label}: two keys returned one ${what}`);
        }
        for (const id of stored)
          if (!returnedSet.has(id)) {
            duplicates++;
            problems.push(`${label}: ${what} ${id} is stored but no key returns it`);
          }
        for (const id of returned)
          if (!storedSet.has(id)) {
            lost++;
            problems.push(`${label}: ${what} ${id} was returned but is not stored`);
          }
      };
      const endpoints = await opened.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, round.accountId));
      check(
        'webhook endpoint',
        final('create').map((a) => String(a.body.id)),
        endpoints.map((e) => e.id),
      );
      const abns = await opened.db
        .select({ requestId: lodgements.requestId })
        .from(lodgements)
        .where(and(eq(lodgements.accountId, round.accountId), eq(lodgements.kind, 'abn_registration')));
      check(
        'lodgement',
        final('abn').map((a) => String(a.body.requestId)),
        abns.map((l) => String(l.requestId)),
      );
      // A rotation's effect is the endpoint's secret: it must be the one its key returns.
      for (const request of round.requests.filter((r) => r.op === 'rotate')) {
        const row = endpoints.find((e) => e.id === request.endpointId);
        const returned = request.retries[0]?.body.secret;
        if (!row || row.secret !== null || openEndpointSecret(sealer, row) !== returned) {
          lost++;
          problems.push(`${label} ${request.key}: the endpoint's stored secret is not the one the rotation returns`);
        }
      }
      // One finished record per key, none left over.
      const records = await opened.db.select().from(idempotencyRecords).where(eq(idempotencyRecords.accountId, round.accountId));
      const recordKeys = records.filter((r) => r.state === 'finished').map((r) => r.key);
      if (records.length !== round.requests.length || new Set(recordKeys).size !== round.requests.length)
        problems.push(`${label}: ${records.length} idempotency records (${recordKeys.length} finished) for ${round.requests.length} keys`);
    }
  } finally {
    await opened.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  return {
    engine: options.engine,
    rounds: rounds.length,
    keys,
    duplicates,
    lost,
    answered,
    committedUnanswered,
    ranOnRetry,
    problems,
    seconds: (Date.now() - started) / 1000,
  };
}

export function summaryLine(report: SoakReport): string {
  return `rounds ${report.rounds}, keys ${report.keys}, duplicates ${report.duplicates}, lost ${report.lost}`;
}

export function detailLine(report: SoakReport): string {
  return (
    `${report.engine}: ${report.answered} answered before a kill, ${report.committedUnanswered} committed but unanswered (replayed), ` +
    `${report.ranOnRetry} run by the retry; ${report.problems.length} problem(s); ${report.seconds.toFixed(1)} s`
  );
}
