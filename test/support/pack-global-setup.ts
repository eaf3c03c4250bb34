// The workspace packages packed once for the whole e2e project (its globalSetup in vitest.config.ts):
// `npm run pack` into build/packages/, which the service serves and the files that install packages
// outside the repository read (packed.ts). Packed once per run because a pack empties the folder first:
// a second pack from another worker would pull the tarballs from under a running test.
// The pack runs in a child process that this setup starts and does not wait for: Vitest runs every
// project's globalSetup before the first file of any project, so an awaited pack held back the
// PGlite integration pass, which needs no package, by the pack's 17 to 40 s. packedOnce() waits for
// the child's result file instead; the teardown waits for the child.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file the background `npm run pack` writes its result to (packed.ts reads it). */
    packResultFile: string;
  }
}

export function setup(project: TestProject): () => Promise<void> {
  const dir = join(process.cwd(), '.tmp');
  mkdirSync(dir, { recursive: true });
  const resultFile = join(dir, `pack-result-${process.pid}.json`);
  rmSync(resultFile, { force: true });
  const child = spawn(process.execPath, ['scripts/pack/cli.mjs', '--result-file', resultFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  // Drained so a chatty prepack never blocks on a full pipe; the end of stderr names a crash.
  let stderr = '';
  child.stdout.resume();
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-16_384)));
  const ended = new Promise<void>((resolve) => {
    const settle = (why: string): void => {
      // A child that died before writing its result (it could not start, or was killed): say so to the
      // waiting files at once instead of letting them wait out their deadline.
      if (!existsSync(resultFile)) writeFileSync(resultFile, JSON.stringify({ ok: false, error: `${why}\n${stderr}` }));
      resolve();
    };
    child.once('close', (code, signal) => settle(`npm run pack exited (${code ?? signal}) without a result`));
    child.once('error', (error) => settle(`npm run pack could not start: ${error.message}`));
  });
  project.provide('packResultFile', resultFile);
  return async () => {
    await ended;
    rmSync(resultFile, { force: true });
  };
}
