// One body per business account rule that JSON Schema cannot carry (rules.ts), each breaking only
// that rule of the valid example, published as `x-refinement-examples` so a contract runner can check
// the server refuses it with the rule's code. Each is parsed by the request schema and run through
// the rules here: an example that no longer does both fails the document build.
import type { RefinementExample } from '../common/semantic-rules.js';
import { APPLICATION_EXAMPLE } from './examples.js';
import { BusinessAccountApplication } from './request.js';
import { lazily } from '../common/lazily.js';
import { BUSINESS_ACCOUNT_RULE_CODES, validateBusinessAccountRules } from './rules.js';

export const BUSINESS_ACCOUNT_RULES: readonly string[] = Object.values(BUSINESS_ACCOUNT_RULE_CODES);

function example(summary: string, body: BusinessAccountApplication, code: string): RefinementExample {
  const parsed = BusinessAccountApplication.safeParse(body);
  if (!parsed.success) throw new Error(`business account rule example "${summary}" is not a valid body: ${parsed.error.message}`);
  const codes = Object.values(validateBusinessAccountRules(parsed.data)).flatMap((list) => list.map((v) => v.code));
  if (!codes.includes(code)) throw new Error(`business account rule example "${summary}" does not break ${code}`);
  return { rule: code, summary, body, status: 422, code };
}

const [jane, john] = APPLICATION_EXAMPLE.officeHolders;
if (!jane || !john) throw new Error('the business account example changed: revisit the rule examples');

/** The rule examples of createBusinessAccountApplication, made when first asked for (../common/lazily.ts). */
export const businessAccountRefinementExamples = lazily((): readonly RefinementExample[] => [
  example(
    'Primary director not among the directors',
    {
      ...APPLICATION_EXAMPLE,
      accountInformation: { ...APPLICATION_EXAMPLE.accountInformation, primaryDirector: { familyName: 'NOBODY', givenName1: 'ALEX' } },
    },
    BUSINESS_ACCOUNT_RULE_CODES.primaryDirectorNotListed,
  ),
  example(
    'Overseas birth with a qualifier that is no country code',
    { ...APPLICATION_EXAMPLE, officeHolders: [jane, { ...john, birthDetails: { ...john.birthDetails, localityQualifier: 'ZZ' } }] },
    BUSINESS_ACCOUNT_RULE_CODES.invalidCountryCode,
  ),
  example(
    'Birth qualifier neither a state nor a country code',
    { ...APPLICATION_EXAMPLE, officeHolders: [{ ...jane, birthDetails: { ...jane.birthDetails, localityQualifier: 'ZZ' } }, john] },
    BUSINESS_ACCOUNT_RULE_CODES.invalidLocalityQualifier,
  ),
]);
