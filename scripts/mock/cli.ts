// `npm run mock`: the mock (main.ts) of the repository's spec/openapi.json.
//   tsx scripts/mock/cli.ts [--host 127.0.0.1] [--port 4010] [--prism-port N] [--dynamic] [document]
import { mockMain } from './main.js';

const code = await mockMain(process.argv.slice(2), {
  program: 'npm run mock --',
  defaultDocument: 'spec/openapi.json',
  defaultDocumentLabel: 'spec/openapi.json',
});
if (code !== undefined) process.exitCode = code;
