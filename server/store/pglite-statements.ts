// Named prepared statements for PGlite, one set per instance, keyed by the statement's text.
//
// PGlite's query() sends every statement as the unnamed statement: PostgreSQL parses, analyses and
// plans it again at every call, in WebAssembly on the API's one thread. A sandbox's statements are
// few and repeated (drizzle builds the same text for the same query shape, values as parameters),
// and most of a short statement's time was that work: a claim of the job queue 0.9 ms of CPU a
// call as the unnamed statement. Here a text is parsed once under a name of its own (Parse, then
// Describe for its parameter types and row shape), and each later call only binds and executes it,
// so PostgreSQL's plan cache keeps its analysis and, after five calls, its plan. Results are parsed
// by PGlite's own parseResults (the Bind, Execute and Sync's answer read by pglite-answer.ts, its
// notifications delivered by pglite-notifications.ts), parameters serialized by the instance's
// serializers, errors are PGlite's (with the query and parameters attached), and the file system is
// synced after a statement outside a transaction: what PGlite's query() does, in one place (runNamed).
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { EmscriptenBuiltinFilesystem } from '@electric-sql/pglite/basefs';
import { bindExecuteSyncMessage, exchange, readAnswer } from './pglite-answer.js';
import { notificationDelivery } from './pglite-notifications.js';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type ParseResults = typeof parse.parseResults;

/** A text parsed under its name, with what Describe answered about it. */
interface Named {
  name: string;
  parameterTypes: number[];
  /** The statement's RowDescription (none for a statement that returns no rows): sent with each result. */
  rows: BackendMessage | undefined;
}

/** Texts kept at most: the least recently used one is closed past it (texts with literals in them vary). */
export const MAX_NAMED_STATEMENTS = 256;

/** SQLSTATE of a named statement whose cached plan no longer fits (a table changed under it), or that is gone. */
const STALE_STATEMENT = new Set(['0A000', '26000']);

interface DatabaseErrorLike extends Error {
  code?: string;
}

function isDatabaseError(error: unknown): error is DatabaseErrorLike {
  return error instanceof protocol.messages.DatabaseError;
}

/** The statement's text as PGlite attaches it to an error, so a failure reads as it did. */
function withQuery(error: unknown, text: string, params: unknown[] | undefined, options: QueryOptions | undefined): unknown {
  if (!isDatabaseError(error)) return error;
  return Object.assign(error, { query: text, params, queryOptions: options });
}

export interface NamedStatements {
  /** Runs `text` as a named statement; `inTransaction` when called through a transaction's own query. */
  query: <T>(text: string, params: unknown[] | undefined, options: QueryOptions | undefined, inTransaction: boolean) => Promise<Results<T>>;
}

/**
 * Whether the instance's file system does anything when PGlite syncs it after a statement. The data
 * directory (NodeFS) and `memory://` write through and keep Emscripten's empty syncToFs; calling it
 * still took a mutex and two promises per statement.
 */
function syncsToFs(client: PGlite): boolean {
  return client.fs?.syncToFs !== EmscriptenBuiltinFilesystem.prototype.syncToFs;
}

export function namedStatements(client: PGlite): NamedStatements {
  const named = new Map<string, Named>();
  let counter = 0;
  const { serialize } = protocol;
  const deliver = notificationDelivery(client);

  const send = (message: Uint8Array): Promise<BackendMessage[]> => client.execProtocolStream(message, { syncToFs: false });

  /** Parses `text` under a new name; closes the least recently used one past the bound. */
  async function prepare(text: string, options: QueryOptions | undefined): Promise<Named> {
    if (named.size >= MAX_NAMED_STATEMENTS) {
      const [oldestText, oldest] = named.entries().next().value as [string, Named];
      named.delete(oldestText);
      await send(serialize.close({ type: 'S', name: oldest.name }));
    }
    const name = `svc_${++counter}`;
    await send(serialize.parse({ name, text, types: options?.paramTypes }));
    const described = await send(serialize.describe({ type: 'S', name }));
    const statement: Named = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(described),
      rows: described.find((message) => message.name === 'rowDescription'),
    };
    named.set(text, statement);
    return statement;
  }

  function values(statement: Named, params: unknown[], options: QueryOptions | undefined): (string | null)[] {
    return params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.parameterTypes[i]!;
      const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
      return serializer ? (serializer(param) as string) : String(param);
    });
  }

  async function runNamed<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    let statement: Named;
    let message: Uint8Array;
    try {
      const known = named.get(text);
      if (known) {
        // Most recently used last: the first entry is the one to close.
        named.delete(text);
        named.set(text, known);
      }
      statement = known ?? (await prepare(text, options));
      message = bindExecuteSyncMessage(statement.name, values(statement, params, options));
    } catch (error) {
      // The Parse and Describe sent (or a value that would not serialize): the exchange still ends.
      await send(serialize.sync());
      throw withQuery(error, text, params, options);
    }
    // Bind, Execute and Sync in one call into the engine, their answer read by pglite-answer.ts.
    let answer: BackendMessage[];
    try {
      answer = readAnswer(await exchange(client, message));
    } catch (error) {
      // A stale statement is closed, not left behind: the text is parsed again under a new name.
      if (isDatabaseError(error) && STALE_STATEMENT.has(error.code ?? '')) {
        named.delete(text);
        await send(serialize.close({ type: 'S', name: statement.name }));
        await send(serialize.sync());
      }
      throw withQuery(error, text, params, options);
    }
    deliver(answer);
    if (!inTransaction && syncsToFs(client)) await client.syncToFs();
    const results = statement.rows ? [statement.rows, ...answer] : answer;
    return (parse.parseResults as ParseResults)(results, client.parsers, options)[0] as Results<T>;
  }

  const once = <T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> =>
    client._runExclusiveQuery(() => runNamed<T>(text, params, options, inTransaction));

  return {
    query: async <T>(text: string, params: unknown[] | undefined, options: QueryOptions | undefined, inTransaction: boolean) => {
      // Inside a transaction the caller already holds the transaction's lock (PGlite's tx.query);
      // outside one, a statement waits for any transaction to end, as PGlite's query() does.
      if (inTransaction) return once<T>(text, params ?? [], options, true);
      await client._checkReady();
      return client._runExclusiveTransaction(async () => {
        try {
          return await once<T>(text, params ?? [], options, false);
        } catch (error) {
          // A plan a table change made stale, outside a transaction: parsed again once, as the
          // unnamed statement would have been.
          if (!(isDatabaseError(error) && STALE_STATEMENT.has(error.code ?? ''))) throw error;
          return once<T>(text, params ?? [], options, false);
        }
      });
    },
  };
}
