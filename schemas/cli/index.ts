// The command line's operations: the public surface of this folder for the registry and the server.
import { operationIdsOf } from '../common/operation-collection.js';
import * as definitions from './paths.js';

export * from './schemas.js';
export * from './paths.js';
/** The command line's operationIds, read from their definitions. */
export const CLI_OPERATIONS = operationIdsOf(definitions);
