// `npm start`: runs the server as compiled JavaScript (build/server.mjs) instead of compiling its
// TypeScript at every start (start time). The bundle is rebuilt first whenever a source
// under server/ or schemas/, or the installed packages, are newer than it (esbuild, about half a
// second), so an edited checkout never runs stale code; so is the sandbox console (build/console,
// Vite) when one of its sources is newer (scripts/build-state.mjs). Without esbuild (an install
// without dev dependencies) it runs the TypeScript through tsx.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setInterval, clearInterval } from 'node:timers';
import { setFlagsFromString } from 'node:v8';
import { CONSOLE_BUILD, CONSOLE_SOURCES, isStale, ROOT, SERVER_BUNDLE, SERVER_SOURCES } from './build-state.mjs';
import { PGLITE_WASM_TIERING } from './pglite-wasm-tiering.mjs';

// On the embedded database, PGlite's files are read and its WebAssembly (9 MB) compiled first, while
// the checks below run and the bundle loads (start time): the reads run on libuv's threads and the
// compile on V8's, so when PGlite opens, a third of a second later, they are ready instead of being
// waited for (about 0.1 s). server/store/db.ts hands them to its first PGlite (pgliteWasmModule,
// fsBundle); a process on PostgreSQL (DATABASE_URL) does not read them.
//
// PGlite's WebAssembly starts on V8's baseline compiler (Liftoff) and only the functions that run
// the most are recompiled by the optimizing one: a tiering budget 50 times V8's default
// (PGLITE_WASM_TIERING), so the start (where compiling competed with the start itself on two cores)
// recompiles next to nothing and a server under load gets its hot functions optimized within a
// second. In turns on one 2-core machine (2026-12-07, `npm run bench:http -- --engines pglite
// --rounds 2`): GET /webhooks 89 and 90 % of its floor on Liftoff alone, 95 % with this budget, 96
// and 97 % with V8's default one; POST /abn/registrations 134 to 137 %, 150 % and 151 %; to the
// first 200 of /healthz on a fresh data directory 0.82 to 0.83 s, 0.87 s and 1.00 to 1.06 s. The
// daily monitoring round over 100,000 entities (`bench:monitoring`, which compiles PGlite the same
// way): 17.0 and 18.9 s, 280 and 283 MB peak RSS on Liftoff alone; 13.6 to 15.3 s, 310 to 347 MB
// with this budget. Set before PGlite's module is compiled below, which is when V8 reads it.
if (!process.env.DATABASE_URL) {
  setFlagsFromString(PGLITE_WASM_TIERING);
  const dist = new URL('.', import.meta.resolve('@electric-sql/pglite'));
  const artifacts = Promise.all([
    readFile(new URL('pglite.wasm', dist)).then((bytes) => WebAssembly.compile(bytes)),
    // The bundle's bytes handed over as they are: PGlite asks its Blob for arrayBuffer() only, which
    // a Node 20 Blob answers by copying through its chunked reader (server/store/pglite-engine.ts).
    readFile(new URL('pglite.data', dist)).then((bytes) => {
      const buffer =
        bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
          ? bytes.buffer
          : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      return { type: '', size: buffer.byteLength, arrayBuffer: () => Promise.resolve(buffer) };
    }),
  ]).then(([pgliteWasmModule, fsBundle]) => ({ pgliteWasmModule, fsBundle }));
  // A failure is left to db.ts (PGlite then reads and compiles its own); until db.ts asks, it is not
  // an unhandled rejection.
  artifacts.catch(() => undefined);
  globalThis[Symbol.for('svc.pglite-artifacts')] = artifacts;
}

// Stopped with the process that started it. npm passes a SIGTERM or SIGINT sent to its own PID
// (`kill $!` after `npm start &`) to the `sh -c` it runs the script in; so the script is `exec node
// ...` (package.json), making this process that shell, and the signal reaches server/main.ts, which
// answers requests in flight, stops the API processes and the job worker and closes the database.
// Should the parent go anyway (npm killed with SIGKILL, a shell that did not exec), this process is
// handed to another parent and stops the same way instead of holding the port.
const startedBy = process.ppid;
const parentWatch = setInterval(() => {
  if (process.ppid === startedBy) return;
  clearInterval(parentWatch);
  process.kill(process.pid, 'SIGTERM');
}, 200);
parentWatch.unref();

if (existsSync(join(ROOT, 'console', 'src')) && isStale(CONSOLE_BUILD, CONSOLE_SOURCES)) {
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-console.ts'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

async function buildServer() {
  const { buildServerBundle } = await import('./build-server.mjs');
  await buildServerBundle();
}

let entry = SERVER_BUNDLE;
if (isStale(SERVER_BUNDLE, SERVER_SOURCES)) {
  try {
    await buildServer();
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    // No esbuild: compile the TypeScript on the fly instead.
    const { register } = await import('tsx/esm/api');
    register();
    entry = join(ROOT, 'server', 'main.ts');
  }
}
await import(pathToFileURL(entry).href);
