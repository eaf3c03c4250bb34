#!/usr/bin/env node
// The `svc-contract` command (package.json `bin`). An installed package runs the bundle `npm pack`
// built (dist/svc-contract.mjs, no dependency needed); a checkout without it runs the TypeScript
// source through tsx.
import { existsSync } from 'node:fs';
import { URL } from 'node:url';

const bundle = new URL('../dist/svc-contract.mjs', import.meta.url);
if (existsSync(bundle)) {
  await import(bundle.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/bin.ts');
}
