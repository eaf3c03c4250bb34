// Business account applications (spec 2.4, 3.3, 4.4; D-37): the public surface of this folder for
// the registry and the server.
import { operationIdsOf } from '../common/operation-collection.js';
import * as definitions from './paths.js';

export {
  AU_JURISDICTIONS,
  AccountInformation,
  AuStateOrTerritory,
  BirthDetails,
  BusinessAccountAddress,
  BusinessAccountApplication,
  BusinessAccountName,
  DirectorContact,
  OfficeHolder,
  ShareAllocation,
} from './request.js';
export { BUSINESS_ACCOUNT_RULE_CODES, validateBusinessAccountRules, type RuleViolation, type RuleViolations } from './rules.js';
export { ISO_COUNTRY_CODES } from './countries.js';
export { APPLICATION_EXAMPLE, REJECTED_APPLICATION_EXAMPLE, STATUS_EXAMPLES } from './examples.js';
export {
  ACCOUNT_MASK,
  BUSINESS_ACCOUNT_ACTIVATION_CREDIT_CENTS,
  BUSINESS_ACCOUNT_NON_TERMINAL_STATUSES,
  BUSINESS_ACCOUNT_POLL_INTERVAL_SECONDS,
  BUSINESS_ACCOUNT_STATUSES,
  BusinessAccountApplicationCreated,
  BusinessAccountApplicationExisting,
  BusinessAccountStatus,
  BusinessAccountStatusActivated,
  BusinessAccountStatusPending,
} from './responses.js';
export * from './paths.js';
/** The business account operationIds, read from their definitions. */
export const BUSINESS_ACCOUNT_OPERATIONS = operationIdsOf(definitions);
