// Lodgements (spec 1, 6.1; D-36): the public surface of this folder for the registry, the other
// resources and the server.
import { operationIdsOf } from '../common/operation-collection.js';
import * as definitions from './paths.js';

export {
  AbnRegistrationRequest,
  EVENT_BY_KIND,
  INTERACTION_BY_KIND,
  LODGEMENT_KINDS,
  LODGEMENT_STATUSES,
  Lodgement,
  LodgementKind,
  LodgementStatus,
  LodgementStatusEvent,
  NOTIFIABLE_STATUSES,
  RequestIdParam,
} from './schemas.js';
export * from './paths.js';
/** The lodgements' operationIds, read from their definitions. */
export const LODGEMENTS_OPERATIONS = operationIdsOf(definitions);
