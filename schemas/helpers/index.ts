// Helper lookups (spec 4.1, D-45): the public surface of this folder for the registry and the server.
export { CompanyNameAvailability, CompanyNameAvailabilityQuery, IndustriesQuery, Industry, IndustryList, NameConflict } from './schemas.js';
export { HELPERS_OPERATIONS, getCompanyNameAvailability, listIndustries, registerHelpersPaths } from './paths.js';
