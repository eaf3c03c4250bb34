// Stopping `npm start` the way a script does: `npm start &` then `kill $!` signals npm's own PID only
// (no process group). npm passes it to the `sh -c` it started, which did not pass it on: the server
// kept running and held the port. Now the script execs node (package.json), and scripts/start.mjs
// also stops when its parent goes (npm killed with SIGKILL). Within 5 s of a SIGTERM or SIGINT to
// npm's PID, or to the process npm started, the port is free and no process of the tree is left: on
// the embedded database and on PostgreSQL, where `npm start` also runs several API processes
// (server/cluster.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_SECRET_KEY } from '../support/harness.js';
import { assertPostgres, createThrowawayDatabase, probePostgres, type ThrowawayDatabase } from '../support/postgres.js';
import { portFree } from '../../scripts/free-port.js';

const postgres = await probePostgres('npm start on PostgreSQL, stopped by its PID');
const STOP_WITHIN_MS = 5000;

/** Every process's parent, from /proc. */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      map.set(Number(name), ppid);
    } catch {
      // gone meanwhile
    }
  }
  return map;
}

/** The PIDs under `root` (not itself). */
function descendants(root: number): number[] {
  const map = parents();
  const found: number[] = [];
  let frontier = [root];
  while (frontier.length > 0) {
    const next = [...map].filter(([, ppid]) => frontier.includes(ppid)).map(([pid]) => pid);
    found.push(...next);
    frontier = next;
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    // A zombie still answers kill(0); it holds nothing, so count it as gone.
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8')) && (process.kill(pid, 0), true);
  } catch {
    return false;
  }
}

interface Started {
  npm: ChildProcess;
  port: number;
  tree: number[];
  output: () => string;
}

const running: number[] = [];

async function startNpm(env: Record<string, string>, expectedProcesses: number): Promise<Started> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  // Not detached: in the test's own process group, as `npm start &` in a script.
  const npm = spawn('npm', ['start'], {
    env: { ...inherited, SVC_DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-stop-')), PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 120_000;
  while (!/listening on http:\/\/\S+:\d+/.test(output)) {
    if (Date.now() > deadline || npm.exitCode !== null) throw new Error(`npm start did not come up:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const port = Number(/listening on http:\/\/\S+:(\d+)/.exec(output)![1]);
  // npm, the server (and a shell, were it not exec'd) and, on PostgreSQL, the API processes it forked (they listen before the line).
  const tree = [npm.pid!, ...descendants(npm.pid!)];
  running.push(...tree);
  expect(tree.length, output).toBeGreaterThanOrEqual(expectedProcesses);
  return { npm, port, tree, output: () => output };
}

async function expectStopped(started: Started): Promise<void> {
  const deadline = Date.now() + STOP_WITHIN_MS;
  let left = started.tree.filter(alive);
  while ((left.length > 0 || !(await portFree(started.port))) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    left = started.tree.filter(alive);
  }
  expect(left, `still running ${STOP_WITHIN_MS} ms after the signal:\n${started.output()}`).toEqual([]);
  expect(await portFree(started.port)).toBe(true);
}

afterEach(() => {
  for (const pid of running.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

describe('npm start on the embedded database, stopped by a signal to one PID', () => {
  it('stops within 5 s on SIGTERM to npm', async () => {
    const started = await startNpm({}, 2);
    started.npm.kill('SIGTERM');
    await expectStopped(started);
  }, 180_000);

  it('stops within 5 s on SIGINT to npm', async () => {
    const started = await startNpm({}, 2);
    started.npm.kill('SIGINT');
    await expectStopped(started);
  }, 180_000);

  it('stops within 5 s on SIGTERM to the process npm started', async () => {
    const started = await startNpm({}, 2);
    process.kill(started.tree[1]!, 'SIGTERM');
    await expectStopped(started);
  }, 180_000);

  it('stops within 5 s when npm is killed with SIGKILL (it cannot pass anything on)', async () => {
    const started = await startNpm({}, 2);
    started.npm.kill('SIGKILL');
    await expectStopped(started);
  }, 180_000);
});

describe('npm start on PostgreSQL, several API processes', () => {
  const runs = postgres.available || postgres.required;
  let database: ThrowawayDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it.skipIf(!runs)(
    'stops every process within 5 s on SIGTERM to npm',
    async () => {
      assertPostgres(postgres, 'npm start on PostgreSQL');
      database = await createThrowawayDatabase();
      // npm, the primary and two API processes.
      const started = await startNpm({ DATABASE_URL: database.url, SVC_PROCESSES: '2', SVC_SECRET_KEY: TEST_SECRET_KEY }, 4);
      started.npm.kill('SIGTERM');
      await expectStopped(started);
    },
    180_000,
  );
});
