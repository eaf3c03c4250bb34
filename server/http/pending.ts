// The marker for an operation of the document without a handler yet, in a file of its own so the
// handler types (handler.ts) and the handler maps (handler-maps.ts) can both read it without
// importing each other.

/**
 * Stands in the map for an operation of the document that has no handler yet: the pipeline leaves it
 * out, so the operation answers 501 `not_implemented` (server/http/handler.ts pendingOperations lists
 * it). Typed as a handler that accepts any input and never answers, so it fits every operation.
 */
export const pending: Pending = Object.assign(
  async (): Promise<never> => {
    throw new Error('a pending operation has no handler: the pipeline answers 501 before calling one');
  },
  { pending: true as const },
);
export type Pending = ((ctx: unknown, input: unknown) => Promise<never>) & { readonly pending: true };

/** Whether a map's entry is `pending` rather than a handler. */
export function isPending(handler: unknown): boolean {
  return handler === pending;
}
