// `registry-svc-mock`: the mock (scripts/mock/main.ts, the same code as `npm run mock`) as an installed
// command. `npm pack` bundles this file with everything it imports into dist/registry-svc-mock.mjs
// (build.ts) and ships the document it was built with, spec/openapi.json, the default document.
import { fileURLToPath } from 'node:url';
import { mockMain } from '../../../scripts/mock/main.js';

const code = await mockMain(process.argv.slice(2), {
  program: 'registry-svc-mock',
  defaultDocument: fileURLToPath(new URL('../spec/openapi.json', import.meta.url)),
  defaultDocumentLabel: 'the spec/openapi.json shipped with @registry-svc/mock',
});
if (code !== undefined) process.exitCode = code;
