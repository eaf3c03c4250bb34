// Every public operation's handler, by operationId: each resource's part is checked by defineHandlers,
// and the whole map must name every operation of schemas/operations.ts (a handler, or `pending` for
// one that answers 501; server/http/handler.ts pendingOperations lists those at start).
import type { PublicHandlers } from '../http/handler-maps.js';
import { businessAccountHandlers } from './business-accounts.js';
import { form484Handlers } from './form484.js';
import { helpersHandlers } from './helpers.js';
import { lodgementHandlers } from './lodgements.js';
import { webhookEndpointHandlers } from './webhooks.js';
import { webhookDeliveryHandlers } from './webhook-deliveries.js';
import { ppsrHandlers } from './ppsr.js';
import { monitoringHandlers } from './monitoring.js';
import { cliHandlers } from './cli.js';

export type { PublicHandlers };

export const PUBLIC_HANDLERS = {
  ...businessAccountHandlers,
  ...form484Handlers,
  ...helpersHandlers,
  ...lodgementHandlers,
  ...webhookEndpointHandlers,
  ...webhookDeliveryHandlers,
  ...ppsrHandlers,
  ...monitoringHandlers,
  ...cliHandlers,
} satisfies PublicHandlers;
