// npm run generate: the whole chain from schemas/ (the one source) to everything derived from it.
import { rm } from 'node:fs/promises';
import { createClient } from '@hey-api/openapi-ts';
import { buildSpec } from './build-spec.js';
import { buildDocs } from './build-docs.js';

await buildSpec();
await rm('generated/client', { recursive: true, force: true });
await createClient({
  input: './spec/openapi.json',
  output: { path: './generated/client' },
  plugins: ['@hey-api/client-fetch', '@hey-api/typescript', 'zod', { name: '@hey-api/sdk', validator: true }],
  logs: { level: 'silent' },
});
await buildDocs();
console.log('generated: spec/openapi.json, spec/openapi.yaml, spec/admin.openapi.json, generated/client/, generated/docs/index.html');
