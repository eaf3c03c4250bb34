// How every PGlite of the service and its tests is opened: its start parameters, and the result
// parsers drizzle needs made the instance's own.
//
// drizzle's PGlite session passes `parsers` with every query (timestamps, dates and intervals, and
// their arrays, left as the text PostgreSQL sent: drizzle maps them itself). PGlite merges those into
// its own table of about 300 parsers by type id for every result it parses (an object spread per
// query), which cost 80 to 250 µs a query on this project's machines: a third of a one-row select's
// time, and a tenth of the CPU of a sandbox clock advance. So each instance is opened with drizzle's
// parsers as its own, and queries reach it without per-query parsers: the same parser for every type
// id, without the merge. test/unit/pglite-engine.test.ts fails when drizzle's set changes.
import { PGlite, types, type PGliteOptions, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { namedStatements } from './pglite-statements.js';
import { PGLITE_WAL_PARAMS } from './pglite-wal.js';

/**
 * PGlite's start parameters with 32 MB of shared buffers instead of PostgreSQL's 128 MB: the engine
 * sets all of them up at every open, in WebAssembly on the API's thread (about 0.12 s of a start on
 * one machine, `npm run bench:start`; 0.3 to 0.4 s on a slower one), and a sandbox's tables fit in
 * 32 MB many times over; a page beyond them is read back from the data directory's files.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

const asText = (value: string): string => value;

/** The type ids drizzle-orm's PGlite session reads as text (drizzle-orm/pglite/session.js). */
export const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
] as const;

/**
 * Bytes in memory as the Blob PGlite loads a tarball from (`loadDataDir`). PGlite 0.5 asks that Blob
 * for its arrayBuffer() and type only (src/fs/tarUtils.ts), and a Node 20 Blob answers arrayBuffer()
 * by copying its bytes through its chunked reader: for the 42 MB prepared database 0.4 to 0.9 s of
 * CPU, most of what a new test server's PGlite cost. The bytes are handed over as they are (copied
 * only when they are a view into a larger buffer), so one read of the file serves every open of the
 * process: PGlite copies each file out of the tarball and never writes into it.
 * test/unit/pglite-engine.test.ts opens three databases from one read. scripts/start.mjs, plain
 * JavaScript that runs before the bundle, hands PGlite's file-system bundle over the same way.
 */
export function pgliteBytes(bytes: Uint8Array): Blob {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  // new Uint8Array(bytes) copies (a Buffer's own slice() would be a view into the same memory).
  const buffer = (whole ? bytes.buffer : new Uint8Array(bytes).buffer) as ArrayBuffer;
  const tarball: Pick<Blob, 'type' | 'size' | 'arrayBuffer'> = {
    type: 'application/x-tar',
    size: buffer.byteLength,
    arrayBuffer: () => Promise.resolve(buffer),
  };
  return tarball as Blob;
}

/**
 * A memory database is gone with its process: no crash ever replays its WAL, so the full page images
 * written for the first change of each page after a checkpoint (PostgreSQL's guard against a page
 * torn by a crash) are WAL for nothing, and with the checkpoints of pglite-wal.ts (D-86) most of it.
 */
const MEMORY_ONLY_PARAMS = ['-c', 'full_page_writes=off'];

/** What every PGlite is opened with, besides where its data lives: in memory (`memory://`) or in a directory. */
export function pgliteEngineOptions(where: 'memory' | 'directory'): Pick<PGliteOptions, 'startParams' | 'parsers'> {
  return {
    startParams: [...PGLITE_START_PARAMS, ...PGLITE_WAL_PARAMS, ...(where === 'memory' ? MEMORY_ONLY_PARAMS : [])],
    parsers: Object.fromEntries(DRIZZLE_TEXT_TYPES.map((id) => [id, asText])),
  };
}

function withoutParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  const { parsers: _parsers, ...rest } = options;
  return rest;
}

/**
 * The instance with its queries' own `parsers` dropped, in and out of transactions: opened with
 * pgliteEngineOptions, it already parses every type id the way those would have.
 */
export function parsingByInstance(client: PGlite): PGlite {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const statements = namedStatements(client);
  // A statement that reads or writes a blob (COPY) goes PGlite's own way.
  const viaNamed = (options: QueryOptions | undefined): boolean => options?.blob === undefined;
  Object.assign(client, {
    query: (text: string, params?: unknown[], options?: QueryOptions) =>
      viaNamed(options) ? statements.query(text, params, withoutParsers(options), false) : query(text, params, withoutParsers(options)),
    exec: (text: string, options?: QueryOptions) => exec(text, withoutParsers(options)),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      transaction(async (tx) => {
        const txQuery = tx.query.bind(tx);
        const txExec = tx.exec.bind(tx);
        // PGlite refuses a transaction's statements once it has ended; the named path does too.
        let ended = false;
        const open = (): void => {
          if (ended) throw new Error('Transaction is closed');
        };
        Object.assign(tx, {
          query: async (text: string, params?: unknown[], options?: QueryOptions) => {
            if (!viaNamed(options)) return txQuery(text, params, withoutParsers(options));
            open();
            return statements.query(text, params, withoutParsers(options), true);
          },
          exec: (text: string, options?: QueryOptions) => txExec(text, withoutParsers(options)),
        });
        try {
          return await callback(tx);
        } finally {
          ended = true;
        }
      }),
  });
  return client;
}
