// Writes of one statement that arrive while its previous batch is still out go together, as one
// multi-row statement: under load a request's row costs a share of one round trip (and on the
// embedded engine a share of one parse, plan and commit) instead of a whole one, and when idle a
// write goes alone, one turn of the event loop later. Each caller gets its own row back once the statement that
// wrote it has committed. A batch refused by the statement itself (a bad value or a broken
// constraint in one row: nothing was written) is written again one row at a time, so each caller
// gets its own answer and one bad row fails only its own request; any other failure (a lost
// connection, which may come after the commit) fails the batch's callers as it would have failed
// each of them, and nothing is written twice.

export interface WriteBatching<In, Out> {
  /** Most rows in one statement. */
  max: number;
  /** Writes the rows in one statement; resolves to one result per row, in their order. */
  write: (rows: readonly In[]) => Promise<Out[]>;
  /** True when `error` says the statement wrote nothing and each row may be written alone. */
  retryAlone: (error: unknown) => boolean;
}

interface Waiting<In, Out> {
  input: In;
  resolve: (out: Out) => void;
  reject: (error: unknown) => void;
}

export function batchWrites<In, Out>(options: WriteBatching<In, Out>): (input: In) => Promise<Out> {
  const waiting: Waiting<In, Out>[] = [];
  let draining = false;

  const writeAll = async (batch: Waiting<In, Out>[]): Promise<void> => {
    const outs = await options.write(batch.map((w) => w.input));
    if (outs.length !== batch.length) throw new Error(`a batch of ${batch.length} rows wrote ${outs.length}`);
    batch.forEach((w, i) => w.resolve(outs[i]!));
  };

  const drain = async (): Promise<void> => {
    while (waiting.length > 0) {
      const batch = waiting.splice(0, options.max);
      try {
        await writeAll(batch);
      } catch (error) {
        if (batch.length > 1 && options.retryAlone(error)) for (const one of batch) await writeAll([one]).catch(one.reject);
        else for (const w of batch) w.reject(error);
      }
    }
    draining = false;
  };

  return (input) =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (draining) return;
      draining = true;
      // One turn of the event loop first: the embedded engine runs a statement without yielding, so
      // the requests that came in meanwhile reach this point only after that turn.
      setImmediate(() => void drain());
    });
}
