// GET /helpers/company-name-availability (D-45): is a proposed company name identical to the name of
// a company on the register? Deregistered companies no longer hold their names; every other status
// (strike-off proposed, external administration, registered foreign companies) still does.
// D-57: a name that only looks identical (Cyrillic or Greek letters drawn like Latin ones) conflicts
// too, and the answer says why in `reason`; so does a name mixing those scripts inside one word.
import type { z } from 'zod';
import type { CompanyNameAvailability } from '../../../schemas/helpers/index.js';
import type { Clock } from '../../clock.js';
import type { CompanyRegister } from '../../registers/asic/company-register.js';
import { normaliseCompanyName } from '../../registers/asic/company-name.js';
import { mixesScriptsInAWord } from '../../../schemas/common/names.js';
import type { VerbArgs } from '../verb.js';

export type CompanyNameAvailabilityView = z.infer<typeof CompanyNameAvailability>;

export interface NameAvailabilityContext {
  clock: Clock;
  companies: CompanyRegister;
}

const LOOKS_IDENTICAL =
  'Looks like the name of a registered company: it uses Cyrillic or Greek letters drawn like Latin ones, or the other way round (D-57).';
const MIXED_SCRIPTS = 'Mixes Latin letters with Cyrillic or Greek ones in one word, which readers cannot tell apart (D-57).';

export async function checkNameAvailability({
  ctx,
  input,
}: VerbArgs<NameAvailabilityContext, { name: string }>): Promise<CompanyNameAvailabilityView> {
  // A name of punctuation alone, which would normalise to nothing, never gets here: the query's
  // schema refuses it (NAME_HAS_LETTER_OR_DIGIT, schemas/helpers/schemas.ts).
  const normalisedName = normaliseCompanyName(input.name);
  const holders = (await ctx.companies.searchByNormalisedName(normalisedName)).filter((company) => company.status !== 'deregistered');
  const lookAlike = holders.some((company) => normaliseCompanyName(company.name) !== normalisedName);
  const reasons = [...(lookAlike ? [LOOKS_IDENTICAL] : []), ...(mixesScriptsInAWord(input.name) ? [MIXED_SCRIPTS] : [])];
  return {
    name: input.name,
    normalisedName,
    available: holders.length === 0,
    conflicts: holders.map((company) => ({ name: company.name, acn: company.acn })),
    ...(reasons.length > 0 ? { reason: reasons.join(' ') } : {}),
    checkedAt: ctx.clock.now().toISOString(),
  };
}
