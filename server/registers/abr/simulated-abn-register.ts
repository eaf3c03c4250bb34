// The simulated ABR: operator overrides first, then the shipped fixtures, then the generated ABN that
// any other valid number resolves to (sandbox.md "Simulated registers").
import { isValidAbn } from '../../../schemas/common/identifiers.js';
import type { AbnOverrides } from './abn-overrides.js';
import type { AbnRegister } from './abn-register.js';
import { ABR_ABSENT_ABNS, ABR_FIXTURE_ABNS } from './fixtures.js';
import { generatedAbn } from './generated-abn.js';

const FIXTURES_BY_ABN = new Map(ABR_FIXTURE_ABNS.map((record) => [record.abn, record]));

export function createSimulatedAbnRegister(overrides: AbnOverrides): AbnRegister {
  return {
    async findByAbn(abn) {
      if (!isValidAbn(abn)) return null;
      const override = await overrides.find(abn);
      if (override) return override;
      const fixture = FIXTURES_BY_ABN.get(abn);
      // A copy, so a caller changing its record can never change the next request's answer.
      if (fixture) return structuredClone(fixture);
      return ABR_ABSENT_ABNS.has(abn) ? null : generatedAbn(abn);
    },
  };
}
