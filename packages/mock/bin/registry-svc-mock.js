#!/usr/bin/env node
// The `registry-svc-mock` command (package.json `bin`): the bundle `npm pack` built (build.ts).
await import('../dist/registry-svc-mock.mjs');
