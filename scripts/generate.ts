// npm run generate: the whole chain from schemas/ (the one source) to everything derived from it.
// `--out DIR` writes the same tree under DIR instead (the drift test compares it with the repo).
import { appendFile, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from '@hey-api/openapi-ts';
import { buildSpec } from './build-spec.js';
import { buildDocs } from './build-docs.js';

const { values } = parseArgs({ options: { out: { type: 'string', default: '.' } } });
const root = values.out ?? '.';

await buildSpec(join(root, 'spec'));
const clientDir = join(root, 'generated/client');
await rm(clientDir, { recursive: true, force: true });
await createClient({
  input: `./${join(root, 'spec/openapi.json')}`.replace(/^\.\/\//, '/'),
  output: { path: clientDir },
  plugins: ['@hey-api/client-fetch', '@hey-api/typescript', 'zod', { name: '@hey-api/sdk', validator: true }],
  logs: { level: 'silent' },
});
// The webhook verifier is hand-written (scripts/sdk/webhooks.ts) but ships inside the SDK, so the
// drift gate covers it like the generated files.
const verifier = await readFile('scripts/sdk/webhooks.ts', 'utf8');
await writeFile(
  join(clientDir, 'webhooks.ts'),
  `// Copied from scripts/sdk/webhooks.ts by npm run generate: edit that file, not this one.\n${verifier}`,
);
await appendFile(join(clientDir, 'index.ts'), "export * from './webhooks.js';\n");
await buildDocs(join(root, 'spec/openapi.json'), join(root, 'generated/docs/index.html'));
console.log(
  `generated under ${root}: spec/openapi.json, spec/openapi.yaml, spec/admin.openapi.json, generated/client/, generated/docs/index.html`,
);
