// Business account rules that JSON Schema cannot carry (spec 2.4), reported in the D-10 shape:
// every problem, keyed by JSON path. Run after the body has passed BusinessAccountApplication.
//
// Deliberately not checked here:
// - "acn or abn": structural (anyOf in the document, a refine in Zod; code `acn_or_abn_required`).
// - ACN/ABN checksums: spec 2.4 asks for "exactly 9 digits" / "exactly 11 digits" while 2.3 says
//   "ACN checksum" / "ABN checksum" for PPSR; the difference is read as intended. The body goes to
//   the partner unchanged and the partner's schema beyond the spec is not shown, so refusing what
//   the spec allows could block applications the partner accepts.
import { AU_JURISDICTIONS, type BusinessAccountApplication } from './request.js';
import { ISO_COUNTRY_CODE_SET } from './countries.js';
import { callerText } from '../common/caller-text.js';
import { foldName } from '../common/names.js';

export interface RuleViolation {
  code: string;
  message: string;
}

export type RuleViolations = Record<string, RuleViolation[]>;

export const BUSINESS_ACCOUNT_RULE_CODES = {
  primaryDirectorNotListed: 'primary_director_not_listed',
  invalidCountryCode: 'invalid_country_code',
  invalidLocalityQualifier: 'invalid_locality_qualifier',
} as const;

const STATE_CODES: ReadonlySet<string> = new Set(AU_JURISDICTIONS);

// Directors' names are upper case by rule, the primary director's are not; comparing folded names
// (D-57: NFKC, case, runs of spaces) keeps "Citizen" from failing against "CITIZEN".
const sameName = (a: string, b: string): boolean => foldName(a) === foldName(b);

function add(out: RuleViolations, path: string, violation: RuleViolation): void {
  const list = Object.hasOwn(out, path) ? out[path]! : (out[path] = []);
  list.push(violation);
}

export function validateBusinessAccountRules(body: BusinessAccountApplication): RuleViolations {
  const out = Object.create(null) as RuleViolations;
  const { primaryDirector, directorsContacts } = body.accountInformation;

  const listed = directorsContacts.some(
    (director) => sameName(director.familyName, primaryDirector.familyName) && sameName(director.givenName1, primaryDirector.givenName1),
  );
  if (!listed) {
    add(out, 'accountInformation.primaryDirector', {
      code: BUSINESS_ACCOUNT_RULE_CODES.primaryDirectorNotListed,
      message: `${callerText(`${primaryDirector.givenName1} ${primaryDirector.familyName}`)} is not in accountInformation.directorsContacts.`,
    });
  }

  // Spec 2.4: with intlIndicator true the qualifier is a country code; omitted or false, "state
  // codes take priority", read as precedence (SA is South Australia, not Saudi Arabia) rather than
  // exclusion, so an ISO code without the indicator is still an overseas birth and is allowed.
  body.officeHolders.forEach((holder, index) => {
    const { localityQualifier, intlIndicator } = holder.birthDetails;
    if (localityQualifier === undefined) return;
    const path = `officeHolders.${index}.birthDetails.localityQualifier`;
    if (intlIndicator === true) {
      if (!ISO_COUNTRY_CODE_SET.has(localityQualifier)) {
        add(out, path, {
          code: BUSINESS_ACCOUNT_RULE_CODES.invalidCountryCode,
          message: `With intlIndicator true, ${callerText(localityQualifier)} must be a 2-letter ISO 3166-1 country code.`,
        });
      }
    } else if (!STATE_CODES.has(localityQualifier) && !ISO_COUNTRY_CODE_SET.has(localityQualifier)) {
      add(out, path, {
        code: BUSINESS_ACCOUNT_RULE_CODES.invalidLocalityQualifier,
        message: `${callerText(localityQualifier)} is neither an Australian state or territory code nor a 2-letter ISO 3166-1 country code.`,
      });
    }
  });

  return out;
}
