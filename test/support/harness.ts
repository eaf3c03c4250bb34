// Builds the real app in-process (real HTTP on a random port) with a manual clock and a fresh
// database: in-memory PGlite by default, or a throw-away database on the PostgreSQL named by
// TEST_DATABASE_URL (the `postgres` CI run). Tests drive it through the generated SDK and fetch.
import type { ChangeFeed } from '../../server/store/change-feed.js';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { answerClientErrors, buildApp, connectionGuardsOf, type BuiltApp } from '../../server/app.js';
import { guardConnections } from '../../server/http/connection-guards.js';
import { ManualClock } from '../../server/clock.js';
import { loadConfig } from '../../server/config.js';
import type { AppDeps } from '../../server/deps.js';
import { createLogger } from '../../server/logger.js';
import { openDatabase } from '../../server/store/db.js';
import { createSimulatedRegisters, type Registers } from '../../server/registers/index.js';
import type { StandInHandlers } from '../../server/http/handler.js';
import type { PublicHandlers } from '../../server/http/handler-maps.js';
import { createClient, createConfig } from '../../generated/client/client/index.js';
import { leaseMigratedDatabase } from './postgres.js';
import { openMemoryDatabase } from './memory-database.js';
import { callerTestFile, createTrafficRecorder } from './traffic-recorder.js';
import { wireDeps } from '../../server/wiring.js';

export const TEST_START = new Date('2026-11-22T00:00:00Z');
export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';
/** The sealing key of every test server (SVC_SECRET_KEY), so tests can open what the server sealed. */
export const TEST_SECRET_KEY = '3q2-7wABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGho';

export interface TestServer {
  url: string;
  deps: AppDeps;
  clock: ManualClock;
  /** Stands in for real time where the service reads it whatever SVC_CLOCK says (the bad-credential budget, D-52). */
  wallClock: ManualClock;
  built: BuiltApp;
  /** The database's LISTEN/NOTIFY feed, as `npm start` hands it to its worker. */
  changes: ChangeFeed;
  admin: <T = unknown>(method: string, path: string, body?: unknown) => Promise<{ status: number; body: T; headers: Headers }>;
  /** A fresh account with its four keys (plan etc. overridable). */
  createAccount: (overrides?: Record<string, unknown>) => Promise<TestAccount>;
  close: () => Promise<void>;
}

export interface TestAccount {
  id: string;
  keys: { secretLive: string; secretTest: string; publishableLive: string; publishableTest: string };
}

/** A fresh migrated PostgreSQL database per server when TEST_DATABASE_URL is set, else in-memory PGlite. */
async function freshDatabaseUrl(): Promise<{ url?: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { drop: async () => undefined };
  return leaseMigratedDatabase(base);
}

export interface TestServerOptions {
  handlers?: PublicHandlers | StandInHandlers;
  env?: Record<string, string>;
  /** Stand-in DNS for the webhook SSRF guard, so tests never depend on real name resolution. */
  resolveHost?: AppDeps['resolveHost'];
  /** Rate-limit counters (e.g. a Redis store shared by two servers). */
  counters?: AppDeps['counters'];
  /** Registers standing in for the simulated ones over the test database (an outage, a slow register). */
  registers?: (simulated: Registers) => Registers;
  /** The server's logger (tests of what is logged); silent by default. */
  logger?: AppDeps['logger'];
  /**
   * `false`: never recorded for the Prism proxy replay, even with SVC_RECORD_TRAFFIC. For hostile
   * bytes (test/hostile/, test/integration/core/hostile-*.test.ts): no partner sends them, Prism
   * cannot forward many of them, and thousands of them would only slow the replay down.
   */
  record?: boolean;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = await freshDatabaseUrl();
  const config = loadConfig({
    // It listens on a free port (below), so its own address (D-54) takes the port it got.
    PORT: '0',
    SVC_CLOCK: 'manual',
    SVC_ADMIN_TOKEN: ADMIN_TOKEN,
    SVC_SECRET_KEY: TEST_SECRET_KEY,
    LOG_LEVEL: 'silent',
    // Generated requests (robustness, fuzzing) must not wait out a long poll; the command line's own tests set it.
    SVC_LONG_POLL_MAX_SECONDS: '0',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...(options.env ?? {}),
  });
  // In memory on PGlite: an emptied database of a closed test server when there is one (memory-database.ts).
  const opened = config.DATABASE_URL ? await openDatabase({ databaseUrl: config.DATABASE_URL }) : await openMemoryDatabase();
  // SVC_CLOCK_START as `npm start` reads it (sandbox.md), else the day the document's examples are written for.
  const clock = new ManualClock(config.SVC_CLOCK_START ? new Date(config.SVC_CLOCK_START) : TEST_START);
  const wallClock = new ManualClock(TEST_START);
  const deps: AppDeps = wireDeps({
    config,
    db: opened.db,
    engine: opened.engine,
    changes: opened.changes,
    clock,
    wallClock,
    logger: options.logger ?? createLogger('silent'),
    ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
    ...(options.counters ? { counters: options.counters } : {}),
    ...(options.registers ? { registers: options.registers(createSimulatedRegisters(opened.db)) } : {}),
  });
  const built = await buildApp(deps, { validateResponses: true, ...(options.handlers ? { handlers: options.handlers } : {}) });
  // Opt-in: SVC_RECORD_TRAFFIC=<file> records this server's traffic for the Prism proxy replay.
  const recordTo = process.env.SVC_RECORD_TRAFFIC;
  const recording = { customHandlers: Boolean(options.handlers), source: callerTestFile(), adminToken: config.adminToken };
  const recorder = recordTo && options.record !== false ? createTrafficRecorder(recordTo, clock, recording) : undefined;
  const server: Server = (recorder ? recorder.wrap(built.app) : built.app).listen(0, '127.0.0.1');
  answerClientErrors(server);
  guardConnections(server, connectionGuardsOf(config, built.app));
  // The server shares its event loop with the test. A test that computes for longer than Node's 5 s
  // keep-alive default (an 8 MiB body built on a busy machine) and then sends on the connection its
  // client kept would have that connection's idle timer fire in the same turn: the request is reset
  // (ECONNRESET). Idle connections still close at once on close().
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const admin: TestServer['admin'] = async (method, path, body) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as never, headers: response.headers };
  };

  const createAccount: TestServer['createAccount'] = async (overrides = {}) => {
    const created = await admin<{ account: { id: string }; keys: TestAccount['keys'] }>('POST', '/admin/accounts', {
      name: 'Test account',
      ownerEmail: 'owner@example.com',
      plan: 'standard',
      billing: 'card',
      cardStatus: 'valid',
      ...overrides,
    });
    if (created.status !== 201) throw new Error(`account not created: ${created.status} ${JSON.stringify(created.body)}`);
    return { id: created.body.account.id, keys: created.body.keys };
  };

  return {
    url,
    deps,
    clock,
    wallClock,
    built,
    changes: opened.changes,
    admin,
    createAccount,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deps.requestLog.close();
      await opened.close();
      await database.drop();
    },
  };
}

/** The generated SDK pointed at a prefix of the test server with a key. */
export function sdkClient(server: TestServer, key: string, prefix = '/api/test/v2', headers: Record<string, string> = {}) {
  return createClient(createConfig({ baseUrl: `${server.url}${prefix}`, auth: () => key, headers }));
}
