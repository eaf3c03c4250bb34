// Every operator API operation by its operationId, for the server to type and look up handlers by.
// The keys are the literal operationIds; test/unit/operation-maps.test.ts proves this map and the
// operator document list the same operations.
import { createAccount, createPersonalAccessToken, getAccount, listAccounts, updateAccount } from './accounts.js';
import { createKey, revokeKey, rollKey, updateKey } from './keys.js';
import { listCharges, listMails } from './ledger.js';
import { advanceClock, getClock, runJob } from './clock.js';
import {
  createCompanyDocument,
  createInsolvencyNotice,
  createPpsrRegistration,
  getRegisterAvailability,
  updateAbn,
  updateRegisterAvailability,
  updateCompany,
  upsertAbn,
  upsertCompany,
} from './register/index.js';
import { createLodgement, listLodgements, setForm484Status, setLodgementStatus } from './lodgements.js';
import { listReceivedWebhooks } from './receiver.js';
import { listPpsrSearches } from './ppsr.js';
import { runConformance } from './conformance.js';

export const ADMIN_OPERATIONS = {
  [createAccount.operationId]: createAccount,
  [listAccounts.operationId]: listAccounts,
  [getAccount.operationId]: getAccount,
  [updateAccount.operationId]: updateAccount,
  [createPersonalAccessToken.operationId]: createPersonalAccessToken,
  [createKey.operationId]: createKey,
  [updateKey.operationId]: updateKey,
  [rollKey.operationId]: rollKey,
  [revokeKey.operationId]: revokeKey,
  [listCharges.operationId]: listCharges,
  [listMails.operationId]: listMails,
  [getClock.operationId]: getClock,
  [advanceClock.operationId]: advanceClock,
  [runJob.operationId]: runJob,
  [upsertCompany.operationId]: upsertCompany,
  [updateCompany.operationId]: updateCompany,
  [upsertAbn.operationId]: upsertAbn,
  [updateAbn.operationId]: updateAbn,
  [createCompanyDocument.operationId]: createCompanyDocument,
  [createInsolvencyNotice.operationId]: createInsolvencyNotice,
  [createPpsrRegistration.operationId]: createPpsrRegistration,
  [getRegisterAvailability.operationId]: getRegisterAvailability,
  [updateRegisterAvailability.operationId]: updateRegisterAvailability,
  [createLodgement.operationId]: createLodgement,
  [setLodgementStatus.operationId]: setLodgementStatus,
  [listLodgements.operationId]: listLodgements,
  [setForm484Status.operationId]: setForm484Status,
  [listReceivedWebhooks.operationId]: listReceivedWebhooks,
  [listPpsrSearches.operationId]: listPpsrSearches,
  [runConformance.operationId]: runConformance,
} as const;

export type AdminOperationId = keyof typeof ADMIN_OPERATIONS;
export type AdminOperation = (typeof ADMIN_OPERATIONS)[AdminOperationId];
