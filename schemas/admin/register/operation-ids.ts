// Operation ids of the simulated registers, declared once for the register files and the server.

export const ADMIN_REGISTER_OPERATIONS = {
  upsertCompany: 'upsertCompany',
  updateCompany: 'updateCompany',
  upsertAbn: 'upsertAbn',
  updateAbn: 'updateAbn',
  createCompanyDocument: 'createCompanyDocument',
  createInsolvencyNotice: 'createInsolvencyNotice',
  createPpsrRegistration: 'createPpsrRegistration',
} as const;
