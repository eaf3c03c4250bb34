// pg 8 queues a query sent on a client that is still running one and warns once per process
// ("Calling client.query() when the client is already executing a query"); pg 9 throws there. Two
// queries at once on one client are always a bug here (a Promise.all inside a transaction), so tests
// fail on the warning: in-process through pg-misuse-guard.ts, in server processes they start through
// the process's output.
export const PG_MISUSE = /client\.query\(\) when the client is already executing a query/;

/** The warning line in a process's output, if it is there. */
export function pgMisuseIn(output: string): string | undefined {
  return output
    .split('\n')
    .find((text) => PG_MISUSE.test(text))
    ?.trim();
}

/** Throws when a server process's output carries the warning. */
export function assertNoPgMisuse(name: string, output: string): void {
  const line = pgMisuseIn(output);
  if (line) throw new Error(`${name} ran two queries at once on one pg client (pg 9 throws here): ${line}\n${output.slice(-4000)}`);
}
