// One `npm pack` of the workspace at a time: each package's prepack builds into its own folder
// (packages/<name>/dist, spec) and postpack removes that again, so two packs at once (two test files,
// or a test and `npm run pack`) would pack or delete each other's build. The lock is a directory
// (made atomically) holding the owner's pid; a lock whose owner has died is taken over.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const LOCK = fileURLToPath(new URL('../../.tmp/pack.lock', import.meta.url));

function ownerAlive() {
  try {
    process.kill(Number(readFileSync(join(LOCK, 'pid'), 'utf8')), 0);
    return true;
  } catch (error) {
    // EPERM: alive, someone else's process. Anything else (no pid file yet, no such process): not.
    return error?.code === 'EPERM';
  }
}

/** Runs `work` holding the workspace's pack lock; waits up to `timeoutMs` for it. */
export async function withPackLock(work, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  mkdirSync(join(LOCK, '..'), { recursive: true });
  for (let waited = 0; ; waited++) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error?.code !== 'EEXIST') throw error;
      // A lock with no live owner, seen twice a second apart (its owner may be writing its pid).
      if (waited > 0 && waited % 5 === 0 && !ownerAlive()) rmSync(LOCK, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`another npm pack holds ${LOCK}`);
      await sleep(200);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
