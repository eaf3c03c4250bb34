// Every operator API operation by its operationId, collected from the modules that declare them as
// schemas/operations.ts collects the public ones: each module is listed once, every definition it
// exports is picked up.
import { collectOperations } from '../common/operation-collection.js';
import * as accounts from './accounts.js';
import * as keys from './keys.js';
import * as ledger from './ledger.js';
import * as clock from './clock.js';
import * as companies from './register/companies.js';
import * as abns from './register/abns.js';
import * as companyDocuments from './register/company-documents.js';
import * as insolvencyNotices from './register/insolvency-notices.js';
import * as ppsrRegistrations from './register/ppsr-registrations.js';
import * as availability from './register/availability.js';
import * as lodgements from './lodgements.js';
import * as receiver from './receiver.js';
import * as ppsr from './ppsr.js';
import * as conformance from './conformance.js';
import * as requestLog from './request-log.js';
import * as webhookEndpoints from './webhook-endpoints.js';

export const ADMIN_OPERATIONS = collectOperations(
  accounts,
  keys,
  ledger,
  clock,
  companies,
  abns,
  companyDocuments,
  insolvencyNotices,
  ppsrRegistrations,
  availability,
  lodgements,
  receiver,
  ppsr,
  conformance,
  requestLog,
  webhookEndpoints,
);

export type AdminOperationId = keyof typeof ADMIN_OPERATIONS;
export type AdminOperation = (typeof ADMIN_OPERATIONS)[AdminOperationId];
