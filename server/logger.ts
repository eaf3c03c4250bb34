// pino with the secrets a log line must never carry redacted at the source.
import { pino, type Logger } from 'pino';

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-auth-svc"]',
  'headers.authorization',
  'headers["x-auth-svc"]',
  '*.secret',
  '*.apiKey',
  '*.token',
  'secret',
  'token',
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, base: { service: 'svc' } });
}

export type { Logger };
