#!/usr/bin/env node
// The `svc-contract` command (package.json `bin`): the bundle `npm pack` built (build.ts), which needs
// no installed dependency. In a checkout, `npm run contract` runs the source (scripts/contract/cli.ts).
await import('../dist/svc-contract.mjs');
