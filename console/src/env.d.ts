// Vite bundles imported stylesheets; TypeScript only needs to know such imports exist.
declare module '*.css';

// Data taken from the contract at build time (console/contract-data.ts).
declare module 'virtual:contract' {
  export interface DocumentExample {
    name: string;
    summary: string;
    value: unknown;
  }
  /** The day the examples are written for (`info.x-examples-date`, D-61). */
  export const EXAMPLES_DATE: string;
  export const EXAMPLES: { form484: DocumentExample[]; abnRegistration: DocumentExample[]; businessAccount: DocumentExample[] };
  /** By lodgement kind (and `form484`): the event a move sends and the statuses that send it. */
  export const NOTIFIABLE: Record<string, { event: string; statuses: readonly string[] }>;
  /** Every public operation by operationId: method and path template. */
  export const OPERATIONS: Record<string, { method: string; path: string }>;
}
