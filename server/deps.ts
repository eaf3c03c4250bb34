// What the app is built from. Tests build the same app with a manual clock and an in-memory PGlite.
import type { Config } from './config.js';
import type { Clock } from './clock.js';
import type { Database } from './store/db.js';
import type { Logger } from './logger.js';
import type { CounterStore } from './http/counter-store.js';

export interface AppDeps {
  config: Config;
  db: Database;
  engine: 'pglite' | 'postgres';
  clock: Clock;
  logger: Logger;
  /** Rate-limit counters; the database when absent (REDIS_URL sets a Redis store). */
  counters?: CounterStore;
  /** Host name -> addresses for the webhook SSRF guard (D-23); tests inject a fixed table. Default: system DNS. */
  resolveHost?: (host: string) => Promise<string[]>;
}
