// Requests first where the API and the job worker share one process (`npm start` with one process,
// D-85): a job takes the same thread as the requests, and on PGlite its transaction also holds the
// database's one connection while requests queue behind it. The gate counts the requests in flight.
// The background worker starts a job only on a server that has had no request in flight for
// `idleMs`, or once it has waited `maxWaitMs`: under a load that never pauses (or whose clients, on a
// busy machine, leave gaps between requests) jobs still move, one per wait, and catch up as soon as
// the load stops. Waiting only for "none in flight" let a job into every gap between two requests of
// a busy client. Only the background loop waits: an advance of the manual clock runs its jobs inside
// a request.
export interface RequestGate {
  /** A request arrived. */
  enter: () => void;
  /** A request was answered, or its client went away. */
  leave: () => void;
  /** Resolves when no request is in flight, or after `maxWaitMs`. */
  quiet: (maxWaitMs: number) => Promise<void>;
  /** Resolves when no request has been in flight for the gate's `idleMs`, or after `maxWaitMs`. */
  idle: (maxWaitMs: number) => Promise<void>;
}

export interface RequestGateOptions {
  /** How long without a request in flight makes the server idle for `idle()`. */
  idleMs?: number;
}

/** How long the server must have had no request in flight before the worker starts a job at once. */
export const WORKER_IDLE_MS = 50;

export function createRequestGate({ idleMs = WORKER_IDLE_MS }: RequestGateOptions = {}): RequestGate {
  let inFlight = 0;
  // True once no request has been in flight for idleMs (and at start).
  let idle = true;
  let idleTimer: NodeJS.Timeout | undefined;
  let quietWaiters: Array<() => void> = [];
  let idleWaiters: Array<() => void> = [];
  const releaseAll = (waiters: Array<() => void>): void => {
    for (const release of waiters) release();
  };
  const waitFor = (list: 'quiet' | 'idle', maxWaitMs: number): Promise<void> =>
    new Promise<void>((resolve) => {
      const release = (): void => {
        clearTimeout(timer);
        if (list === 'quiet') quietWaiters = quietWaiters.filter((waiter) => waiter !== release);
        else idleWaiters = idleWaiters.filter((waiter) => waiter !== release);
        resolve();
      };
      const timer = setTimeout(release, maxWaitMs);
      if (list === 'quiet') quietWaiters.push(release);
      else idleWaiters.push(release);
    });
  // A turn of the event loop first: requests whose bytes arrived while a job held the thread are read
  // (and counted) in its poll phase, before the check.
  const nextTurn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    enter: () => {
      inFlight += 1;
      idle = false;
      clearTimeout(idleTimer);
    },
    leave: () => {
      inFlight = Math.max(0, inFlight - 1);
      if (inFlight > 0) return;
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        idle = true;
        releaseAll(idleWaiters.slice());
      }, idleMs);
      idleTimer.unref?.();
      releaseAll(quietWaiters.slice());
    },
    quiet: async (maxWaitMs) => {
      await nextTurn();
      if (inFlight === 0) return;
      await waitFor('quiet', maxWaitMs);
    },
    idle: async (maxWaitMs) => {
      await nextTurn();
      if (idle) return;
      await waitFor('idle', maxWaitMs);
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
