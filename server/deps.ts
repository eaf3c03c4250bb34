// What the app is built from, wired once at the top (server/wiring.ts) and handed down: no file below
// builds a dependency itself. Only type imports here: every layer reads this contract.
import type { Config } from './config.js';
import type { Clock } from './clock.js';
import type { Database } from './store/db.js';
import type { Logger } from './logger.js';
import type { CounterStore } from './store/counter-store.js';
import type { AuthCache } from './store/auth-cache.js';
import type { AvailabilityCache } from './registers/availability.js';
import type { accounts, apiKeys } from './store/schema/index.js';
import type { Registers } from './registers/index.js';
import type { Mailer } from './mail/mailer.js';
import type { Sealer } from './sealing.js';
import type { RequestLogWriter } from './store/request-log.js';
import type { RequestGate } from './jobs/request-gate.js';
import type { ProcessLink } from './process-link.js';

export type { ProcessLink };

export interface AppDeps {
  config: Config;
  db: Database;
  engine: 'pglite' | 'postgres';
  clock: Clock;
  /**
   * Real time whatever SVC_CLOCK says, for the one budget that must not follow a test clock: the
   * bad-credential budget (D-52). Absent: the system clock; tests inject one they can move.
   */
  wallClock?: Clock;
  logger: Logger;
  /** Rate-limit counters: Redis with REDIS_URL, the database on PostgreSQL, memory on single-process PGlite. */
  counters: CounterStore;
  /** The simulated outside systems (ASIC, ABR, ANZSIC, …). */
  registers: Registers;
  /**
   * The same registers reading through `db`, an open transaction: an idempotent request runs its
   * handler inside one (server/http/idempotency.ts), and on PGlite a read through the base database
   * while that transaction is open would wait for it forever.
   */
  registersOver: (db: Database) => Registers;
  /** API keys with their accounts by key hash, emptied on every change to either (server/store/auth-cache.ts). */
  authCache: AuthCache<{ key: typeof apiKeys.$inferSelect; account: typeof accounts.$inferSelect }>;
  /** The operator's outage switches, kept in memory and emptied on every change (server/registers/availability.ts). */
  availability: AvailabilityCache;
  /** Seals and opens secrets kept at rest (webhook signing secrets), under SVC_SECRET_KEY. */
  sealer: Sealer;
  /** Sends the mail outbox; absent without SMTP_URL (mail stays readable in the operator API). */
  mailer?: Mailer;
  /** Host name -> addresses for the webhook SSRF guard (D-23); tests inject a fixed table. Default: system DNS. */
  resolveHost?: (host: string) => Promise<string[]>;
  /**
   * Requests in flight in this process, when the API and the worker share it (`npm start` with one
   * process): the worker lets them go first (server/jobs/request-gate.ts, D-85).
   */
  requestGate?: RequestGate;
  /** Present in an API process of several on one port (`--processes N`). */
  processes?: ProcessLink;
  /** The request log's buffer and batch writer (D-51); the HTTP layer records into it as answers go out. */
  requestLog: RequestLogWriter;
  /**
   * The start's own work that an advance of the manual clock relies on: the recurring jobs queued (and,
   * where this process runs it, the worker started), which `npm start` on the embedded database does a
   * moment after "listening". `/readyz` answers 503 until it is done, and an advance sent before then
   * waits for it (D-63). Absent: nothing to wait for (in-process tests queue what they need).
   */
  startup?: Startup;
}

export interface Startup {
  done: () => boolean;
  settled: Promise<void>;
}
