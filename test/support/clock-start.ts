// A sandbox driven from its first second, the way a frontend team's CI or the contract runner drives
// it (D-63): start the service as `npm start` does (the bundle, the default process count of the
// engine) on the manual clock, poll /readyz, and the moment it first answers 200 move the clock one day
// at a time. Every advance must run every recurring job that came due in its day (the term ends and
// expiry warnings at midnight in Brisbane, the daily register check at 03:00, the idempotency clean-up,
// the weekly check on Sundays), and a monitored ABN holder whose ABN the register gives to a monitored
// company must be merged into it by the next daily check. scripts/soak/clock-start.ts repeats this
// many times beside CPU-bound processes; test/e2e/clock-from-start.test.ts runs it a few times.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isValidAbn, isValidAcn } from '../../schemas/common/identifiers.js';
import { ADMIN_TOKEN, TEST_SECRET_KEY } from './harness.js';
import { createThrowawayDatabase } from './postgres.js';
import { serverEntry } from './server-entry.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DAY = 86_400;
/** Settings a developer's shell might carry that would change what is started. */
const NOT_PLAIN = /^(SVC_|DATABASE_URL$|TEST_DATABASE_URL$|REDIS_URL$|PORT$|HOST$|SMTP_URL$|LOG_LEVEL$)/;

export type Engine = 'pglite' | 'postgres';

export interface StartedSandbox {
  url: string;
  engine: Engine;
  output: () => string;
  /** Milliseconds from the spawn to "listening", and to the first 200 of /readyz. */
  listeningMs: number;
  readyMs: number;
  stop: () => Promise<void>;
}

export interface SandboxOptions {
  engine: Engine;
  /** PostgreSQL server URL whose throw-away databases the PostgreSQL starts use. */
  clockStart: Date;
  env?: Record<string, string>;
}

/** Starts the service as `npm start` does, on the manual clock, and returns once /readyz first says 200. */
export async function startSandbox(options: SandboxOptions): Promise<StartedSandbox> {
  const spawnedAt = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-clock-start-'));
  const database = options.engine === 'postgres' ? await createThrowawayDatabase() : undefined;
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !NOT_PLAIN.test(name)));
  const child: ChildProcess = spawn(process.execPath, serverEntry(), {
    cwd: ROOT,
    env: {
      ...inherited,
      SVC_DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
      SVC_CLOCK: 'manual',
      SVC_CLOCK_START: options.clockStart.toISOString(),
      SVC_ADMIN_TOKEN: ADMIN_TOKEN,
      SVC_SECRET_KEY: TEST_SECRET_KEY,
      PORT: '0',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  try {
    const deadline = Date.now() + 120_000;
    let url: string | undefined;
    let listeningMs = 0;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the service exited (${child.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`the service was not ready within 120 s:\n${output}`);
      if (!url) {
        url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
        if (url) listeningMs = Date.now() - spawnedAt;
      }
      // As a script would: the first 200 of /readyz, polled every 10 ms.
      if (
        url &&
        (await fetch(`${url}/readyz`).then(
          (r) => r.status === 200,
          () => false,
        ))
      )
        return { url, engine: options.engine, output: () => output, listeningMs, readyMs: Date.now() - spawnedAt, stop };
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface Answer<T> {
  status: number;
  body: T;
}

export async function call<T>(base: string, method: string, path: string, token: string, body?: unknown): Promise<Answer<T>> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function expectStatus<T>(what: string, answer: Promise<Answer<T>>, status: number): Promise<T> {
  const settled = await answer;
  if (settled.status !== status) throw new Error(`${what}: expected ${status}, got ${settled.status} ${JSON.stringify(settled.body)}`);
  return settled.body;
}

export function advance(base: string, seconds: number): Promise<{ now: string; jobsRun: number }> {
  return expectStatus('advance', call(base, 'POST', '/admin/clock/advance', ADMIN_TOKEN, { seconds }), 200);
}

/**
 * The recurring jobs that must run in a day that holds a Brisbane midnight and 03:00: the term end, the
 * expiry warnings, the daily register check and the idempotency clean-up (the weekly check adds one on
 * the day that holds a Sunday 04:00). Each of these days runs at least this many.
 */
export const RECURRING_JOBS_A_DAY = 4;

/** Ten one-day advances from the first 200 of /readyz: what each answered. */
export async function advanceDays(sandbox: StartedSandbox, days: number): Promise<number[]> {
  const ran: number[] = [];
  for (let day = 0; day < days; day++) ran.push((await advance(sandbox.url, DAY)).jobsRun);
  return ran;
}

export interface Account {
  id: string;
  keys: { secretLive: string; secretTest: string };
}

export async function createAccount(base: string, name: string): Promise<Account> {
  const created = await expectStatus<{ account: { id: string }; keys: Account['keys'] }>(
    'create account',
    call(base, 'POST', '/admin/accounts', ADMIN_TOKEN, {
      name,
      ownerEmail: 'owner@example.com',
      plan: 'enterprise',
      billing: 'card',
      cardStatus: 'valid',
    }),
    201,
  );
  return { id: created.account.id, keys: created.keys };
}

/** The first valid ACN at or after a seed (the simulated register resolves any valid one to a company). */
export function acnFrom(seed: number): string {
  for (let n = seed; ; n++) if (isValidAcn(String(n).padStart(9, '0'))) return String(n).padStart(9, '0');
}

/** The first valid ABN (11 digits) at or after a seed's place in the range; any one is an active sole trader. */
export function abnFrom(seed: number): string {
  for (let n = 20_000_000_000 + (seed % 70_000_000_000); ; n++) if (isValidAbn(String(n))) return String(n);
}

interface Entity {
  id: number;
  acn: string | null;
  abn: string | null;
}

/**
 * The merge scenario from the first second: a live account monitors a company and an ABN holder; a
 * day later the operator gives the holder's ABN to the company in the simulated register; a day more,
 * and the daily check has merged the ABN entity into the company (its id answers 404, the company
 * carries the ABN). Returns what went wrong, or nothing.
 */
export async function mergeFromStart(sandbox: StartedSandbox, seed: number): Promise<string | undefined> {
  const base = sandbox.url;
  const account = await createAccount(base, `Merge from start ${seed}`);
  const acn = acnFrom(seed);
  const abn = abnFrom(seed * 7919);
  const order = await expectStatus<{ entities: Entity[] }>(
    'order monitoring',
    call(base, 'POST', '/api/v2/monitoring/entities', account.keys.secretLive, { entities: [{ acn }, { abn }] }),
    201,
  );
  const company = order.entities.find((e) => e.acn === acn);
  const holder = order.entities.find((e) => e.acn === null);
  if (!company || !holder) return `the order did not return both entities: ${JSON.stringify(order)}`;
  await advance(base, DAY);
  await expectStatus('link the ABN to the company', call(base, 'PATCH', `/admin/register/companies/${acn}`, ADMIN_TOKEN, { abn }), 200);
  await advance(base, DAY);
  const holderAfter = await call<unknown>(base, 'GET', `/api/v2/monitoring/entities/${holder.id}`, account.keys.secretLive);
  const companyAfter = await call<Entity>(base, 'GET', `/api/v2/monitoring/entities/${company.id}`, account.keys.secretLive);
  if (holderAfter.status !== 404)
    return `the ABN entity ${holder.id} was not merged: ${holderAfter.status} ${JSON.stringify(holderAfter.body)}`;
  if (companyAfter.body.abn !== abn) return `the company entity does not carry the ABN: ${JSON.stringify(companyAfter.body)}`;
  return undefined;
}
