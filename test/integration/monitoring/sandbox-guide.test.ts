// The sandbox guide's table of companies and ABNs (docs/guide/05-sandbox.md) is a promise to
// partners: each row's numbers are ordered for monitoring with a test key, and the order must come
// out as the last column says (accepted, with the entity status it names; refused with the row code
// it names; an ABN alone stored against its company).
import { describe, expect } from 'vitest';
import { serverTest } from '../../support/fixtures.js';
import { sandboxGuideTable, ticked } from '../../support/guide-tables.js';
import { PREFIX, raw } from './support.js';

const it = serverTest();

interface Row {
  line: string;
  body: { acn?: string; abn?: string };
  outcome: string;
}

function guideRows(): Row[] {
  return sandboxGuideTable('sandbox-companies').map(({ line, cells: [number, , outcome] }) => {
    const body: Row['body'] = {};
    for (const [field, word] of [
      ['acn', 'ACN'],
      ['abn', 'ABN'],
    ] as const) {
      const at = number!.indexOf(`${word} \``);
      if (at >= 0) body[field] = ticked(number!.slice(at))[0]!;
    }
    expect(Object.keys(body).length, line).toBe(ticked(number!).length);
    return { line, body, outcome: outcome! };
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
