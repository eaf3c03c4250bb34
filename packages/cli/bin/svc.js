#!/usr/bin/env node
// The `svc` command (package.json `bin`): the bundle `npm pack` built (build.ts).
await import('../dist/svc.mjs');
