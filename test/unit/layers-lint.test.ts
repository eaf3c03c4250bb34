// The layer rules (scripts/lint/layers.js) through ESLint itself, with the project's configuration:
// an import planted from domain/ into http/ must fail the lint that npm test runs, one pointing down
// must pass, and server/deps.ts may hold type imports only; an import planted from server/ into
// scripts/ (or test/, bench/, console/, a workspace package's files) fails, the package by name passes.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function ruleMessages(rule: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

function layerMessages(filePath: string, code: string): Promise<string[]> {
  return ruleMessages('layers/imports-point-down', filePath, code);
}

/** Every message of any rule: a legal file passes the whole lint, not only the one rule. */
async function allMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layers/imports-point-down', () => {
  it('reports a domain file importing the HTTP layer', async () => {
    const messages = await layerMessages(
      'server/domain/planted/verb.ts',
      "import { send } from '../../http/send.js';\nexport const planted = send;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('server/http/send.ts');
  });

  it('reports the store importing a register (a cycle would need such an import)', async () => {
    const messages = await layerMessages(
      'server/store/planted.ts',
      "import { createSimulatedRegisters } from '../registers/index.js';\nexport const planted = createSimulatedRegisters;\n",
    );
    expect(messages).toHaveLength(1);
  });

  it('accepts imports that point down', async () => {
    const messages = await layerMessages(
      'server/routes/planted.ts',
      "import { getLodgement } from '../domain/lodgements/records.js';\nimport { newId } from '../ids.js';\nexport const planted = [getLodgement, newId];\n",
    );
    expect(messages).toEqual([]);
  });

  it('keeps server/deps.ts to type imports', async () => {
    const messages = await layerMessages(
      'server/deps.ts',
      "import { openDatabase } from './store/db.js';\nexport const planted = openDatabase;\n",
    );
    expect(messages).toHaveLength(1);
  });
});

describe('layers/stays-in-server', () => {
  const outside = (filePath: string, code: string) => ruleMessages('layers/stays-in-server', filePath, code);

  it('reports a domain file importing the contract runner from scripts/ by path', async () => {
    const messages = await outside(
      'server/domain/planted/verb.ts',
      "import { startInProcessServer } from '../../../scripts/contract/in-process.js';\nexport const planted = startInProcessServer;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('scripts/contract/in-process.ts');
  });

  it.each([
    ['test/ (a re-export)', 'server/http/planted.ts', "export { ADMIN_TOKEN } from '../../test/support/harness.js';\n"],
    ['bench/ (type only)', 'server/planted.ts', "import type { Bench } from '../bench/http.js';\nexport type Planted = Bench;\n"],
    ['console/ (dynamic)', 'server/routes/planted.ts', "export const planted = () => import('../../console/src/App.js');\n"],
    [
      'packages/ (a package file by path)',
      'server/domain/planted/verb.ts',
      "import { runContract } from '../../../packages/svc-contract/src/runner.js';\nexport const planted = runContract;\n",
    ],
  ])('reports an import into %s', async (_what, file, code) => {
    expect(await outside(file, code)).toHaveLength(1);
  });

  it('accepts the contract runner by its package name and imports within server/ and schemas/', async () => {
    const messages = await allMessages(
      'server/domain/planted/verb.ts',
      "import { runContract } from '@registry-svc/contract';\nimport { ValidationError } from '../errors.js';\nimport { EXAMPLES_TODAY } from '../../../schemas/form484/examples.js';\nexport const planted = [runContract, ValidationError, EXAMPLES_TODAY];\n",
    );
    expect(messages).toEqual([]);
  });
});
