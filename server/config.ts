// Settings from the environment (sandbox.md), parsed once at start. A bad value stops the process
// with a message naming the variable, instead of failing later in a request.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod';
import { generateSecretKey, parseSecretKey } from './sealing.js';

// How the service sees the network around it: which proxies may name the client (SVC_TRUST_PROXY,
// D-53) and the address it is reached at (SVC_PUBLIC_URL, D-54).
/**
 * Express's `trust proxy` setting (https://expressjs.com/en/guide/behind-proxies.html): a number of
 * hops, or the addresses and ranges of the proxies; `false` trusts nothing, so `req.ip` is the socket's.
 */
export type TrustProxy = false | number | string[];

/** Express's names for well-known ranges, accepted in the list as Express accepts them. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const slash = entry.indexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const family = isIP(address);
  if (family === 0) return false;
  if (slash === -1) return true;
  const bits = entry.slice(slash + 1);
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** A hop count (`1`), or a comma-separated list of addresses, CIDR ranges and named ranges; else the error to print. */
export function parseTrustProxy(value: string): TrustProxy | string {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    if (hops > 100) return 'a hop count must be at most 100';
    return hops === 0 ? false : hops;
  }
  const entries = trimmed.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || wrong.length > 0)
    return (
      `must be a hop count (1) or a comma-separated list of proxy addresses, CIDR ranges and loopback, linklocal, uniquelocal ` +
      `(10.0.0.0/8, loopback); not understood: ${wrong.map((entry) => JSON.stringify(entry.slice(0, 60))).join(', ')}`
    );
  return entries;
}

/** An absolute http(s) URL without credentials, query or fragment; kept without a trailing slash. */
export function parsePublicUrl(value: string): { url: string; error?: undefined } | { url?: undefined; error: string } {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return { error: 'must be an absolute http:// or https:// URL (https://api.example.com)' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: 'must be an http:// or https:// URL' };
  if (url.username !== '' || url.password !== '') return { error: 'must not hold a user name or password' };
  if (url.search !== '' || url.hash !== '' || value.includes('?') || value.includes('#'))
    return { error: 'must not have a query or a fragment' };
  return { url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

/** `http://HOST:PORT`, the default public URL (an IPv6 HOST in brackets). */
export function defaultPublicUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().min(1).default('127.0.0.1'),
  SVC_DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  SVC_ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Seals webhook signing secrets at rest (AES-256-GCM): 32 bytes as 64 hex characters or base64. */
  SVC_SECRET_KEY: z
    .string()
    .refine((value) => parseSecretKey(value) !== null, 'must be 32 random bytes as 64 hex characters or base64 (openssl rand -base64 32)')
    .optional(),
  SVC_CLOCK: z.enum(['real', 'manual']).default('real'),
  SVC_CLOCK_START: z.iso.datetime({ offset: true }).optional(),
  SVC_WEBHOOK_ALLOW_LOCAL: flag.default(false),
  /** Spec 6.4: a receiver has 15 s to answer. Lowered only by tests of the timeout path. */
  SVC_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(15_000),
  /** Webhook attempts one worker sends at once, over all endpoints (one claimed batch). */
  SVC_WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(64),
  /** Webhook attempts one worker sends at once to one endpoint: a slow receiver is never flooded. */
  SVC_WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(16),
  /** How long a claimed job is protected from other workers (database time); a dead worker's job is claimable again after it. */
  SVC_JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** D-51: request log entries kept per account and environment (tests of the pruning lower it). */
  SVC_REQUEST_LOG_LIMIT: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** D-51: how long an answered request may wait in this process's buffer before its batch is written. */
  SVC_REQUEST_LOG_FLUSH_MS: z.coerce.number().int().min(1).max(60_000).default(250),
  SVC_SANDBOX_CERT_DELAY_MS: z.coerce.number().int().min(0).default(2000),
  /** Real time the simulated PPSR takes to answer a search (0: at once); tests of a worker dying mid-search raise it. */
  SVC_SANDBOX_PPSR_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  SVC_SANDBOX_ACTIVATION_DELAY_S: z.coerce.number().int().min(0).default(60),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SVC_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  /**
   * API processes sharing the one port (`--processes N`, node:cluster; server/cluster.ts). Unset: one
   * per two cores (at most MAX_DEFAULT_PROCESSES) on PostgreSQL, D-84; one on the embedded database (one writer).
   */
  SVC_PROCESSES: z.coerce.number().int().min(1).max(64).optional(),
  /** A request body must arrive within this many ms of the service starting to read it; then 408 and the connection closes. */
  SVC_BODY_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(30_000),
  /**
   * Connections one client address may hold open at once, per API process; one more is closed at
   * once. Trusted proxies (SVC_TRUST_PROXY) are not counted: their connections carry many clients.
   */
  SVC_MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(256),
  /** Scales every D-42 limit (benchmarks and load tests raise it; production leaves it at 1). */
  SVC_RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /** Which proxies in front of the service may name the client in X-Forwarded-For (D-53); unset: none. */
  SVC_TRUST_PROXY: z
    .string()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
  /** The service's own absolute URL, the base of every absolute URL it answers with (D-54). */
  SVC_PUBLIC_URL: z
    .string()
    .transform((value, ctx) => {
      const parsed = parsePublicUrl(value);
      if (parsed.error !== undefined) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed.url;
    })
    .optional(),
});

export type Config = z.infer<typeof ConfigSchema> & { adminTokenGenerated: boolean; adminToken: string };

export class ConfigError extends Error {}

/** Parses the environment; empty strings count as unset so `VAR= npm start` behaves as expected. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = ConfigSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // With PostgreSQL there is no directory of ours to keep a generated key in, and a key generated
  // per process would leave every other process (and the next start) unable to open what it sealed.
  if (result.data.DATABASE_URL && !result.data.SVC_SECRET_KEY)
    throw new ConfigError(
      'Invalid configuration:\n  SVC_SECRET_KEY: required with DATABASE_URL (it seals webhook signing secrets at rest); ' +
        'set it to 32 random bytes, e.g. `openssl rand -base64 32`, the same on every process of this database',
    );
  if (!result.data.DATABASE_URL && (result.data.SVC_PROCESSES ?? 1) > 1)
    throw new ConfigError(
      'Invalid configuration:\n  SVC_PROCESSES: the embedded database has one writer, so it runs as one process; set DATABASE_URL to run several',
    );
  const adminToken = result.data.SVC_ADMIN_TOKEN ?? `adm_${randomBytes(24).toString('base64url')}`;
  return { ...result.data, adminToken, adminTokenGenerated: result.data.SVC_ADMIN_TOKEN === undefined };
}

/** The generated key's file inside the embedded database's directory. */
export const SECRET_KEY_FILE = 'svc-secret.key';

export interface SecretKeySource {
  key: Buffer;
  /** Where it came from; `generated` is the first start of an embedded database without SVC_SECRET_KEY. */
  origin: 'SVC_SECRET_KEY' | 'file' | 'generated' | 'ephemeral';
  file?: string;
}

/**
 * The sealing key: SVC_SECRET_KEY when set; otherwise, for an embedded database kept in a directory,
 * the key in `<dir>/svc-secret.key`, generated there (mode 0600) on first start; for an in-memory
 * database (tests, benchmarks), a random key that dies with the data it sealed. Call it after the
 * database is opened: PGlite creates a new cluster only in an empty directory.
 */
export function secretKeyOf(config: Config, embeddedDir: string | undefined): SecretKeySource {
  if (config.SVC_SECRET_KEY) return { key: parseSecretKey(config.SVC_SECRET_KEY)!, origin: 'SVC_SECRET_KEY' };
  if (config.DATABASE_URL) throw new ConfigError('SVC_SECRET_KEY is required with DATABASE_URL.');
  if (!embeddedDir || embeddedDir.startsWith('memory://')) return { key: randomBytes(32), origin: 'ephemeral' };
  const file = join(embeddedDir, SECRET_KEY_FILE);
  if (existsSync(file)) {
    const key = parseSecretKey(readFileSync(file, 'utf8'));
    if (!key)
      throw new ConfigError(`${file} does not hold a 32-byte key; restore it or set SVC_SECRET_KEY to the key the data was sealed under.`);
    return { key, origin: 'file', file };
  }
  mkdirSync(embeddedDir, { recursive: true });
  // 'wx': two processes racing to create it cannot both win and seal under different keys.
  writeFileSync(file, `${generateSecretKey()}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return { key: parseSecretKey(readFileSync(file, 'utf8'))!, origin: 'generated', file };
}
