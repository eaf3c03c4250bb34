// Wires the dependencies once, at the top: the counter store for the engine and REDIS_URL, the
// simulated registers and the sealing key. main.ts, the test harness and the benchmarks all build
// AppDeps here.
import { secretKeyOf } from './config.js';
import type { AppDeps } from './deps.js';
import type { Mailer } from './mail/mailer.js';
import { createSimulatedRegisters } from './registers/index.js';
import { createSealer } from './sealing.js';
import { createAuthCache } from './store/auth-cache.js';
import type { ChangeFeed } from './store/change-feed.js';
import { databaseCounterStore, memoryCounterStore, redisCounterStore } from './store/counter-store.js';
import { createWebhookInbox } from './store/webhook-inbox.js';

export type BaseDeps = Omit<AppDeps, 'counters' | 'registers' | 'registersOver' | 'sealer' | 'authCache' | 'webhookInbox'> &
  Partial<Pick<AppDeps, 'counters' | 'registers' | 'sealer' | 'webhookInbox'>> & {
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

export function wireDeps(base: BaseDeps): AppDeps {
  const { embeddedDir, changes, ...rest } = base;
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
  const registersOver: AppDeps['registersOver'] = injected ? () => injected : (db) => createSimulatedRegisters(db, rest.config);
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
    registers: injected ?? createSimulatedRegisters(rest.db, rest.config),
    registersOver,
    sealer,
    webhookInbox: rest.webhookInbox ?? createWebhookInbox(),
    ...(mailer ? { mailer } : {}),
  };
}
