// Requests first where the API and the job worker share one process (`npm start` with one process,
// D-85): a job takes the same thread as the requests, and on PGlite its transaction also holds the
// database's one connection while requests queue behind it. The gate counts the requests in flight;
// the background worker starts a job only when none is, or once it has waited `maxWaitMs`, so jobs
// still move (at least one per wait) under a load that never pauses, and catch up as soon as it does.
// Only the background loop waits: an advance of the manual clock runs its jobs inside a request.
export interface RequestGate {
  /** A request arrived. */
  enter: () => void;
  /** A request was answered, or its client went away. */
  leave: () => void;
  /** Resolves when no request is in flight, or after `maxWaitMs`. */
  quiet: (maxWaitMs: number) => Promise<void>;
}

export function createRequestGate(): RequestGate {
  let inFlight = 0;
  let waiters: Array<() => void> = [];
  return {
    enter: () => {
      inFlight += 1;
    },
    leave: () => {
      inFlight = Math.max(0, inFlight - 1);
      if (inFlight > 0 || waiters.length === 0) return;
      const released = waiters;
      waiters = [];
      for (const release of released) release();
    },
    quiet: async (maxWaitMs) => {
      // A turn of the event loop first: requests whose bytes arrived while a job held the thread are
      // read (and counted) in its poll phase, before this check.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (inFlight === 0) return;
      await new Promise<void>((resolve) => {
        const release = (): void => {
          clearTimeout(timer);
          waiters = waiters.filter((waiter) => waiter !== release);
          resolve();
        };
        const timer = setTimeout(release, maxWaitMs);
        waiters.push(release);
      });
    },
  };
}

/**
 * Whether a process gates its worker behind its requests (D-85): it serves the API and runs the
 * worker, i.e. role `all` as one process. The primary of several API processes serves no request,
 * and a `--role api` or `--role worker` process runs only one of the two.
 */
export function workerSharesApiProcess(role: 'all' | 'api' | 'worker', apiProcesses: number): boolean {
  return role === 'all' && apiProcesses === 1;
}
