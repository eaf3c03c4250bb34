// Every public API operation by its operationId, collected from the modules that declare them: each
// module is listed once, and every definition it exports is picked up (schemas/common/
// operation-collection.ts). The document's paths, the server's handler map type and the tests' lists
// of operations all come from this map.
import { collectOperations } from './common/operation-collection.js';
import * as helpers from './helpers/paths.js';
import * as lodgements from './lodgements/paths.js';
import * as webhooks from './webhooks/paths.js';
import * as ppsrSearches from './ppsr/searches.js';
import * as ppsrAlerts from './ppsr/alerts.js';
import * as businessAccounts from './business-accounts/paths.js';
import * as form484 from './form484/paths.js';
import * as monitoringOrders from './monitoring/orders.js';
import * as monitoringEntities from './monitoring/entities.js';
import * as monitoringEvents from './monitoring/events.js';
import * as cli from './cli/paths.js';

export const PUBLIC_OPERATIONS = collectOperations(
  helpers,
  lodgements,
  webhooks,
  ppsrSearches,
  ppsrAlerts,
  businessAccounts,
  form484,
  monitoringOrders,
  monitoringEntities,
  monitoringEvents,
  cli,
);

export type PublicOperationId = keyof typeof PUBLIC_OPERATIONS;
export type PublicOperation = (typeof PUBLIC_OPERATIONS)[PublicOperationId];
