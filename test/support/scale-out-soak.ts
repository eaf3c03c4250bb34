// The scale-out soak: the production shape of architecture.md ("Scale-out"), two `--role api` and two
// `--role worker` processes on one fresh PostgreSQL database, under concurrent paying clients, with one
// API process and one worker SIGKILLed mid-burst and restarted. Shared by
// test/integration/core/scale-out.soak.test.ts (a short run in `npm test`) and scripts/soak/scale-out.ts
// (`npm run soak:scale-out`, sizes from its options).
//
// Each client places idempotent live requests, each with its own Idempotency-Key: monitoring orders
// (charged), PPSR searches (charged) and Form 484 lodgements, alternating between the two API
// processes. A client retries a request on the other process after a connection error or a transient
// answer (D-18: 409 `*_in_progress`, 423, 429, 503), as a client following the document would, until
// it gets a final answer. Once every request has one, each key is sent once more (it must replay the
// same answer), the clock is moved so every job comes due, and the database and the operator API are
// read: every key's effect exists once (nothing lost, nothing duplicated), exactly one charge per paid
// key and no other, every job done and no job step queued twice.
import pg from 'pg';
import { ADMIN_TOKEN } from './harness.js';
import { acnFrom } from './generated-companies.js';
import { assertNoPgMisuse } from './pg-misuse.js';
import { createThrowawayDatabase } from './postgres.js';
import { requestExamples } from './requests.js';
import { listeningUrl, spawnServer, stopServer, type ServerProcess } from './server-process.js';

export interface ScaleOutOptions {
  /** Concurrent clients; every client has its own account when `accounts` is omitted. */
  clients: number;
  /** Requests each client places (monitoring orders, PPSR searches and Form 484s in turn). */
  requestsPerClient: number;
  /** Accounts the clients share (clients are dealt round-robin); fewer accounts, more contention. */
  accounts?: number;
  /** Share of the requests answered before the API process and the worker are killed (0..1). */
  killAt?: number;
  log?: (line: string) => void;
}

type Op = 'order' | 'ppsr' | 'form484';
const OPS: readonly Op[] = ['order', 'ppsr', 'form484'];
const PATHS: Record<Op, string> = { order: '/monitoring/entities', ppsr: '/ppsr/searches', form484: '/asic-484-forms' };
/** Codes that ask for the same request again later (D-18), besides every 423, 429 and 5xx. */
const TRANSIENT_CODES = new Set(['request_in_progress', 'order_in_progress', 'order_processing']);
/** How long one request may keep being retried before the soak calls it lost. */
const REQUEST_DEADLINE_MS = 120_000;

interface Answer {
  status: number;
  body: Record<string, unknown>;
  replayed: boolean;
}

interface PlacedRequest {
  op: Op;
  key: string;
  account: Account;
  body: unknown;
  /** The API process the client tries first (0 or 1); retries alternate. */
  home: number;
  final?: Answer;
  attempts: number;
}

interface Account {
  id: string;
  liveKey: string;
}

export interface ScaleOutReport {
  keys: number;
  byOp: Record<Op, number>;
  /** Requests that never got a final answer, or whose effect is missing. */
  lost: number;
  /** Effects no key returns, keys whose retry ran again, charges beyond one per paid key. */
  duplicated: number;
  paidKeys: number;
  charges: number;
  jobs: { total: number; done: number; duplicateSteps: number };
  attempts: number;
  connectionErrors: number;
  transientAnswers: Record<string, number>;
  serverErrors: number;
  /** Requests answered when the API process and the worker were killed. */
  killedAfter: number;
  problems: string[];
  seconds: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function codeOf(answer: Answer): string {
  const body = answer.body;
  if (typeof body.error === 'string') return body.error;
  if (Array.isArray(body.errors)) return String(body.errors[0] ?? answer.status);
  return String(answer.status);
}

function isTransient(answer: Answer): boolean {
  return answer.status === 423 || answer.status === 429 || answer.status >= 500 || TRANSIENT_CODES.has(codeOf(answer));
}

async function post(base: string, apiKey: string, path: string, body: unknown, idempotencyKey: string): Promise<Answer> {
  const response = await fetch(`${base}/api/v2${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    replayed: response.headers.get('idempotent-replayed') === 'true',
  };
}

async function admin<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Waits for a worker's start line. */
async function workerStarted(worker: ServerProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!/worker running/i.test(worker.output())) {
    if (worker.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`${worker.name} did not start (exit ${worker.child.exitCode}):\n${worker.output()}`);
    await sleep(50);
  }
}

function kill(server: ServerProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  server.child.kill('SIGKILL');
  return exited;
}

export async function runScaleOutSoak(options: ScaleOutOptions): Promise<ScaleOutReport> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const problems: string[] = [];
  const database = await createThrowawayDatabase();
  // Limits are not what this measures (D-42 would refuse most of a burst from one address); a
  // killed worker's jobs are taken over after their lease, shortened so the soak does not wait 30 s.
  const env = { SVC_RATE_LIMIT_MULTIPLIER: '1000', SVC_JOB_LEASE_SECONDS: '2', SVC_SANDBOX_CERT_DELAY_MS: '1000' };
  const processes: ServerProcess[] = [];
  const spawn = (name: string, role: 'api' | 'worker') => {
    const server = spawnServer(database.url, name, { role, env });
    processes.push(server);
    return server;
  };
  let attempts = 0;
  let connectionErrors = 0;
  let serverErrors = 0;
  let killedAfter = 0;
  const transientAnswers: Record<string, number> = {};
  const requests: PlacedRequest[] = [];
  const accounts: Account[] = [];
  let db: pg.Client | undefined;
  try {
    // The first API process migrates the database; the others start once it listens.
    const apis = [spawn('API 1', 'api')];
    const urls = [await listeningUrl(apis[0]!)];
    apis.push(spawn('API 2', 'api'));
    const workers = [spawn('worker 1', 'worker'), spawn('worker 2', 'worker')];
    urls.push(await listeningUrl(apis[1]!));
    await Promise.all(workers.map((worker) => workerStarted(worker)));
    log(`2 API processes and 2 workers on ${database.url.replace(/\/\/[^@]*@/, '//')} ready in ${Date.now() - started} ms`);

    for (let i = 0; i < (options.accounts ?? options.clients); i++) {
      const created = await admin<{ account: { id: string }; keys: { secretLive: string } }>(urls[0]!, 'POST', '/admin/accounts', {
        name: `Scale-out soak ${i}`,
        ownerEmail: 'soak@example.com',
        // Enterprise: register lookups uncapped (D-43), so the lookup budget does not order the clients.
        plan: 'enterprise',
        billing: 'card',
        cardStatus: 'valid',
      });
      accounts.push({ id: created.account.id, liveKey: created.keys.secretLive });
    }
    const form484 = Object.values(requestExamples<Record<string, unknown>>('/asic-484-forms'))[0]!;
    const run = Date.now().toString(36);
    for (let client = 0; client < options.clients; client++)
      for (let i = 0; i < options.requestsPerClient; i++) {
        const op = OPS[(client + i) % OPS.length]!;
        const n = requests.length;
        const body =
          op === 'order'
            ? { entities: [{ acn: acnFrom(60_000_000 + n), reference: `soak-${n}` }] }
            : op === 'ppsr'
              ? { vin: '1HGCM82633A004352' }
              : { ...form484, testTransmissionIndicator: false };
        requests.push({
          op,
          key: `soak-${run}-${op}-${client}-${i}`,
          account: accounts[client % accounts.length]!,
          body,
          home: n % 2,
          attempts: 0,
        });
      }

    // The burst: each client places its requests one after the other; the clients run at once.
    let answered = 0;
    const killAfter = Math.max(1, Math.floor(requests.length * (options.killAt ?? 0.4)));
    let crash: Promise<void> | undefined;
    const crashAndRestart = async () => {
      killedAfter = answered;
      log(`SIGKILL API 1 and worker 1 after ${answered} of ${requests.length} answers`);
      await Promise.all([kill(apis[0]!), kill(workers[0]!)]);
      assertNoPgMisuse('API 1', apis[0]!.output());
      assertNoPgMisuse('worker 1', workers[0]!.output());
      await sleep(300);
      apis[0] = spawn('API 1 (restarted)', 'api');
      workers[0] = spawn('worker 1 (restarted)', 'worker');
      urls[0] = await listeningUrl(apis[0]);
      await workerStarted(workers[0]);
      log(`API 1 and worker 1 restarted`);
    };
    const place = async (request: PlacedRequest) => {
      const deadline = Date.now() + REQUEST_DEADLINE_MS;
      for (let attempt = 0; Date.now() < deadline; attempt++) {
        request.attempts++;
        attempts++;
        let answer: Answer;
        try {
          answer = await post(urls[(request.home + attempt) % 2]!, request.account.liveKey, PATHS[request.op], request.body, request.key);
        } catch {
          connectionErrors++;
          await sleep(25);
          continue;
        }
        if (answer.status >= 500 && answer.status !== 503) {
          serverErrors++;
          problems.push(`${request.key}: ${answer.status} ${JSON.stringify(answer.body)}`);
        }
        if (isTransient(answer)) {
          const code = `${answer.status} ${codeOf(answer)}`;
          transientAnswers[code] = (transientAnswers[code] ?? 0) + 1;
          await sleep(Math.min(200, 10 * (attempt + 1)));
          continue;
        }
        request.final = answer;
        answered++;
        if (answered === killAfter) crash = crashAndRestart();
        return;
      }
      problems.push(`${request.key}: no final answer in ${REQUEST_DEADLINE_MS / 1000} s (${request.attempts} attempts)`);
    };
    const clients = Array.from({ length: options.clients }, (_, client) =>
      (async () => {
        for (const request of requests.slice(client * options.requestsPerClient, (client + 1) * options.requestsPerClient))
          await place(request);
      })(),
    );
    await Promise.all(clients);
    await crash;
    log(`burst done: ${answered} of ${requests.length} answered, ${attempts} attempts in ${Date.now() - started} ms`);

    // Every key once more, on the other process: the same answer, replayed.
    let duplicated = 0;
    let lost = requests.filter((r) => !r.final).length;
    for (const request of requests.filter((r) => r.final)) {
      const again = await post(urls[(request.home + 1) % 2]!, request.account.liveKey, PATHS[request.op], request.body, request.key);
      if (!again.replayed || again.status !== request.final!.status || JSON.stringify(again.body) !== JSON.stringify(request.final!.body)) {
        duplicated++;
        problems.push(`${request.key}: the retry did not replay the answer (${JSON.stringify([request.final, again])})`);
      }
      const expected = 201;
      if (request.final!.status !== expected)
        problems.push(`${request.key}: final answer ${request.final!.status} ${JSON.stringify(request.final!.body)}`);
    }

    // Every job comes due: certificates, regulator steps (5 s, then 60 s), monitoring set-up.
    for (const seconds of [10, 70, 70]) await admin(urls[1]!, 'POST', '/admin/clock/advance', { seconds });
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const openJobs = async () =>
      Number((await db!.query<{ n: string }>(`select count(*) as n from jobs where unique_key is null and state <> 'done'`)).rows[0]!.n);
    const drainDeadline = Date.now() + 60_000;
    while ((await openJobs()) > 0 && Date.now() < drainDeadline) await sleep(200);

    // What the database holds.
    const effects = await countEffects(db, requests, accounts, problems);
    lost += effects.lost;
    duplicated += effects.duplicated;
    for (const server of processes) assertNoPgMisuse(server.name, server.output());
    return {
      keys: requests.length,
      byOp: { order: 0, ppsr: 0, form484: 0, ...Object.fromEntries(OPS.map((op) => [op, requests.filter((r) => r.op === op).length])) },
      lost,
      duplicated,
      paidKeys: effects.paidKeys,
      charges: effects.charges,
      jobs: effects.jobs,
      attempts,
      connectionErrors,
      transientAnswers,
      serverErrors,
      killedAfter,
      problems,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await db?.end().catch(() => undefined);
    await Promise.all(processes.map((server) => stopServer(server).catch(() => undefined)));
    await database.drop();
  }
}

interface Effects {
  lost: number;
  duplicated: number;
  paidKeys: number;
  charges: number;
  jobs: ScaleOutReport['jobs'];
}

/** Compares what the keys returned with what the database holds. */
async function countEffects(db: pg.Client, requests: PlacedRequest[], accounts: Account[], problems: string[]): Promise<Effects> {
  let lost = 0;
  let duplicated = 0;
  /** `returned` ids against `stored` ids: a stored id no key returns is a duplicate, a returned id not stored is lost. */
  const compare = (what: string, returned: string[], stored: string[]) => {
    const storedSet = new Set(stored);
    const returnedSet = new Set(returned);
    if (returnedSet.size !== returned.length) {
      duplicated += returned.length - returnedSet.size;
      problems.push(`${what}: two keys returned the same one`);
    }
    for (const id of stored)
      if (!returnedSet.has(id)) {
        duplicated++;
        problems.push(`${what} ${id} is stored but no key returns it`);
      }
    for (const id of returned)
      if (!storedSet.has(id)) {
        lost++;
        problems.push(`${what} ${id} was returned but is not stored`);
      }
  };
  const answered = (op: Op) => requests.filter((r) => r.op === op && r.final?.status === 201);
  const ids = accounts.map((a) => a.id);
  const rows = async <T extends pg.QueryResultRow>(text: string): Promise<T[]> => (await db.query<T>(text, [ids])).rows;

  // Monitoring: one entity per order key, active after its set-up job; one completed order each.
  const entities = await rows<{ id: string; status: string; monitoring_status: string }>(
    `select id::text, status, monitoring_status from monitored_entities where account_id = any($1) and environment = 'live'`,
  );
  compare(
    'monitored entity',
    answered('order').flatMap((r) => (r.final!.body.entities as { id: number }[]).map((e) => String(e.id))),
    entities.map((e) => e.id),
  );
  for (const entity of entities.filter((e) => e.status !== 'active' || e.monitoring_status !== 'active'))
    problems.push(`monitored entity ${entity.id} is ${entity.status}/${entity.monitoring_status} after every job ran`);
  const orders = await rows<{ status: string; charge_id: string | null }>(
    `select status, charge_id from monitoring_orders where account_id = any($1) and environment = 'live'`,
  );
  if (orders.length !== answered('order').length) {
    duplicated += Math.max(0, orders.length - answered('order').length);
    problems.push(`${orders.length} monitoring orders stored for ${answered('order').length} order keys`);
  }
  for (const order of orders.filter((o) => o.status !== 'completed')) problems.push(`a monitoring order is ${order.status}`);

  // PPSR: one search per key, completed, its certificates once each.
  const searches = await rows<{ request_id: string; status: string; charge_id: string | null }>(
    `select request_id::text, status, charge_id from ppsr_searches where account_id = any($1) and environment = 'live'`,
  );
  compare(
    'PPSR search',
    answered('ppsr').map((r) => String(r.final!.body.requestId)),
    searches.map((s) => s.request_id),
  );
  for (const search of searches.filter((s) => s.status !== 'completed'))
    problems.push(`PPSR search ${search.request_id} is ${search.status}`);
  const twiceCertified = await rows<{ request_id: string }>(
    `select c.request_id::text from ppsr_certificates c join ppsr_searches s on s.request_id = c.request_id
      where s.account_id = any($1) group by c.request_id, c.position having count(*) > 1`,
  );
  duplicated += twiceCertified.length;
  for (const row of twiceCertified) problems.push(`PPSR search ${row.request_id} has a certificate twice`);

  // Form 484: one lodgement per key, finished.
  const forms = await rows<{ request_id: string; status: string }>(
    `select request_id::text, status from form484_lodgements where account_id = any($1) and environment = 'live'`,
  );
  compare(
    'Form 484 lodgement',
    answered('form484').map((r) => String((r.final!.body.response as { requestId: number }).requestId)),
    forms.map((f) => f.request_id),
  );
  for (const form of forms.filter((f) => f.status !== 'finished')) problems.push(`Form 484 ${form.request_id} is ${form.status}`);

  // Charges: exactly the searches' and the orders' charges, one per paid key, and nothing else.
  const charges = await rows<{ id: string }>(`select id from charges where account_id = any($1) and environment = 'live'`);
  const paid = [...searches.map((s) => s.charge_id), ...orders.map((o) => o.charge_id)];
  const paidKeys = answered('ppsr').length + answered('order').length;
  if (paid.some((id) => id === null)) problems.push('a paid search or order has no charge');
  const chargeIds = new Set(charges.map((c) => c.id));
  for (const id of paid) if (id !== null && !chargeIds.has(id)) problems.push(`charge ${id} of a search or order is missing`);
  if (charges.length !== paidKeys) {
    duplicated += Math.max(0, charges.length - paidKeys);
    lost += Math.max(0, paidKeys - charges.length);
    problems.push(`${charges.length} charges for ${paidKeys} paid keys`);
  }

  // Jobs: every one done, and no step queued twice (a step run again after a kill must not queue its successor again).
  const jobStates = (
    await db.query<{ state: string; n: string }>(`select state, count(*) as n from jobs where unique_key is null group by state`)
  ).rows;
  const total = jobStates.reduce((sum, row) => sum + Number(row.n), 0);
  const done = Number(jobStates.find((row) => row.state === 'done')?.n ?? 0);
  if (done !== total) problems.push(`jobs not done: ${JSON.stringify(jobStates)}`);
  const twice = (
    await db.query<{ name: string; payload: string; n: string }>(
      `select name, payload::text as payload, count(*) as n from jobs
        where name in ('ppsr-processing', 'certificate-generation', 'regulator-progress', 'monitoring-setup')
        group by name, payload::text having count(*) > 1`,
    )
  ).rows;
  for (const row of twice) problems.push(`job ${row.name} ${row.payload} queued ${row.n} times`);
  return { lost, duplicated, paidKeys, charges: charges.length, jobs: { total, done, duplicateSteps: twice.length } };
}

export function scaleOutSummary(report: ScaleOutReport): string {
  return (
    `keys ${report.keys} (orders ${report.byOp.order}, PPSR ${report.byOp.ppsr}, Form 484 ${report.byOp.form484}), ` +
    `lost ${report.lost}, duplicated ${report.duplicated}, charges ${report.charges} for ${report.paidKeys} paid keys, ` +
    `jobs ${report.jobs.done}/${report.jobs.total} done (${report.jobs.duplicateSteps} queued twice)`
  );
}

export function scaleOutDetail(report: ScaleOutReport): string {
  const transient = Object.entries(report.transientAnswers)
    .map(([code, n]) => `${code} x${n}`)
    .join(', ');
  return (
    `${report.attempts} attempts, ${report.connectionErrors} connection errors, transient answers: ${transient || 'none'}, ` +
    `5xx ${report.serverErrors}; killed API 1 and worker 1 after ${report.killedAfter} answers; ` +
    `${report.problems.length} problem(s); ${report.seconds.toFixed(1)} s`
  );
}
