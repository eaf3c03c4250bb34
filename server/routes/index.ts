// Every public operation's handler, by operationId. Features add their map here as they land and
// remove their ids from pending.ts.
import type { HandlerMap } from '../http/context.js';

export function createPublicHandlers(): HandlerMap {
  return {};
}
