// The embedded engine's write-ahead log, kept bounded (D-86).
//
// PostgreSQL checkpoints when its WAL since the last checkpoint passes max_wal_size: its checkpointer
// process does, asked by the backend that writes (XLogWrite asks only when it runs under a
// postmaster). PGlite is PostgreSQL in single-user mode, with no postmaster and no checkpointer, so
// it never checkpoints while it is open and never removes a WAL segment: every byte written since
// the database was opened stays in pg_wal. A daily check over 100,000 entities left 227 MB there;
// on `memory://` (tests, the in-process contract runner) those files are the process's own memory,
// in a data directory they fill the disk until the next clean close.
//
// So the instance checkpoints itself: now and then, after an operation, it reads how much WAL was
// written since the last checkpoint, and past WAL_CHECKPOINT_BYTES runs CHECKPOINT, which removes
// the segments before it (min_wal_size and max_wal_size in PGLITE_WAL_PARAMS cap how many it keeps
// for reuse). Reading the position costs a statement, so it is read after an amount of work the
// instance adapts from the WAL each unit of work wrote since the last reading: about a quarter of
// the bound between readings; when little is written (a sandbox's requests) one reading per some
// 50 requests, during a bulk load after every statement.
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';

/** WAL written since the last checkpoint past which the instance checkpoints. */
export const WAL_CHECKPOINT_BYTES = 32 * 2 ** 20;

/**
 * The segments a checkpoint keeps for reuse: PostgreSQL recycles old segments up to an estimate
 * bounded by these (defaults 80 MB and 1 GB), and removes the rest. 32 MB is two 16 MB segments,
 * the least PostgreSQL accepts.
 */
export const PGLITE_WAL_PARAMS = ['-c', 'max_wal_size=32MB', '-c', 'min_wal_size=32MB'];

/** Work between two readings of the WAL position, at most and at first (see `work` below). */
const MAX_INTERVAL = 256;
const FIRST_INTERVAL = 16;

const POSITION = `select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::float8 as "at",
  pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 as "pending" from pg_control_checkpoint()`;

export interface WalBound {
  /** Checkpoints this instance ran (a test reads it). */
  readonly checkpoints: number;
  /** The reading in flight, if any (a test awaits it). */
  readonly settled: Promise<void>;
}

/**
 * Makes `client` checkpoint itself once WAL_CHECKPOINT_BYTES (or `bound`) of WAL are written since
 * its last checkpoint. The reading and the checkpoint queue behind the operations already waiting on
 * the engine, as any query does; the operation that triggered them does not wait for them.
 */
export function checkpointingByVolume(client: PGlite, bound = WAL_CHECKPOINT_BYTES): WalBound {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  // Work is one per operation (a statement, or a transaction as a whole) plus the rows its
  // statements inserted, updated or deleted: a statement that changes 2,000 rows writes about 2,000
  // times the WAL of one that changes one, and is read after at once instead of hundreds of
  // operations later, when the interval was set by a quiet stretch before it.
  let sinceReading = 0;
  let every = FIRST_INTERVAL;
  let lastAt: number | undefined;
  let reading: Promise<void> | undefined;
  let checkpoints = 0;

  async function read(work: number): Promise<void> {
    const { rows } = await query<{ at: number; pending: number }>(POSITION);
    const { at, pending } = rows[0]!;
    if (pending >= bound) {
      await exec('CHECKPOINT');
      checkpoints++;
    }
    // The first reading has nothing to compare with: the interval stays until the second.
    if (lastAt !== undefined) {
      const perWork = (at - lastAt) / work;
      every = perWork > 0 ? Math.min(MAX_INTERVAL, Math.max(1, Math.floor(bound / 4 / perWork))) : MAX_INTERVAL;
    }
    lastAt = at;
  }

  function done(work: number): void {
    sinceReading += work;
    if (sinceReading < every || reading || client.closed) return;
    const work_ = sinceReading;
    sinceReading = 0;
    // A closing instance refuses the reading: nothing is left to bound.
    reading = read(work_)
      .catch(() => undefined)
      .finally(() => (reading = undefined));
  }

  /** The operation's result as it is; its work counted once it settles (a failed one may have written too). */
  function counted<T>(result: Promise<T>, rowsOf: (value: T) => number): Promise<T> {
    result.then(
      (value) => done(1 + rowsOf(value)),
      () => done(1),
    );
    return result;
  }

  Object.assign(client, {
    query: (...args: Parameters<PGlite['query']>) => counted(query(...args), changedRows),
    exec: (...args: Parameters<PGlite['exec']>) => counted(exec(...args), execRows),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => {
      let rows = 0;
      return counted(
        transaction((tx) => {
          const txQuery = tx.query.bind(tx);
          const txExec = tx.exec.bind(tx);
          Object.assign(tx, {
            query: async (...args: Parameters<Transaction['query']>) => {
              const result = await txQuery(...args);
              rows += changedRows(result);
              return result;
            },
            exec: async (...args: Parameters<Transaction['exec']>) => {
              const results = await txExec(...args);
              rows += execRows(results);
              return results;
            },
          });
          return callback(tx);
        }),
        () => rows,
      );
    },
  });
  return {
    get checkpoints() {
      return checkpoints;
    },
    get settled() {
      return reading ?? Promise.resolve();
    },
  };
}

function changedRows(result: Pick<Results<unknown>, 'affectedRows'>): number {
  return result.affectedRows ?? 0;
}

/** PGlite's exec gives each result the rows changed so far by the whole script: the last one has them all. */
function execRows(results: Pick<Results<unknown>, 'affectedRows'>[]): number {
  return results.length > 0 ? changedRows(results[results.length - 1]!) : 0;
}
