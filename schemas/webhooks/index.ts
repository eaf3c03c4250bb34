// Webhook endpoints and deliveries: the public surface of this folder for the registry and the server.
export {
  CreateWebhookEndpointRequest,
  DeliveryAttempt,
  DeliveryId,
  MAX_ENDPOINTS_PER_KEY,
  UpdateWebhookEndpointRequest,
  WEBHOOK_EVENT_TYPES,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookDeliveryParams,
  WebhookEndpoint,
  WebhookEndpointId,
  WebhookEndpointList,
  WebhookEndpointParams,
  WebhookEndpointWithSecret,
} from './schemas.js';
export {
  WEBHOOKS_OPERATIONS,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  registerWebhooksPaths,
  resendWebhookDelivery,
  rotateWebhookEndpointSecret,
  updateWebhookEndpoint,
} from './paths.js';
