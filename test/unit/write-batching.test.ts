// Writes that arrive while the previous statement is out go as one multi-row statement; each caller
// gets its own row, a batch the statement refused is written again row by row, and a batch lost for
// any other reason (the commit may have happened) is never written twice.
import { describe, expect, it } from 'vitest';
import { batchWrites } from '../../server/store/write-batching.js';

interface Sent {
  rows: string[];
  release: () => void;
}

/** A table whose statements are held until released; a row named "bad" breaks a constraint. */
function heldTable(failWith?: (rows: string[]) => Error | undefined) {
  const sent: Sent[] = [];
  const written: string[] = [];
  let released = 0;
  const write = (rows: readonly string[]): Promise<string[]> =>
    new Promise((resolve, reject) => {
      const batch = [...rows];
      sent.push({
        rows: batch,
        release: () => {
          const error = failWith?.(batch);
          if (error) return reject(error);
          written.push(...batch);
          resolve(batch.map((row) => `${row}#${written.indexOf(row) + 1}`));
        },
      });
    });
  const releaseAll = async (): Promise<void> => {
    for (let round = 0; round < 20; round++) {
      for (const statement of sent.slice(released)) statement.release();
      released = sent.length;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { sent, written, write, releaseAll };
}

/** The error PostgreSQL gives for a broken constraint (SQLSTATE 23514), as pg and PGlite carry it. */
function checkViolation(): Error {
  return Object.assign(new Error('new row violates check constraint'), { code: '23514', severity: 'ERROR' });
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const refusedByStatement = (error: unknown): boolean => (error as { code?: string }).code?.startsWith('23') === true;

describe('batched writes', () => {
  it('writes the rows of one turn of the event loop as one statement, and the ones that arrive while it is out as the next', async () => {
    const table = heldTable();
    const insert = batchWrites({ max: 16, write: table.write, retryAlone: refusedByStatement });
    const first = ['a', 'b'].map((row) => insert(row));
    expect(table.sent).toEqual([]);
    await turn();
    expect(table.sent.map((s) => s.rows)).toEqual([['a', 'b']]);
    const second = ['c', 'd'].map((row) => insert(row));
    await turn();
    expect(table.sent).toHaveLength(1);
    await table.releaseAll();
    expect(await Promise.all([...first, ...second])).toEqual(['a#1', 'b#2', 'c#3', 'd#4']);
    expect(table.sent.map((s) => s.rows)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('writes one row alone when nothing else comes', async () => {
    const table = heldTable();
    const insert = batchWrites({ max: 16, write: table.write, retryAlone: refusedByStatement });
    const answer = insert('a');
    await table.releaseAll();
    expect(await answer).toBe('a#1');
    expect(table.sent.map((s) => s.rows)).toEqual([['a']]);
  });

  it('puts at most `max` rows in one statement', async () => {
    const table = heldTable();
    const insert = batchWrites({ max: 2, write: table.write, retryAlone: refusedByStatement });
    const answers = ['a', 'b', 'c', 'd', 'e'].map((row) => insert(row));
    await table.releaseAll();
    expect(await Promise.all(answers)).toHaveLength(5);
    expect(table.sent.map((s) => s.rows)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('writes a batch the statement refused again row by row: only the bad row fails, the others are written once', async () => {
    const table = heldTable((rows) => (rows.includes('bad') ? checkViolation() : undefined));
    const insert = batchWrites({ max: 16, write: table.write, retryAlone: refusedByStatement });
    const answers = ['a', 'b', 'bad', 'c'].map((row) => insert(row).catch((error: Error) => `failed: ${error.message}`));
    await table.releaseAll();
    expect(await Promise.all(answers)).toEqual(['a#1', 'b#2', 'failed: new row violates check constraint', 'c#3']);
    expect(table.written).toEqual(['a', 'b', 'c']);
  });

  it('fails every caller of a batch lost for another reason and writes none of it again (it may have committed)', async () => {
    let lost = false;
    const table = heldTable((rows) => {
      if (rows.length > 1 && !lost) {
        lost = true;
        return new Error('Connection terminated unexpectedly');
      }
      return undefined;
    });
    const insert = batchWrites({ max: 16, write: table.write, retryAlone: refusedByStatement });
    const alone = insert('a');
    await table.releaseAll();
    const answers = [alone, ...['b', 'c'].map((row) => insert(row).catch((error: Error) => `failed: ${error.message}`))];
    await table.releaseAll();
    expect(await Promise.all(answers)).toEqual([
      'a#1',
      'failed: Connection terminated unexpectedly',
      'failed: Connection terminated unexpectedly',
    ]);
    expect(table.sent.map((s) => s.rows)).toEqual([['a'], ['b', 'c']]);
    // The next write goes on as usual.
    const next = insert('d');
    await table.releaseAll();
    expect(await next).toBe('d#2');
  });

  it('fails the callers when a statement returns fewer rows than it was given', async () => {
    const insert = batchWrites<string, string>({ max: 16, write: async () => [], retryAlone: () => true });
    await expect(insert('a')).rejects.toThrow('a batch of 1 rows wrote 0');
  });
});
