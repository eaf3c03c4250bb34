// `svc-contract`: the contract runner as an installed command, for teams that run it against their
// own server or the mock without this repository. `npm pack` bundles this file with everything it
// imports into dist/svc-contract.mjs (build-bin.ts); the package ships the document
// it was built with, spec/openapi.json, which is the default for --spec.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contractMain } from './main.js';

/**
 * spec/openapi.json of the package this file runs from: beside dist/ when bundled; in a checkout (src/,
 * nothing packed) the repository's own, three folders up.
 */
function packagedSpec(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 4; up++) {
    const candidate = join(dir, 'spec', 'openapi.json');
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return join(process.cwd(), 'spec', 'openapi.json');
}

process.exitCode = await contractMain(process.argv.slice(2), {
  program: 'svc-contract',
  defaultSpec: packagedSpec(),
  defaultSpecLabel: 'spec/openapi.json (shipped with svc-contract)',
});
