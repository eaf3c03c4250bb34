// npm run contract: property-based contract checks of a running API against spec/openapi.json
// (the runner is the rest of scripts/contract/; the command line is main.ts, shared with the
// installed `svc-contract`). Only here can it start the app in this process (--in-process).
import { contractMain } from './main.js';
import { DEFAULT_SPEC } from './runner.js';

process.exitCode = await contractMain(process.argv.slice(2), {
  program: 'npm run contract --',
  defaultSpec: DEFAULT_SPEC,
  defaultSpecLabel: 'spec/openapi.json',
  // Loaded only when asked for: it pulls in the whole server.
  startInProcess: async () => {
    const { startInProcessServer } = await import('./in-process.js');
    return startInProcessServer();
  },
});
