// One run of the suite: a temporary copy of the repository, one mutant's edits in it (none for the
// baseline), its server started (serve.ts), `npm run contract` (scripts/contract/cli.ts of this
// checkout, bundled once for the suite: bundle.ts) pointed at it with a fixed seed, and the failures
// it reported, read from --json-out.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { isContractResultFile } from '@registry-svc/contract';
import { bundleCopyServer } from './bundle.js';
import { makeCopy } from './copy.js';
import { applyMutant } from './edit.js';
import type { Mutant } from './mutants.js';

export interface RunOptions {
  /** This checkout's root: the copy is made from it, and its runner is the one measured. */
  root: string;
  /** This checkout's runner, bundled (bundle.ts, bundleRunner). */
  runner: string;
  seed: number;
  /** Only these operations (none: every operation of the document). */
  operations: string[];
  /** Passed to the runner as they are (--max-examples and the like). */
  runnerArgs: string[];
}

export interface RunOutcome {
  /** `operationId · check` of every failure the runner reported, each once. */
  failures: string[];
  /** Set when the run could not be judged: the server did not start, the runner crashed. */
  error?: string;
  ms: number;
}

const SERVER_START_MS = 120_000;

function tail(text: string): string {
  return text.trim().split('\n').slice(-15).join('\n');
}

/** Starts the copy's bundled server (bundle.ts, serve.ts); resolves with what it printed once it listens. */
async function startServer(root: string, copyRoot: string): Promise<{ child: ChildProcess; baseUrl: string; adminToken: string }> {
  const bundle = await bundleCopyServer(root, copyRoot);
  // --liftoff-only: PGlite's WebAssembly as V8's baseline compiler makes it, as `npm start` runs it: a
  // mutant's server lives for one run, too short to repay compiling optimized code. In turns on one
  // 2-core machine, the test's subset (test/contract/mutants.test.ts, --focus) took 30.2 and 31.0 s (54
  // to 55 s of CPU) with tiering, 22.5 and 24.7 s (39 to 43 s) without; whole runs the same either way
  // (two mutants and the baseline: 52.3 and 52.8 s).
  const child = spawn(process.execPath, ['--liftoff-only', bundle], {
    cwd: copyRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start in ${SERVER_START_MS / 1000} s\n${tail(stderr)}`));
    }, SERVER_START_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it listened\n${tail(stderr)}`));
    });
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      const started = JSON.parse(line) as { baseUrl: string; adminToken: string };
      resolve({ child, ...started });
    });
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

function runRunner(root: string, runner: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [runner, ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, output }));
  });
}

/** A run of the runner against the copy with `mutant` applied (null: the unmutated baseline). */
export async function runOne(mutant: Mutant | null, options: RunOptions): Promise<RunOutcome> {
  const started = Date.now();
  const copy = await makeCopy(options.root, mutant?.id ?? 'baseline');
  let server: ChildProcess | undefined;
  try {
    if (mutant) await applyMutant(copy.root, mutant);
    const served = await startServer(options.root, copy.root);
    server = served.child;
    // In the copy: removed with it.
    const resultFile = join(copy.root, 'contract-result.json');
    const args = [
      '--base-url',
      served.baseUrl,
      '--admin-token',
      served.adminToken,
      '--seed',
      String(options.seed),
      '--json-out',
      resultFile,
      // A mutant is killed by a failure; what --focus leaves out (the cross-account pass) is not one.
      '--no-strict',
    ];
    if (options.operations.length > 0) args.push('--operation', options.operations.join(','));
    const { code, output } = await runRunner(options.root, options.runner, [...args, ...options.runnerArgs]);
    // 0: no failure; 1: failures (the result file lists them); anything else: the run itself broke.
    if (code !== 0 && code !== 1) return { failures: [], error: `the runner exited ${code}\n${tail(output)}`, ms: Date.now() - started };
    const file: unknown = JSON.parse(await readFile(resultFile, 'utf8'));
    if (!isContractResultFile(file)) return { failures: [], error: 'the runner wrote no result file', ms: Date.now() - started };
    const failures = [...new Set(file.result.failures.map((f) => `${f.operationId} · ${f.check}`))].sort();
    // Exit 1 without failures: an operation never reached a success (listed in the result), not a kill.
    if (code === 1 && failures.length === 0 && (file.result.unreached ?? []).length === 0)
      return { failures: [], error: `the runner exited 1 without failures\n${tail(output)}`, ms: Date.now() - started };
    return { failures, ms: Date.now() - started };
  } catch (error) {
    return { failures: [], error: error instanceof Error ? error.message : String(error), ms: Date.now() - started };
  } finally {
    if (server) await stopServer(server);
    await copy.remove();
  }
}
