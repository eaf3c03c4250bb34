// The layer rule (scripts/lint/layers.js) through ESLint itself, with the project's configuration:
// an import planted from domain/ into http/ must fail the lint that npm test runs, one pointing down
// must pass, and server/deps.ts may hold type imports only.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function layerMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'layers/imports-point-down').map((m) => m.message);
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
