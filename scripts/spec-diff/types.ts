// The shapes the gate works with. Documents stay loosely typed: the diff library walks them.
export type OpenApiDocument = Record<string, unknown> & { info?: { version?: string } };

export type Severity = 'breaking' | 'compatible';

export interface SpecChange {
  severity: Severity;
  /** What happened at the pointer: add, remove, replace or rename. */
  action: string;
  /** JSON pointer into spec/openapi.json (webhook payloads under /webhooks/...). */
  pointer: string;
  message: string;
  /** Why a change the library would call breaking is let through (a provisional operation). */
  note?: string;
}
