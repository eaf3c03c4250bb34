// Webhook endpoints and deliveries: the public surface of this folder for the registry and the server.
import { operationIdsOf } from '../common/operation-collection.js';
import * as definitions from './paths.js';

export {
  CreateWebhookEndpointRequest,
  DeliveryAttempt,
  DeliveryId,
  MAX_ENDPOINTS_PER_KEY,
  UpdateWebhookEndpointRequest,
  WEBHOOK_EVENT_TYPES,
  WebhookDeliveryParams,
  WebhookEndpoint,
  WebhookEndpointId,
  WebhookEndpointList,
  WebhookEndpointParams,
  WebhookEndpointWithSecret,
} from './schemas.js';
export { DeliveryPayload, WebhookDelivery, WebhookDeliveryList } from './deliveries.js';
export * from './paths.js';
/** The webhook endpoint and delivery operationIds, read from their definitions. */
export const WEBHOOKS_OPERATIONS = operationIdsOf(definitions);
