// The sandbox guide's table of companies and ABNs (docs/guide/05-sandbox.md) is a promise to
// partners: each row's numbers are ordered for monitoring with a test key, and the order must come
// out as the last column says (accepted, with the entity status it names; refused with the row code
// it names; an ABN alone stored against its company).
import { readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { serverTest } from '../../support/fixtures.js';
import { PREFIX, raw } from './support.js';

const it = serverTest();

interface Row {
  line: string;
  body: { acn?: string; abn?: string };
  outcome: string;
}

const ticked = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

function guideRows(): Row[] {
  const guide = readFileSync(new URL('../../../docs/guide/05-sandbox.md', import.meta.url), 'utf8');
  const table = /<!-- sandbox-companies:start -->\n([\s\S]*?)<!-- sandbox-companies:end -->/.exec(guide)?.[1];
  if (!table) throw new Error('docs/guide/05-sandbox.md has no sandbox-companies table');
  return table
    .trim()
    .split('\n')
    .slice(2)
    .map((line) => {
      const [number, , outcome] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()) as [string, string, string];
      const values = ticked(number);
      const body: Row['body'] = {};
      for (const [i, word] of ['ACN', 'ABN'].entries()) {
        const at = number.indexOf(`${word} \``);
        if (at >= 0) body[i === 0 ? 'acn' : 'abn'] = ticked(number.slice(at))[0]!;
      }
      expect(Object.keys(body).length, line).toBe(values.length);
      return { line, body, outcome };
    });
}

const rows = guideRows();

describe("the sandbox guide's companies and ABNs, ordered for monitoring with a test key", () => {
  it('has a row for every outcome the guide promises', () => {
    expect(rows.length).toBeGreaterThanOrEqual(12);
  });

  for (const row of rows)
    it(row.line, async ({ server, account }) => {
      const answer = await raw(server, account.keys.secretTest, 'POST', '/monitoring/entities', {
        body: { entities: [row.body] },
        prefix: PREFIX.test,
      });
      const refusal = /^`([a-z_]+)`$/.exec(row.outcome);
      if (refusal) {
        expect(answer.status).toBe(422);
        const errors = answer.body.errors as Record<string, { code: string }[]>;
        expect(errors['entities.0']!.map((p) => p.code)).toEqual([refusal[1]]);
        return;
      }
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const [entity] = answer.body.entities as { acn: string | null; abn: string | null; entityStatus: string }[];
      const status = /`entityStatus: ([a-z_]+)`/.exec(row.outcome)?.[1] ?? 'registered';
      expect(entity!.entityStatus).toBe(status);
      if (row.outcome.startsWith('stored against the ACN')) expect([entity!.acn, entity!.abn]).toEqual(['100000011', row.body.abn]);
      else expect(row.outcome).toMatch(/^accepted/);
    });
});
