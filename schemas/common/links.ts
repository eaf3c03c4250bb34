// OpenAPI links from one response: each passes the same parameters, read from the response, to
// another operation (create -> read, update, delete), which clients and the contract runner follow.
import type { OperationLink } from './operation.js';

/** The links of one response, every one passing `parameters`; by link name, the target and why. */
export function linksPassing(
  parameters: Record<string, string>,
  targets: Record<string, Omit<OperationLink, 'parameters'>>,
): Record<string, OperationLink> {
  return Object.fromEntries(
    Object.entries(targets).map(([name, { operationId, description }]) => [
      name,
      { operationId, parameters: { ...parameters }, description },
    ]),
  );
}
