// `npm run build` (and so `npm ci`, through `prepare`): the server bundle (build-server.mjs), the
// sandbox console (build-console.ts) and the prepared embedded data directory (prepare-data.ts).
// They share no output, so they run side by side: on two cores the three took 5.8 s one after
// another and 4.1 s together, at the end of `npm ci`, when nothing else can run yet (CI time).
// Each one's output is printed whole when it ends; the build fails when any of them failed.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const steps = [
  ['server bundle', ['scripts/build-server.mjs']],
  ['sandbox console', ['--import', 'tsx', 'scripts/build-console.ts']],
  // --liftoff-only: PGlite's WebAssembly as V8's baseline compiler makes it, as `npm start` runs it
  // (scripts/start.mjs): initdb and the migrations are over before optimized code would pay for its
  // compiling. On a fresh cache, in turns on one 2-core machine: 7.5 and 8.3 s with tiering (11.1 s of
  // CPU), 6.2 and 6.4 s without (7.5 s of CPU).
  ['embedded data directory', ['--liftoff-only', '--import', 'tsx', 'scripts/prepare-data.ts']],
];

function runStep([name, args]) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ name, ok: false, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ name, ok: code === 0, output, code: code ?? signal }));
  });
}

const results = await Promise.all(steps.map(runStep));
for (const { name, ok, output, code } of results) {
  process.stdout.write(`== build: ${name}: ${ok ? 'done' : `FAILED (exit ${code})`}\n${output}`);
}
if (results.some((result) => !result.ok)) process.exitCode = 1;
