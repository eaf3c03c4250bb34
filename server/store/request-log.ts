// The request log's writer (D-51). Answers are recorded into this process's buffer as they go out
// and written later, in batches: one multi-row INSERT per batch, then one DELETE that keeps the
// newest `limit` entries of every account and environment the batch touched. Nothing here is
// awaited by a request: a slow database only lets the buffer grow (to a bound, then the oldest
// entries are dropped), and a failed write is logged and dropped, never retried into a request.
// Bodies are redacted and serialised at write time, not while the request is answered; an answer's
// JSON text, which send.ts writes anyway, is reused as it is when it has nothing to redact.
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Logger } from '../logger.js';
import { redactedJsonText, redactText } from '../redaction.js';
import type { Database } from './db.js';
import { requestLog, type NewRequestLogRow, type RequestLogRow } from './schema/request-log.js';
import { changedRows, vacuumEvery } from './vacuum.js';

/** The columns an entry brings as they are; the kept ones are serialised at write time. */
type KeptColumns = 'bodiesKept' | 'requestHeaders' | 'requestBody' | 'requestBodyTruncated' | 'responseBody' | 'responseBodyTruncated';

/** One answered request as the HTTP layer hands it over: nothing serialised yet. */
export interface RequestLogEntry extends Omit<RequestLogRow, 'id' | KeptColumns> {
  /** Test entries only (D-51): the selected headers and both bodies, as received and as answered. */
  kept?: {
    headers: Record<string, string>;
    /** The request body's text (UTF-8), when one arrived. */
    requestText?: string;
    /** The JSON answered; undefined for no body or a binary one (a PDF). */
    responseBody?: unknown;
    /** That JSON's text as it was sent (send.ts), kept as is when it has nothing to redact. */
    responseText?: string;
  };
}

export interface RequestLogWriter {
  /** Takes an answered request; never throws, never waits. */
  record: (entry: RequestLogEntry) => void;
  /** Writes what is buffered now (the operator reads call it, so they see this process's latest). Never rejects. */
  flush: () => Promise<void>;
  /** The last flush, at shutdown; later records are dropped. */
  close: () => Promise<void>;
}

export interface RequestLogOptions {
  db: Database;
  logger: Logger;
  /** Entries kept per account and environment (SVC_REQUEST_LOG_LIMIT, 1,000 by default). */
  limit: number;
  /** How long an entry may wait in the buffer before its batch is written (milliseconds). */
  flushMs: number;
  /**
   * On the embedded database (one connection, the API's thread): resolves when no request is in
   * flight (or after a short wait), so a batch is written between requests, not ahead of them.
   */
  requestsFirst?: () => Promise<void>;
  /** Rows per INSERT; on the embedded database small, so one statement never holds the thread long. */
  rowsPerStatement?: number;
}

/** A kept body longer than this (its redacted JSON text) is cut and flagged. */
export const MAX_KEPT_BODY = 64 * 1024;
/** Entries per batch, and per INSERT where the options do not ask for fewer (D-51: at 250 entries a batch is written). */
const BATCH_ROWS = 250;
/** Entries, and characters of request text, the buffer holds while the database is slow; past either the oldest are dropped. */
const MAX_BUFFERED = 10_000;
const MAX_BUFFERED_TEXT = 16 * 1024 * 1024;

interface KeptBody {
  text: string | null;
  truncated: boolean;
}

function keptJson(value: unknown, answered?: string): KeptBody {
  const text = redactedJsonText(value, answered);
  if (text.length <= MAX_KEPT_BODY) return { text, truncated: false };
  return { text: JSON.stringify(text.slice(0, MAX_KEPT_BODY)), truncated: true };
}

/** The request's text: its JSON redacted, or (not JSON, or too long to parse here) the text itself as a JSON string. */
function keptRequest(text: string | undefined): KeptBody {
  if (text === undefined || text === '') return { text: null, truncated: false };
  if (text.length > MAX_KEPT_BODY) return { text: JSON.stringify(redactText(text.slice(0, MAX_KEPT_BODY))), truncated: true };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    return { text: JSON.stringify(redactText(text)), truncated: false };
  }
  return keptJson(parsed);
}

/** The columns kept for a test entry (D-51), redacted and serialised; none for a live one. */
function keptColumnsOf(kept: RequestLogEntry['kept']): Pick<NewRequestLogRow, KeptColumns> {
  if (!kept) return { bodiesKept: false, requestHeaders: null, requestBody: null, responseBody: null };
  const request = keptRequest(kept.requestText);
  const response = kept.responseBody === undefined ? { text: null, truncated: false } : keptJson(kept.responseBody, kept.responseText);
  return {
    bodiesKept: true,
    requestHeaders: kept.headers,
    requestBody: request.text,
    requestBodyTruncated: request.truncated,
    responseBody: response.text,
    responseBodyTruncated: response.truncated,
  };
}

const KEPT_COLUMNS: ReadonlySet<string> = new Set<KeptColumns>([
  'bodiesKept',
  'requestHeaders',
  'requestBody',
  'requestBodyTruncated',
  'responseBody',
  'responseBodyTruncated',
]);

/** Every column but the generated id, in the table's order: the batch's element layout and its INSERT list. */
const insertedColumns = Object.entries(getTableColumns(requestLog))
  .filter(([, column]) => !column.primary)
  .map(([key, column]) => ({ key, column, fallback: column.default ?? null, kept: KEPT_COLUMNS.has(key) }));
const columnList = sql.raw(insertedColumns.map(({ column }) => `"${column.name}"`).join(', '));
/**
 * Each column read from its place in a batch element (a JSON array): text as it is, a jsonb value as
 * it is (a JSON null is SQL NULL), anything else cast from its text.
 */
const elementColumns = sql.raw(
  insertedColumns
    .map(({ column }, place) => {
      const type = column.getSQLType();
      if (type === 'text') return `e->>${place}`;
      if (type === 'jsonb') return `nullif(e->${place}, 'null'::jsonb)`;
      return `(e->>${place})::${type}`;
    })
    .join(', '),
);

/**
 * An entry as its batch element: every inserted column's value in the table's order, read straight from
 * the entry and its kept columns. Building a row object first (a rest and a spread per entry) took
 * twice the CPU: 1.6 % of the server's on GET /webhooks, against 0.75 % (`npm run bench:write-path`).
 */
function elementOf(entry: RequestLogEntry): unknown[] {
  const kept = keptColumnsOf(entry.kept) as Record<string, unknown>;
  const facts = entry as unknown as Record<string, unknown>;
  const element: unknown[] = [];
  for (const { key, fallback, kept: isKept } of insertedColumns) {
    const value = isKept ? kept[key] : facts[key];
    element.push(value === undefined ? fallback : value);
  }
  return element;
}

/**
 * A batch as one statement with one parameter, a JSON array of arrays that PostgreSQL unpacks by
 * place. Building a multi-row INSERT through the query builder mapped each of the twenty values of
 * every row one by one, which cost the API process about 0.15 ms per logged request on PostgreSQL.
 * Arrays read by place from jsonb, not objects unpacked by `json_to_recordset`: that unpacking looks
 * every column up by its name in every entry, and cost PostgreSQL about 28 us of CPU per entry
 * against 18 (200-entry batches of a GET /webhooks entry); per GET /webhooks on PostgreSQL, the
 * backends' CPU fell from 0.222 to 0.202 ms and the server's moved within the spread (medians of
 * three in turns, `npm run bench:http-ab -- --path get --postgres-url …`).
 */
function insertBatch(elements: unknown[][]): SQL {
  return sql`INSERT INTO ${requestLog} (${columnList})
    SELECT ${elementColumns} FROM jsonb_array_elements(${JSON.stringify(elements)}::jsonb) AS e`;
}

/**
 * Keeps the newest `limit` entries of each (account, environment) pair: one statement for all of
 * them. Resolves to the number of entries it removed.
 */
async function prune(db: Database, pairs: Map<string, { accountId: string; environment: string }>, limit: number): Promise<number> {
  if (pairs.size === 0) return 0;
  const values = sql.join(
    [...pairs.values()].map(({ accountId, environment }) => sql`(${accountId}, ${environment})`),
    sql`, `,
  );
  const result = await db.execute(sql`
    DELETE FROM ${requestLog} r USING (
      SELECT t.account_id, t.environment,
        (SELECT x.id FROM ${requestLog} x WHERE x.account_id = t.account_id AND x.environment = t.environment
          ORDER BY x.id DESC OFFSET ${limit} LIMIT 1) AS floor_id
      FROM (VALUES ${values}) AS t(account_id, environment)
    ) f
    WHERE r.account_id = f.account_id AND r.environment = f.environment AND r.id <= f.floor_id`);
  return changedRows(result);
}

export function createRequestLogWriter(options: RequestLogOptions): RequestLogWriter {
  const { db, logger, limit, flushMs, requestsFirst } = options;
  const rowsPerStatement = Math.min(options.rowsPerStatement ?? BATCH_ROWS, BATCH_ROWS);
  let buffer: RequestLogEntry[] = [];
  let bufferedText = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let dropped = 0;
  let closed = false;
  // After every `limit` entries pruned the table is vacuumed, so it holds at most about a limit's worth
  // of dead entries beside the live ones, however many requests come (D-90).
  const pruned = vacuumEvery(db, requestLog, limit, {
    ...(requestsFirst ? { before: requestsFirst } : {}),
    // The batch is written; the next vacuum is a limit's worth of entries later.
    failed: (error) => logger.warn({ err: error }, 'request log: the table could not be vacuumed'),
  });

  const writeBatch = async (batch: RequestLogEntry[]): Promise<void> => {
    try {
      const elements = batch.map(elementOf);
      for (let start = 0; start < elements.length; start += rowsPerStatement) {
        await requestsFirst?.();
        await db.execute(insertBatch(elements.slice(start, start + rowsPerStatement)));
      }
      const pairs = new Map(batch.map((e) => [`${e.accountId}|${e.environment}`, { accountId: e.accountId, environment: e.environment }]));
      await requestsFirst?.();
      await pruned.removed(await prune(db, pairs, limit));
    } catch (error) {
      // Lost, not retried: the log must never hold up the service it describes.
      logger.warn({ err: error, entries: batch.length }, 'request log: a batch could not be written');
    }
  };

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (dropped > 0) {
      logger.warn({ dropped }, 'request log: the buffer was full, oldest entries dropped');
      dropped = 0;
    }
    const batch = buffer;
    buffer = [];
    bufferedText = 0;
    // One batch after another, so entries are written in the order they were answered.
    writing = writing.then(() => (batch.length > 0 ? writeBatch(batch) : undefined));
    return writing;
  };

  return {
    record: (entry) => {
      if (closed) return;
      buffer.push(entry);
      bufferedText += entry.kept?.requestText?.length ?? 0;
      while (buffer.length > MAX_BUFFERED || bufferedText > MAX_BUFFERED_TEXT) {
        bufferedText -= buffer.shift()?.kept?.requestText?.length ?? 0;
        dropped++;
      }
      if (buffer.length >= BATCH_ROWS) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), flushMs);
        // A pending batch never keeps a process alive; shutdown flushes it (close).
        timer.unref();
      }
    },
    flush,
    close: async () => {
      closed = true;
      await flush();
    },
  };
}
