// npm run contract: property-based contract checks of a running API against spec/openapi.json. The
// runner is the svc-contract workspace package (packages/svc-contract/); its command line is shared
// with the installed `svc-contract`. Only here can it start the app in this process (--in-process):
// in-process.ts wires the server into the runner, which the package itself never imports.
import { fileURLToPath } from 'node:url';
import { contractMain } from '@registry-svc/contract';

process.exitCode = await contractMain(process.argv.slice(2), {
  program: 'npm run contract --',
  defaultSpec: fileURLToPath(new URL('../../spec/openapi.json', import.meta.url)),
  defaultSpecLabel: 'spec/openapi.json',
  // Loaded only when asked for: it pulls in the whole server.
  startInProcess: async () => {
    const { startInProcessServer } = await import('./in-process.js');
    return startInProcessServer();
  },
});
