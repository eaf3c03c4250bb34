// Vite build of the sandbox console: `npm run build` writes build/console (beside the server bundle), which the server
// serves at /console. No CDN, no inline script: everything is a file of this origin (server/http/console.ts
// sends the Content-Security-Policy).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { contractPlugin } from './contract-data.js';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  plugins: [contractPlugin()],
  // `@registry-svc/contract/example-dates` from its source, as tsc resolves it (tsconfig.json `paths`).
  resolve: { tsconfigPaths: true },
  // 'error': the React Query 'use client' directives and the SDK's node:crypto (its webhook verifier, unused here) only warn.
  logLevel: 'error',
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: '../build/console',
    emptyOutDir: true,
    // One script, one stylesheet: the CSP allows only files of this origin, never inline code.
    modulePreload: false,
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    sourcemap: false,
  },
});
