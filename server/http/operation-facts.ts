// What the pipeline reads of each operation in the document, worked out once per operation: the
// error family, rate-limit class, body limit, who may call, Idempotency-Key and declared query names.
import type { Operation } from 'openapi-backend';
import type { ErrorFamily } from '../../schemas/common/errors.js';
import type { RateLimitClass } from '../../schemas/common/rate-limits.js';

/** D-14: 1 MiB unless the operation says otherwise (`x-body-limit-bytes`, Form 484's 8 MiB). */
const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface OperationFacts {
  operationId: string;
  family: ErrorFamily;
  rateLimit: RateLimitClass;
  bodyLimit: number;
  allowsPublishable: boolean;
  idempotency: 'none' | 'optional' | 'required';
  hasBody: boolean;
  testOnly: boolean;
  /** The query parameters the operation declares (see declaredQuery in pipeline.ts). */
  queryNames: ReadonlySet<string>;
  /** The document's path template (`/lodgements/{requestId}`). */
  path: string;
  /** Path parameters of type integer: plain decimal digits only (D-48). */
  integerPathParams: ReadonlySet<string>;
}

interface ParameterObject {
  in?: string;
  name?: string;
  required?: boolean;
  schema?: { type?: unknown };
}

export function factsOf(operation: Operation): OperationFacts {
  const extensions = operation as Operation & Record<string, unknown>;
  const parameters = (operation.parameters ?? []) as ParameterObject[];
  const idempotencyHeader = parameters.find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
  return {
    operationId: operation.operationId ?? '',
    family: (extensions['x-error-family'] as ErrorFamily | undefined) ?? 'api',
    rateLimit: (extensions['x-rate-limit-class'] as RateLimitClass | undefined) ?? 'lodgements',
    bodyLimit: (extensions['x-body-limit-bytes'] as number | undefined) ?? DEFAULT_BODY_LIMIT,
    allowsPublishable: (operation.security ?? []).some((s) => 'publishableKey' in s),
    idempotency: idempotencyHeader ? (idempotencyHeader.required ? 'required' : 'optional') : 'none',
    hasBody: Boolean(operation.requestBody),
    testOnly: extensions['x-test-only'] === true,
    queryNames: new Set(parameters.flatMap((p) => (p.in === 'query' && p.name ? [p.name] : []))),
    path: operation.path,
    integerPathParams: new Set(parameters.flatMap((p) => (p.in === 'path' && p.name && p.schema?.type === 'integer' ? [p.name] : []))),
  };
}
