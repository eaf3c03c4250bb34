// Every public operation's handler, by operationId. Features add their map here as they land and
// remove their ids from pending.ts.
import type { HandlerMap } from '../http/context.js';
import { helpersHandlers } from './helpers.js';
import { lodgementHandlers } from './lodgements.js';
import { webhookEndpointHandlers } from './webhooks.js';
import { webhookDeliveryHandlers } from './webhook-deliveries.js';

export function createPublicHandlers(): HandlerMap {
  return {
    ...helpersHandlers,
    ...lodgementHandlers,
    ...webhookEndpointHandlers,
    ...webhookDeliveryHandlers,
  };
}
