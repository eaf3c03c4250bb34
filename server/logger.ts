// pino with the secrets a log line must never carry redacted at the source, and an `err` serializer
// that keeps what callers sent out of database errors: their messages quote the statement's
// parameters (drizzle's "Failed query: … params: …") and the values PostgreSQL refused (`invalid
// input syntax for type integer: "…"`, `Key (email)=(…)`), which are contact e-mails and names.
import { pino, type DestinationStream, type Logger } from 'pino';
import { REDACTED, SECRET_FIELD_NAMES } from './redaction.js';
import { sqlStateOf } from './sql-state.js';

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-auth-svc"]',
  'headers.authorization',
  'headers["x-auth-svc"]',
  ...SECRET_FIELD_NAMES.flatMap((name) => [`*.${name}`, name]),
];

interface QueryError {
  query: string;
  cause?: unknown;
}

function isQueryError(value: unknown): value is QueryError & Error {
  return value instanceof Error && typeof (value as Partial<QueryError>).query === 'string' && 'params' in value;
}

/** The statement's kind and table (`insert lodgements`, `select api_keys`): its name in logs, never its values. */
export function statementName(query: string): string {
  const text = query.trim().replace(/\s+/g, ' ');
  const verb = /^(\w+)/.exec(text)?.[1]?.toLowerCase() ?? 'statement';
  const table =
    /^(?:insert into|update|delete from)\s+"?([\w.]+)"?/i.exec(text)?.[1] ?? /\bfrom\s+"?([\w.]+)"?/i.exec(text)?.[1] ?? undefined;
  return table ? `${verb} ${table}` : verb;
}

/**
 * A database error as a log line may show it: the statement's name, the SQLSTATE and the stack's
 * frames. Anything else
 * goes through pino's standard serializer (message and stack).
 */
export function serializeError(error: unknown): unknown {
  let query: QueryError | undefined;
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++)
    if (!query && isQueryError(current)) query = current;
  const code = sqlStateOf(error);
  if (query || code) {
    // The stack's frames say where; its first line is the message, which quotes the values.
    const frames = error instanceof Error ? (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)) : [];
    return {
      type: 'DatabaseError',
      ...(query ? { statement: statementName(query.query) } : {}),
      ...(code ? { code } : {}),
      ...(frames.length > 0 ? { frames: frames.map((line) => line.trim()).join('\n') } : {}),
    };
  }
  return error instanceof Error ? pino.stdSerializers.err(error) : error;
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: REDACTED_PATHS, censor: REDACTED },
    base: { service: 'svc' },
    serializers: { err: serializeError },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
