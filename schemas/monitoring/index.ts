// Entity monitoring (spec 1, 2.6, 2.7, 3.4, 3.5, 4.5, 6.2, 7, 8; D-04, D-18, D-38, D-39, D-41 to D-43):
// the ten secret-key operations and the three outbound webhooks. The public surface of this folder.
import { operationIdsOf } from '../common/operation-collection.js';
import * as orders from './orders.js';
import * as entities from './entities.js';
import * as events from './events.js';

export {
  DeregistrationSimulationResult,
  EntityList,
  EventCursor,
  EventList,
  LIFECYCLE_SIMULATIONS,
  LIVE_UNIT_PRICE_CENTS,
  LifecycleSimulationResult,
  ListMonitoringEntitiesQuery,
  ListMonitoringEntityEventsQuery,
  ListMonitoringEventsQuery,
  MAX_ENTITIES_PER_REQUEST,
  MAX_REFERENCE_LENGTH,
  MONITORED_ENTITY_STATUSES,
  MONITORING_EVENT_SOURCES,
  MONITORING_EVENT_TYPES,
  MONITORING_STATUSES,
  MonitoredEntity,
  MonitoredEntityStatus,
  MonitoringEntityParams,
  MonitoringEvent,
  MonitoringEventMetadata,
  MonitoringEventParams,
  MonitoringEventSummary,
  MonitoringEventType,
  MonitoringEventTypeName,
  MonitoringOrder,
  MonitoringOrderProcessing,
  MonitoringOrderRequest,
  MonitoringOrderRow,
  MonitoringRenewalRequest,
  MonitoringSimulationRequest,
  MonitoringSimulationResult,
  MonitoringStatus,
  REGISTER_ENTITY_STATUSES,
  RegisterEntityStatus,
  SIMULATIONS,
  SimulateChangeRequest,
  SimulateLifecycleRequest,
  TEST_UNIT_PRICE_CENTS,
  rowHasIdentifier,
} from './schemas.js';
export {
  MONITORING_WEBHOOK_EVENTS,
  MonitoringChangeDetectedWebhook,
  MonitoringExpiredWebhook,
  MonitoringExpiringWebhook,
} from './webhooks.js';

export * from './orders.js';
export * from './entities.js';
export * from './events.js';

/** The monitoring operationIds, read from their definitions. */
export const MONITORING_OPERATIONS = operationIdsOf(orders, entities, events);
