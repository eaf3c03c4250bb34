// What a handler or the pipeline answers, before it is written to the socket (send.ts). Error bodies
// are made by error-mappers.ts only.

export interface HttpResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Raw bytes (PDF downloads). */
  raw?: { contentType: string; data: Buffer };
  /** An answer that asks for a retry (TRANSIENT_CODES): never kept under an Idempotency-Key. */
  transient?: boolean;
}
