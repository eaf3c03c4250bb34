// How V8 compiles PGlite's WebAssembly in a long-lived process: `npm start` (scripts/start.mjs, which
// says why and what it measured) and the monitoring benchmark (bench/monitoring.ts), which measures the
// round as `npm start` runs it. V8 reads it when PGlite's module is compiled, so it is set before any
// PGlite opens. The tests' short-lived server processes run on Liftoff alone instead
// (test/support/server-entry.ts).
export const PGLITE_WASM_TIERING = '--wasm-tiering-budget=90000000';
