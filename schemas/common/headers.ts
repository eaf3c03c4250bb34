// Reusable header components. Registered once in the registry and referenced by name.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { registerRequiredHeader } from './document-parts.js';
import { z } from './zod.js';

export const HEADER_REFS = {
  requestId: { $ref: '#/components/headers/X-Request-Id' },
  rateLimitLimit: { $ref: '#/components/headers/RateLimit-Limit' },
  rateLimitRemaining: { $ref: '#/components/headers/RateLimit-Remaining' },
  rateLimitReset: { $ref: '#/components/headers/RateLimit-Reset' },
  retryAfter: { $ref: '#/components/headers/Retry-After' },
  idempotentReplayed: { $ref: '#/components/headers/Idempotent-Replayed' },
  location: { $ref: '#/components/headers/Location' },
  /** Registered by the operator document only (its 401 carries it). */
  wwwAuthenticate: { $ref: '#/components/headers/WWW-Authenticate' },
} as const;

export function registerHeaderComponents(registry: OpenAPIRegistry): void {
  registerRequiredHeader(
    registry,
    'X-Request-Id',
    'Unique id of this request; quote it when contacting support. Sent on every response (D-13).',
    { type: 'string', example: 'req_8fKq2LmN4pQr7sTu9vWx1yZa' },
  );
  registerRequiredHeader(registry, 'RateLimit-Limit', 'Requests allowed in the current window (IETF RateLimit header fields, D-42).', {
    type: 'integer',
    example: 600,
  });
  registerRequiredHeader(registry, 'RateLimit-Remaining', 'Requests left in the current window.', { type: 'integer', example: 0 });
  registerRequiredHeader(registry, 'RateLimit-Reset', 'Seconds until the window resets.', { type: 'integer', example: 42 });
  registerRequiredHeader(registry, 'Retry-After', 'Seconds to wait before trying again.', { type: 'integer', example: 42 });
  registry.registerComponent('headers', 'Idempotent-Replayed', {
    description: 'Present and `true` when this is the stored response of an earlier request with the same `Idempotency-Key` (D-18).',
    schema: { type: 'string', enum: ['true'] },
  });
  registerRequiredHeader(registry, 'Location', 'Path of the created resource.', {
    type: 'string',
    example: '/api/test/v2/ppsr/searches/1001',
  });
}

export const IdempotencyKeyHeader = (required: boolean) =>
  z.strictObject({
    'Idempotency-Key': (required ? z.string().min(1).max(255) : z.string().min(1).max(255).optional()).openapi({
      description:
        'Makes a retry safe: the same key with the same body replays the stored response (with `Idempotent-Replayed: true`); the same key with another body is refused with 409 `idempotency_key_reused`. Up to 255 characters; kept 24 hours; scoped to account and environment (D-18).',
      example: 'order-2026-11-22-0001',
    }),
  });
