// Lodgements (spec 1, 6.1; D-36): the public surface of this folder for the registry, the other
// resources and the server.
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
export { LODGEMENTS_OPERATIONS, createAbnRegistration, getLodgement, registerLodgementsPaths } from './paths.js';
