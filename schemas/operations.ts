// Every public API operation by its operationId, for the server to type and look up handlers by.
// The keys are the literal operationIds; test/unit/operation-maps.test.ts proves this map and the
// document list the same operations.
import { getCompanyNameAvailability, listIndustries } from './helpers/index.js';
import { createAbnRegistration, getLodgement } from './lodgements/index.js';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rotateWebhookEndpointSecret,
  updateWebhookEndpoint,
} from './webhooks/index.js';
import { createPpsrAlert, createPpsrSearch, deletePpsrAlert, getPpsrCertificate, getPpsrSearch, listPpsrAlerts } from './ppsr/index.js';
import { createBusinessAccountApplication, getBusinessAccountStatus } from './business-accounts/index.js';
import { createForm484Lodgement, getForm484Status } from './form484/index.js';
import {
  createMonitoringEntities,
  getMonitoringEntity,
  getMonitoringEvent,
  listMonitoringEntities,
  listMonitoringEntityEvents,
  listMonitoringEvents,
  renewMonitoringEntities,
  resumeMonitoringEntity,
  simulateMonitoringEvent,
  stopMonitoringEntity,
} from './monitoring/index.js';

export const PUBLIC_OPERATIONS = {
  [getCompanyNameAvailability.operationId]: getCompanyNameAvailability,
  [listIndustries.operationId]: listIndustries,
  [createAbnRegistration.operationId]: createAbnRegistration,
  [getLodgement.operationId]: getLodgement,
  [listWebhookEndpoints.operationId]: listWebhookEndpoints,
  [createWebhookEndpoint.operationId]: createWebhookEndpoint,
  [updateWebhookEndpoint.operationId]: updateWebhookEndpoint,
  [deleteWebhookEndpoint.operationId]: deleteWebhookEndpoint,
  [rotateWebhookEndpointSecret.operationId]: rotateWebhookEndpointSecret,
  [listWebhookDeliveries.operationId]: listWebhookDeliveries,
  [resendWebhookDelivery.operationId]: resendWebhookDelivery,
  [createPpsrSearch.operationId]: createPpsrSearch,
  [getPpsrSearch.operationId]: getPpsrSearch,
  [getPpsrCertificate.operationId]: getPpsrCertificate,
  [listPpsrAlerts.operationId]: listPpsrAlerts,
  [createPpsrAlert.operationId]: createPpsrAlert,
  [deletePpsrAlert.operationId]: deletePpsrAlert,
  [createBusinessAccountApplication.operationId]: createBusinessAccountApplication,
  [getBusinessAccountStatus.operationId]: getBusinessAccountStatus,
  [createForm484Lodgement.operationId]: createForm484Lodgement,
  [getForm484Status.operationId]: getForm484Status,
  [createMonitoringEntities.operationId]: createMonitoringEntities,
  [renewMonitoringEntities.operationId]: renewMonitoringEntities,
  [resumeMonitoringEntity.operationId]: resumeMonitoringEntity,
  [listMonitoringEntities.operationId]: listMonitoringEntities,
  [getMonitoringEntity.operationId]: getMonitoringEntity,
  [stopMonitoringEntity.operationId]: stopMonitoringEntity,
  [listMonitoringEntityEvents.operationId]: listMonitoringEntityEvents,
  [listMonitoringEvents.operationId]: listMonitoringEvents,
  [getMonitoringEvent.operationId]: getMonitoringEvent,
  [simulateMonitoringEvent.operationId]: simulateMonitoringEvent,
} as const;

export type PublicOperationId = keyof typeof PUBLIC_OPERATIONS;
export type PublicOperation = (typeof PUBLIC_OPERATIONS)[PublicOperationId];
