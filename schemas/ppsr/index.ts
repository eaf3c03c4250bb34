// PPSR (spec 2.3, 3.2, 4.3; D-17, D-18, D-30 to D-34): searches, certificates and (provisional)
// alert subscriptions. The public surface of this folder for the registry and the server.
import { operationIdsOf } from '../common/operation-collection.js';
import * as searches from './searches.js';
import * as alerts from './alerts.js';

export {
  PPSR_SEARCH_TYPES,
  PPSR_SERIAL_NUMBER_TYPES,
  PpsrGrantorAbnSearch,
  PpsrGrantorAcnSearch,
  PpsrGrantorArbnSearch,
  PpsrGrantorArsnSearch,
  PpsrIndividualSearch,
  PpsrOrganisationNameSearch,
  PpsrRegistrationNumberSearch,
  PpsrSearchRequest,
  PpsrSerialNumberSearch,
  PpsrVinSearch,
  classifyPpsrSearch,
  type PpsrSearchClassification,
  type PpsrSearchType,
} from './search-request.js';
export {
  PpsrCertificate,
  PpsrCertificateProcessing,
  PpsrEntity,
  PpsrNevdisData,
  PpsrNoRegistrationsCertificate,
  PpsrRegistration,
  PpsrRegistrationCertificate,
  PpsrSearch,
  PpsrSearchCompleted,
  PpsrSearchCreated,
  PpsrSearchFailed,
  PpsrSearchPending,
  PpsrSearchResult,
  PpsrSearchSummary,
  PpsrVehicle,
} from './search-result.js';

export { SEARCH_REQUEST_EXAMPLES, SEARCH_STATUS_EXAMPLES } from './examples.js';
export {
  ORGANISATION_NUMBER_TYPES,
  OrganisationNumberType,
  PPSR_ALERT_EVENT,
  PpsrAlert,
  PpsrAlertCreateRequest,
  PpsrAlertEvent,
  PpsrAlertIdParam,
  PpsrAlertList,
  PpsrRegistrationSummary,
} from './alert-schemas.js';
export * from './searches.js';
export * from './alerts.js';

/** Every PPSR operationId, searches and (provisional) alert subscriptions, read from their definitions. */
export const PPSR_OPERATIONS = operationIdsOf(searches, alerts);
