// Several API processes on one port (`npm start -- --processes N`, or SVC_PROCESSES): node:cluster
// forks N API processes that share the listening socket (the primary hands connections out in
// turn), so one service uses every core. The primary runs what must happen once (the migrations, the
// demo account, the job worker unless --role api) and answers what must read the same whichever
// process a request reaches (/metrics, aggregated). Everything else the processes share already goes
// through the database or Redis, as for processes on several machines (architecture.md "Scale-out"):
// the key cache is emptied by NOTIFY in each process, rate limits and the bad-credential budget are
// counted in the counter store, an Idempotency-Key is an advisory lock, the manual clock, the request
// log and the webhook test receiver's requests are rows. The embedded database has one writer: there
// it is always one process.
import cluster, { type Worker as ClusterWorker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { AggregatorRegistry } from 'prom-client';
import type { Config } from './config.js';
import type { ProcessLink } from './process-link.js';
import type { Logger } from './logger.js';
import { METRICS_ALL, METRICS_COLLECT } from './http/metrics.js';

/** The default on PostgreSQL never exceeds this many API processes (each holds a pool of connections). */
export const MAX_DEFAULT_PROCESSES = 4;
/** Cores per API process by default on PostgreSQL (D-84): the rest is the database's, the worker's and the clients'. */
export const CORES_PER_DEFAULT_PROCESS = 2;

export interface ApiProcessChoice {
  count: number;
  /** Which rule chose the count, as the start banner says it. */
  rule: string;
}

/**
 * How many API processes this start runs, and why: one on the embedded database and for a worker
 * alone; on PostgreSQL `--processes` / SVC_PROCESSES, else one per two cores, at least one and at
 * most MAX_DEFAULT_PROCESSES (D-84: measured with `npm run bench:processes`, PostgreSQL, the worker
 * and the load sharing the machine; on 2 cores a second API process halved the POST).
 */
export function chooseApiProcesses(
  config: Pick<Config, 'SVC_PROCESSES' | 'SVC_ROLE' | 'DATABASE_URL'>,
  cores: number = availableParallelism(),
): ApiProcessChoice {
  if (config.SVC_ROLE === 'worker') return { count: 1, rule: 'a worker alone serves no API' };
  if (!config.DATABASE_URL) return { count: 1, rule: 'the embedded database has one writer' };
  if (config.SVC_PROCESSES !== undefined) return { count: config.SVC_PROCESSES, rule: 'set by --processes or SVC_PROCESSES' };
  const count = Math.min(MAX_DEFAULT_PROCESSES, Math.max(1, Math.floor(cores / CORES_PER_DEFAULT_PROCESS)));
  return {
    count,
    rule: `the default on PostgreSQL: one per ${CORES_PER_DEFAULT_PROCESS} cores (${cores} here), at most ${MAX_DEFAULT_PROCESSES}; --processes N chooses`,
  };
}

/** How many API processes this start runs (chooseApiProcesses). */
export function apiProcessCount(config: Pick<Config, 'SVC_PROCESSES' | 'SVC_ROLE' | 'DATABASE_URL'>, cores?: number): number {
  return chooseApiProcesses(config, cores).count;
}

/** True in a process forked by startApiProcesses. */
export function isApiProcess(): boolean {
  return cluster.isWorker;
}

type Message =
  | { svc: 'ask'; id: number; type: string; payload?: unknown }
  | { svc: 'answer'; id: number; result?: unknown; error?: string }
  | { svc: 'question'; id: number; type: string; payload?: unknown }
  | { svc: 'reply'; id: number; result?: unknown; error?: string };

function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && 'svc' in value && typeof (value as { id?: unknown }).id === 'number';
}

/** Promises waiting for the other side's answer, by message id. */
function pendingAnswers() {
  let next = 0;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  return {
    open: (send: (id: number) => void, timeoutMs?: number): Promise<unknown> =>
      new Promise((resolve, reject) => {
        const id = ++next;
        const timer = timeoutMs ? setTimeout(() => settle({ id, error: 'no answer in time' }), timeoutMs) : undefined;
        waiting.set(id, {
          resolve: (value) => {
            clearTimeout(timer);
            resolve(value);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        send(id);
      }),
    settle,
  };
  function settle(message: { id: number; result?: unknown; error?: string }): void {
    const entry = waiting.get(message.id);
    if (!entry) return;
    waiting.delete(message.id);
    if (message.error !== undefined) entry.reject(new Error(message.error));
    else entry.resolve(message.result);
  }
}

/** An API process's link to its primary (deps.processes). */
export function primaryLink(): ProcessLink {
  const answers = pendingAnswers();
  const handlers = new Map<string, (payload: unknown) => unknown>();
  const send = (message: Message): void => void process.send?.(message);
  process.on('message', (message: unknown) => {
    if (!isMessage(message)) return;
    if (message.svc === 'answer') answers.settle(message);
    else if (message.svc === 'question') {
      const handler = handlers.get(message.type);
      Promise.resolve()
        .then(() => (handler ? handler(message.payload) : Promise.reject(new Error(`no answer to ${message.type}`))))
        .then(
          (result) => send({ svc: 'reply', id: message.id, result }),
          (error: unknown) => send({ svc: 'reply', id: message.id, error: String(error) }),
        );
    }
  });
  return {
    ask: (type, payload) => answers.open((id) => send({ svc: 'ask', id, type, payload })),
    answer: (type, handler) => void handlers.set(type, handler),
  };
}

export interface ApiProcesses {
  /** Resolves with the port once every API process listens. */
  listening: Promise<number>;
  /** Stops every API process (SIGTERM, each finishes its requests) and waits for them. */
  stop: () => Promise<void>;
}

export interface ApiProcessOptions {
  count: number;
  /** The server's entry module (main's own file): what each API process runs. */
  entry: string;
  logger: Logger;
  /** The primary's answers to its API processes' questions, by type. */
  answers: Record<string, (payload: unknown) => unknown>;
}

/** A process that dies is replaced; one that keeps dying (more than this many in a minute) stops the service. */
const MAX_RESTARTS_PER_MINUTE = 10;

/** Forks the API processes; the primary answers their questions and replaces one that dies. */
export function startApiProcesses(options: ApiProcessOptions): ApiProcesses {
  cluster.setupPrimary({ exec: options.entry, args: [] });
  const questions = pendingAnswers();
  let stopping = false;
  const restarts: number[] = [];
  const listeners = new Set<number>();
  let onListening: (port: number) => void = () => undefined;
  let onFailed: (error: Error) => void = () => undefined;
  const listening = new Promise<number>((resolve, reject) => {
    onListening = resolve;
    onFailed = reject;
  });

  const answers: Record<string, (payload: unknown) => unknown> = {
    ...options.answers,
    // Every process's metrics, aggregated by prom-client (counters summed, per-process gauges kept apart).
    [METRICS_ALL]: async () => {
      const all = await Promise.all(workers().map((worker) => ask(worker, METRICS_COLLECT).catch(() => [])));
      return AggregatorRegistry.aggregate(all as object[][]).metrics();
    },
  };
  const workers = (): ClusterWorker[] => Object.values(cluster.workers ?? {}).filter((w): w is ClusterWorker => !!w && w.isConnected());
  const ask = (worker: ClusterWorker, type: string, payload?: unknown): Promise<unknown> =>
    questions.open((id) => worker.send({ svc: 'question', id, type, payload } satisfies Message), 5_000);

  const fork = (): void => void cluster.fork({ SVC_ROLE: 'api' });
  cluster.on('message', (worker: ClusterWorker, message: unknown) => {
    if (!isMessage(message)) return;
    if (message.svc === 'reply') questions.settle(message);
    else if (message.svc === 'ask') {
      const handler = answers[message.type];
      Promise.resolve()
        .then(() => (handler ? handler(message.payload) : Promise.reject(new Error(`no answer to ${message.type}`))))
        .then(
          (result) => worker.isConnected() && worker.send({ svc: 'answer', id: message.id, result } satisfies Message),
          (error: unknown) =>
            worker.isConnected() && worker.send({ svc: 'answer', id: message.id, error: String(error) } satisfies Message),
        );
    }
  });
  cluster.on('listening', (worker, address) => {
    listeners.add(worker.id);
    if (listeners.size === options.count) onListening(address.port);
  });
  cluster.on('exit', (worker, code, signal) => {
    listeners.delete(worker.id);
    // Exit code 0 is a process that shut down as asked (a signal to the whole group, Ctrl-C).
    if (stopping || (code === 0 && !signal)) return;
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && restarts[0]! < now - 60_000) restarts.shift();
    if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
      options.logger.error({ code, signal }, 'API processes keep exiting: stopping');
      onFailed(new Error(`an API process exited (${signal ?? code}) ${restarts.length} times in a minute`));
      process.exitCode = 1;
      process.kill(process.pid, 'SIGTERM');
      return;
    }
    options.logger.error({ code, signal, pid: worker.process.pid }, 'an API process exited: starting another');
    fork();
  });
  for (let i = 0; i < options.count; i++) fork();

  return {
    listening,
    stop: async () => {
      stopping = true;
      const running = Object.values(cluster.workers ?? {}).filter((w): w is ClusterWorker => !!w);
      await Promise.all(
        running.map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) return resolve();
              const timer = setTimeout(() => worker.process.kill('SIGKILL'), 15_000);
              worker.once('exit', () => {
                clearTimeout(timer);
                resolve();
              });
              worker.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
