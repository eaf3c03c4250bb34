// The simulated registers (sandbox.md "Simulated registers"): companies, ABNs, company documents,
// insolvency notices and PPSR registrations. Changing a record here is how a test makes the next
// monitoring check, PPSR search or alert see a real difference, without touching the fixtures.
export {
  AcnParam,
  Company,
  CompanyStatus,
  RegisterAddress,
  UpdateCompanyRequest,
  UpsertCompanyRequest,
  updateCompany,
  upsertCompany,
} from './companies.js';
export { AbnParam, AbnRecord, AbnStatus, UpdateAbnRequest, UpsertAbnRequest, updateAbn, upsertAbn } from './abns.js';
export { CompanyDocument, CreateCompanyDocumentRequest, createCompanyDocument } from './company-documents.js';
export { CreateInsolvencyNoticeRequest, InsolvencyNotice, createInsolvencyNotice } from './insolvency-notices.js';
export {
  RegisterAvailability,
  UpdateRegisterAvailabilityRequest,
  getRegisterAvailability,
  updateRegisterAvailability,
} from './availability.js';
export { CreatePpsrRegistrationRequest, GrantorNumberType, PpsrRegistration, createPpsrRegistration } from './ppsr-registrations.js';
