// Wires the dependencies once, at the top: the counter store for the engine and REDIS_URL, the
// simulated registers and the sealing key. main.ts, the test harness and the benchmarks all build
// AppDeps here.
import { secretKeyOf } from './config.js';
import type { AppDeps } from './deps.js';
import type { Mailer } from './mail/mailer.js';
import { createAvailabilityCache } from './registers/availability.js';
import { createSimulatedRegisters } from './registers/index.js';
import { createSealer } from './sealing.js';
import { createAuthCache } from './store/auth-cache.js';
import type { ChangeFeed } from './store/change-feed.js';
import { databaseCounterStore, memoryCounterStore, redisCounterStore } from './store/counter-store.js';
import { createRequestLogWriter } from './store/request-log.js';

export type BaseDeps = Omit<AppDeps, 'counters' | 'registers' | 'registersOver' | 'sealer' | 'authCache' | 'availability' | 'requestLog'> &
  Partial<Pick<AppDeps, 'counters' | 'registers' | 'sealer' | 'requestLog'>> & {
    /**
     * The database's LISTEN/NOTIFY feed (OpenDatabase.changes): without it nothing is cached, so a
     * second process could never serve a key revoked elsewhere.
     */
    changes?: ChangeFeed;
    /**
     * The embedded database's directory, where the sealing key is generated when SVC_SECRET_KEY is
     * unset (main.ts passes SVC_DATA_DIR); without it an embedded database gets a key for this process only.
     */
    embeddedDir?: string;
  };

/** nodemailer's SMTP transport, loaded with the first mail rather than at start (start time). */
function smtpMailer(url: string): Mailer {
  let transport: Promise<Mailer> | undefined;
  return {
    sendMail: async (message) => {
      transport ??= import('nodemailer').then(({ createTransport }) => createTransport(url));
      return (await transport).sendMail(message);
    },
  };
}

/**
 * Longest a request-log statement waits for the requests in flight (embedded database): short, so
 * under a load that never pauses the log still writes 50 rows every 20 ms, more than it is given.
 */
const REQUEST_LOG_MAX_WAIT_MS = 20;

export function wireDeps(base: BaseDeps): AppDeps {
  const { embeddedDir, changes, ...rest } = base;
  // The request log waits for requests only where its statements hold the one connection they need.
  const gate = rest.engine === 'pglite' ? rest.requestGate : undefined;
  // On PGlite only this process can open the database, so in-memory counters are exactly as shared
  // as the database and cost no query (store/counter-store.ts).
  const counters =
    rest.counters ??
    (rest.config.REDIS_URL
      ? redisCounterStore(rest.config.REDIS_URL)
      : rest.engine === 'pglite'
        ? memoryCounterStore()
        : databaseCounterStore(rest.db));
  const mailer = rest.mailer ?? (rest.config.SMTP_URL ? smtpMailer(rest.config.SMTP_URL) : undefined);
  // Registers handed in (a test's outage) stay what they are inside a transaction too.
  const injected = rest.registers;
  const availability = createAvailabilityCache(changes);
  const registersOver: AppDeps['registersOver'] = injected
    ? () => injected
    : (db) => createSimulatedRegisters(db, rest.config, availability);
  // The key is read here once; nothing below this file looks at SVC_SECRET_KEY or the key file.
  let sealer = rest.sealer;
  if (!sealer) {
    const source = secretKeyOf(rest.config, rest.engine === 'pglite' ? embeddedDir : undefined);
    if (source.origin === 'generated')
      rest.logger.warn(
        { file: source.file },
        'SVC_SECRET_KEY is unset: generated a sealing key into the data directory (mode 0600); keep it with the data, or set SVC_SECRET_KEY',
      );
    sealer = createSealer(source.key);
  }
  return {
    ...rest,
    counters,
    authCache: createAuthCache(changes),
    availability,
    registers: injected ?? createSimulatedRegisters(rest.db, rest.config, availability),
    registersOver,
    sealer,
    requestLog:
      rest.requestLog ??
      createRequestLogWriter({
        db: rest.db,
        logger: rest.logger,
        limit: rest.config.SVC_REQUEST_LOG_LIMIT,
        flushMs: rest.config.SVC_REQUEST_LOG_FLUSH_MS,
        // On the embedded database the log waits for requests as the job worker does (request-gate.ts).
        ...(gate ? { requestsFirst: () => gate.quiet(REQUEST_LOG_MAX_WAIT_MS), rowsPerStatement: 50 } : {}),
      }),
    ...(mailer ? { mailer } : {}),
  };
}
