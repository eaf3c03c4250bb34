// Types of pglite-wasm-tiering.mjs (plain JavaScript, imported by scripts/start.mjs before any TypeScript tool is known to be installed).
export declare const PGLITE_WASM_TIERING: string;
