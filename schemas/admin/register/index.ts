// The simulated registers (sandbox.md "Simulated registers"): companies, ABNs, company documents,
// insolvency notices and PPSR registrations. Changing a record here is how a test makes the next
// monitoring check, PPSR search or alert see a real difference, without touching the fixtures.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { registerOperation } from '../../common/operation.js';
import { updateCompany, upsertCompany } from './companies.js';
import { updateAbn, upsertAbn } from './abns.js';
import { createCompanyDocument } from './company-documents.js';
import { createInsolvencyNotice } from './insolvency-notices.js';
import { createPpsrRegistration } from './ppsr-registrations.js';
import { getRegisterAvailability, updateRegisterAvailability } from './availability.js';

export { ADMIN_REGISTER_OPERATIONS } from './operation-ids.js';
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
  ADMIN_AVAILABILITY_OPERATIONS,
  RegisterAvailability,
  UpdateRegisterAvailabilityRequest,
  getRegisterAvailability,
  updateRegisterAvailability,
} from './availability.js';
export { CreatePpsrRegistrationRequest, GrantorNumberType, PpsrRegistration, createPpsrRegistration } from './ppsr-registrations.js';

export function registerAdminRegisterPaths(registry: OpenAPIRegistry): void {
  registerOperation(registry, upsertCompany);
  registerOperation(registry, updateCompany);
  registerOperation(registry, upsertAbn);
  registerOperation(registry, updateAbn);
  registerOperation(registry, createCompanyDocument);
  registerOperation(registry, createInsolvencyNotice);
  registerOperation(registry, createPpsrRegistration);
  registerOperation(registry, getRegisterAvailability);
  registerOperation(registry, updateRegisterAvailability);
}
