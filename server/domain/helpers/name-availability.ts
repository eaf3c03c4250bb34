// GET /helpers/company-name-availability (D-45): is a proposed company name identical to the name of
// a company on the register? Deregistered companies no longer hold their names; every other status
// (strike-off proposed, external administration, registered foreign companies) still does.
import type { z } from 'zod';
import type { CompanyNameAvailability } from '../../../schemas/helpers/index.js';
import type { Clock } from '../../clock.js';
import type { CompanyRegister } from '../../registers/asic/company-register.js';
import { ValidationError } from '../errors.js';
import { normaliseCompanyName } from '../../registers/asic/company-name.js';

export type CompanyNameAvailabilityView = z.infer<typeof CompanyNameAvailability>;

export interface NameAvailabilityContext {
  clock: Clock;
  companies: CompanyRegister;
}

export async function checkNameAvailability({
  ctx,
  input,
}: {
  ctx: NameAvailabilityContext;
  input: { name: string };
}): Promise<CompanyNameAvailabilityView> {
  const normalisedName = normaliseCompanyName(input.name);
  // A name of punctuation alone normalises to nothing and would match nothing: refuse it instead of
  // calling it available.
  if (normalisedName === '') {
    throw new ValidationError({ name: [{ code: 'invalid_format', message: 'Must contain at least one letter or digit.' }] });
  }
  const matches = await ctx.companies.searchByNormalisedName(normalisedName);
  const conflicts = matches
    .filter((company) => company.status !== 'deregistered')
    .map((company) => ({ name: company.name, acn: company.acn }));
  return {
    name: input.name,
    normalisedName,
    available: conflicts.length === 0,
    conflicts,
    checkedAt: ctx.clock.now().toISOString(),
  };
}
