// Settings from the environment (sandbox.md), parsed once at start. A bad value stops the process
// with a message naming the variable, instead of failing later in a request.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

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
  SVC_CLOCK: z.enum(['real', 'manual']).default('real'),
  SVC_CLOCK_START: z.iso.datetime({ offset: true }).optional(),
  SVC_WEBHOOK_ALLOW_LOCAL: flag.default(false),
  /** Spec 6.4: a receiver has 15 s to answer. Lowered only by tests of the timeout path. */
  SVC_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(15_000),
  /** How long a claimed job is protected from other workers (database time); a dead worker's job is claimable again after it. */
  SVC_JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  SVC_SANDBOX_CERT_DELAY_MS: z.coerce.number().int().min(0).default(2000),
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
  /** Scales every D-42 limit (benchmarks and load tests raise it; production leaves it at 1). */
  SVC_RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1_000_000).default(1),
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
  const adminToken = result.data.SVC_ADMIN_TOKEN ?? `adm_${randomBytes(24).toString('base64url')}`;
  return { ...result.data, adminToken, adminTokenGenerated: result.data.SVC_ADMIN_TOKEN === undefined };
}
