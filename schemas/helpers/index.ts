// Helper lookups (spec 4.1, D-45): the public surface of this folder for the registry and the server.
export { CompanyNameAvailability, CompanyNameAvailabilityQuery, IndustriesQuery, Industry, IndustryList, NameConflict } from './schemas.js';
import { operationIdsOf } from '../common/operation-collection.js';
import * as definitions from './paths.js';

export * from './paths.js';
/** The helpers' operationIds, read from their definitions. */
export const HELPERS_OPERATIONS = operationIdsOf(definitions);
