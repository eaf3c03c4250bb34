// Copies of the prepared embedded database (pglite-seed.ts): some 1,100 files and 40 MB, made at a
// fresh start and again for the spare after it. The system's `cp -R` makes one for a fraction of the
// CPU of Node's own copy, which is written in JavaScript with several calls per file (lstat, copyFile,
// chmod) on the main thread or through libuv's pool. The same copy, three times each on this 2-core
// machine: cpSync 100 to 340 ms of CPU, fs/promises cp 360 to 590 ms, cp -R 40 to 60 ms. A test run
// starts dozens of server processes on fresh data directories, and each made a spare with fs/promises.
// Where there is no `cp` (Windows), Node's own copy does it.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { basename, join } from 'node:path';

/** `cp -R` of the operands into the last one; `--` so that no path is read as an option. */
function cpArguments(sources: readonly string[], target: string): string[] {
  return ['-R', '--', ...sources, target];
}

function failed(status: number | null, signal: NodeJS.Signals | null, stderr: string): Error {
  return new Error(`cp -R failed (${signal ?? `exit ${status}`}): ${stderr.trim()}`);
}

/** Copies each of `sources` (files or directories) into the existing directory `into`, before it returns. */
export function copyIntoSync(sources: readonly string[], into: string): void {
  if (sources.length === 0) return;
  const copied = spawnSync('cp', cpArguments(sources, into), { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  if (copied.error && (copied.error as NodeJS.ErrnoException).code === 'ENOENT') {
    for (const source of sources) cpSync(source, join(into, basename(source)), { recursive: true });
    return;
  }
  if (copied.error) throw copied.error;
  if (copied.status !== 0) throw failed(copied.status, copied.signal, copied.stderr);
}

/** Copies the directory `from` to `to`, which must not exist yet; the main thread is free meanwhile. */
export function copyDirectory(from: string, to: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('cp', cpArguments([from], to), { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let fallingBack = false;
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') return reject(error);
      fallingBack = true;
      cp(from, to, { recursive: true }).then(resolve, reject);
    });
    // A cp that could not start is followed by 'close' too (with its errno): the fallback answers then.
    child.on('close', (status, signal) => {
      if (fallingBack) return;
      if (status === 0) resolve();
      else reject(failed(status, signal, stderr));
    });
  });
}
