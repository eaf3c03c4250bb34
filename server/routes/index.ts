// Every public operation's handler, by operationId. Operations of the document without a handler are
// computed at start (server/http/handler.ts pendingOperations) and answer 501.
import type { PublicHandlers } from '../http/handler.js';
import { businessAccountHandlers } from './business-accounts.js';
import { form484Handlers } from './form484.js';
import { helpersHandlers } from './helpers.js';
import { lodgementHandlers } from './lodgements.js';
import { webhookEndpointHandlers } from './webhooks.js';
import { webhookDeliveryHandlers } from './webhook-deliveries.js';
import { ppsrHandlers } from './ppsr.js';
import { monitoringHandlers } from './monitoring.js';

export type { PublicHandlers };

export const PUBLIC_HANDLERS: PublicHandlers = {
  ...businessAccountHandlers,
  ...form484Handlers,
  ...helpersHandlers,
  ...lodgementHandlers,
  ...webhookEndpointHandlers,
  ...webhookDeliveryHandlers,
  ...ppsrHandlers,
  ...monitoringHandlers,
};
