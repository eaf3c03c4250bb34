// The PPSR magic-value table of the sandbox guide (docs/guide/05-sandbox.md) is a promise to partners: each row is run against the simulated
// register and must come out as printed, and every magic value of the fixtures must have a row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../../server/store/db.js';
import { ppsrRegisterOf } from '../../../server/domain/ppsr/context.js';
import { planSearch } from '../../../server/domain/ppsr/query.js';
import {
  NEVDIS_FIXTURES,
  PPSR_EMPTY_ORGANISATION_NAMES,
  PPSR_FAILING_ORGANISATION_NAMES,
  PPSR_FAILING_VINS,
  PPSR_FIXTURE_INDIVIDUALS,
} from '../../../schemas/ppsr/sandbox.js';
import { PpsrSearchRequest } from '../../../schemas/ppsr/index.js';
import { sandboxGuideTable, ticked } from '../../support/guide-tables.js';

interface Row {
  line: string;
  body: Record<string, unknown>;
  registrations: number | null;
  nevdis: { status: string; stolen: boolean; writtenOff: boolean } | null;
  ends: string;
}

function guideRows(): Row[] {
  return sandboxGuideTable('ppsr-magic-values').map(({ line, cells: [request, registrations, nevdis, ends] }) => {
    const words = ticked(request!);
    const body: Record<string, unknown> = {};
    for (let i = 0; i < words.length; i += 2) body[words[i]!] = words[i + 1];
    if ('familyName' in body) body.authorisedPurpose = true;
    const nevdisWords = ticked(nevdis!);
    return {
      line,
      body,
      registrations: registrations === '-' ? null : Number.parseInt(registrations!, 10),
      nevdis:
        nevdis === '-'
          ? null
          : {
              status: nevdisWords[0]!,
              stolen: nevdisWords.includes('stolen: true'),
              writtenOff: nevdisWords.includes('writtenOff: true'),
            },
      ends: ticked(ends!)[0]!,
    };
  });
}

let opened: OpenDatabase;
beforeAll(async () => {
  opened = await openDatabase({ dataDir: 'memory://' });
});
afterAll(async () => {
  await opened?.close();
});

const rows = guideRows();

describe("the sandbox guide's PPSR magic-value table", () => {
  it.each(rows.map((row) => [row.line, row] as const))('%s', async (_line, row) => {
    const plan = planSearch(PpsrSearchRequest.parse(row.body));
    const answer = await ppsrRegisterOf(opened.db).search(plan.query);
    if (row.ends === 'failed') {
      expect(answer.outcome).toBe('failed');
      return;
    }
    expect(row.ends).toBe('completed');
    if (answer.outcome !== 'found') throw new Error('expected results');
    expect(answer.registrations).toHaveLength(row.registrations!);
    if (!row.nevdis) {
      expect(plan.vehicleData).toBe(false);
      return;
    }
    expect(answer.nevdis?.verificationStatus).toBe(row.nevdis.status);
    const vehicle = answer.nevdis?.vehicles[0];
    expect(Boolean(vehicle?.stolen)).toBe(row.nevdis.stolen);
    expect(Boolean(vehicle?.writtenOff)).toBe(row.nevdis.writtenOff);
  });

  it('has a row for every magic value of the fixtures', () => {
    const documented = new Set(rows.map((row) => JSON.stringify(row.body)));
    const magic = [
      ...Object.keys(NEVDIS_FIXTURES).map((vin) => ({ vin })),
      ...[...PPSR_FAILING_VINS].map((vin) => ({ vin })),
      ...[...PPSR_FAILING_ORGANISATION_NAMES, ...PPSR_EMPTY_ORGANISATION_NAMES].map((organisationName) => ({ organisationName })),
      ...PPSR_FIXTURE_INDIVIDUALS.map(({ familyName, givenNames, dateOfBirth }) => ({
        familyName,
        givenNames,
        dateOfBirth,
        authorisedPurpose: true,
      })),
      { acn: '100000011' },
    ];
    for (const body of magic) expect(documented, JSON.stringify(body)).toContain(JSON.stringify(body));
    expect(rows).toHaveLength(magic.length);
  });
});
