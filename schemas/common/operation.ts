// registerOperation: the one place that turns an operation definition, public or operator, into an
// OpenAPI path item with everything every operation must carry (security, X-Request-Id, auth and
// body errors in the right family, rate limit and idempotency where they apply). Resource files
// declare only what is particular to them.
import type { OpenAPIRegistry, ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { ZodObject } from 'zod';
import { chargeExtension } from './charge-rule.js';
import type { ErrorFamily } from './errors.js';
import { IdempotencyKeyHeader } from './headers.js';
import { describeRateLimit } from './rate-limits.js';
import {
  badRequest,
  bodyErrors,
  jsonContent,
  keyErrors,
  operatorTokenError,
  ownErrors,
  rateLimitError,
  successResponses,
  type ResponseShape,
} from './operation-responses.js';
import type {
  AdminErrorResponse,
  AdminOperationDefinition,
  KnownKeys,
  OperationDefinition,
  PublicOperationDefinition,
} from './operation-definition.js';
import { describeRequestRules, requestRulesExtension, type RequestRuleSource } from './request-rules.js';
import { paginationExtension, refinementExtension, successRuleExtension } from './semantic-rules.js';
import { derivedValidationExample, validationFirst } from './validation-example.js';

export type {
  Access,
  AdminErrorResponse,
  AdminOperationDefinition,
  AdminSuccessResponse,
  ErrorResponse,
  Examples,
  NamedExample,
  OperationDefinition,
  OperationLink,
  PublicOperationDefinition,
  SuccessResponse,
} from './operation-definition.js';

export const ADMIN_SECURITY_SCHEME = 'adminToken';

/**
 * Declares an operation and keeps its exact type: `operationId` as its literal, the Zod schemas of
 * its params, query, body and responses, and its success statuses, so the server can type a
 * handler's input and result from it (`InputOf`, `SuccessOf` in ./operation-types.ts). The value is
 * returned as it is; registering it is `registerOperation`'s job.
 */
export function defineOperation<const D extends OperationDefinition>(def: D & Record<Exclude<keyof D, KnownKeys<D>>, never>): D {
  return def;
}

function describe(def: PublicOperationDefinition): string {
  const parts = [def.description.trim()];
  const notes = [
    def.access === 'publishable'
      ? 'Accepts secret keys and publishable keys (publishable keys only from their allowed domains).'
      : 'Needs a secret key.',
    `Rate limit: ${describeRateLimit(def.rateLimit)}.`,
  ];
  if (def.testOnly) notes.push('Test prefix only: on the live prefix it answers 404.');
  if (def.provisional) notes.push('**Provisional**: the shape may change in a minor version (`x-provisional`).');
  parts.push(notes.join(' '));
  return parts.join('\n\n');
}

function requestOf(def: OperationDefinition, headers: ZodObject | undefined): RouteConfig['request'] {
  return {
    ...(def.params ? { params: def.params } : {}),
    ...(def.query ? { query: def.query } : {}),
    ...(headers ? { headers } : {}),
    ...(def.body
      ? {
          body: {
            required: true,
            ...(def.body.description ? { description: def.body.description } : {}),
            content: jsonContent(def.body.schema, def.body.examples),
          },
        }
      : {}),
  };
}

function byStatus(responses: Record<number, ResponseConfig>): Record<number, ResponseConfig> {
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
}

/** What the operation's request rules are read from (./request-rules.ts). */
function ruleSource(def: OperationDefinition): RequestRuleSource {
  return {
    ...(def.params ? { params: def.params } : {}),
    ...(def.query ? { query: def.query } : {}),
    ...(def.body ? { body: def.body } : {}),
    ...(def.access !== 'admin' && def.refinements ? { refinements: def.refinements } : {}),
  };
}

/**
 * The operation's errors with its 422 examples in the order a mock needs: Prism answers every
 * request that fails the document with the first one (see ./validation-example.ts). A body or a
 * query can always be invalid, so an operation taking either must document its 422.
 */
function errorsForMock<E extends AdminErrorResponse>(
  def: OperationDefinition,
  family: ErrorFamily,
  errors: Partial<Record<number, E>> | undefined,
): Partial<Record<number, E>> | undefined {
  const own = errors?.[422];
  if ((def.body || def.query) && !own) throw new Error(`${def.operationId}: an operation with a body or a query must document its 422`);
  if (!own) return errors;
  const derived = derivedValidationExample(family, def.body?.schema, def.query);
  const description = describeRequestRules(own.description, ruleSource(def));
  return { ...errors, 422: { ...own, description, examples: validationFirst(own.examples, derived) } };
}

function publicRoute(given: PublicOperationDefinition): RouteConfig {
  const def: PublicOperationDefinition = { ...given, errors: errorsForMock(given, given.family, given.errors) };
  const responses: Record<number, ResponseConfig> = {
    ...successResponses(def),
    400: badRequest(def),
    ...keyErrors(def),
    ...bodyErrors(def),
    429: rateLimitError(def),
    ...ownErrors(def),
  };
  const headers = def.idempotencyKey ? IdempotencyKeyHeader(def.idempotencyKey === 'required') : undefined;
  return {
    method: def.method,
    path: def.path,
    operationId: def.operationId,
    summary: def.summary,
    description: describe(def),
    tags: [def.tag],
    security: def.access === 'publishable' ? [{ secretKey: [] }, { publishableKey: [] }] : [{ secretKey: [] }],
    request: requestOf(def, headers),
    responses: byStatus(responses),
    'x-rate-limit-class': def.rateLimit,
    'x-error-family': def.family,
    ...(def.provisional ? { 'x-provisional': true } : {}),
    ...(def.testOnly ? { 'x-test-only': true } : {}),
    ...(def.body?.maxBytes ? { 'x-body-limit-bytes': def.body.maxBytes } : {}),
    ...successRuleExtension(def),
    ...paginationExtension(def),
    ...refinementExtension(def),
    ...requestRulesExtension(ruleSource(def)),
    ...chargeExtension(def),
  };
}

function adminRoute(def: AdminOperationDefinition): RouteConfig {
  // A body can always be invalid, and a client needs the example of how that is reported.
  const errors = errorsForMock(def, 'api', def.errors);
  const shape: ResponseShape = { family: 'api', success: def.success, ...(def.body ? { body: {} } : {}), errors };
  const responses: Record<number, ResponseConfig> = {
    ...successResponses(shape),
    400: badRequest(shape),
    401: operatorTokenError(),
    ...bodyErrors(shape),
    ...ownErrors(shape),
  };
  return {
    method: def.method,
    path: def.path,
    operationId: def.operationId,
    summary: def.summary,
    description: `${def.description.trim()}\n\nNeeds the operator token.`,
    tags: [def.tag],
    security: [{ [ADMIN_SECURITY_SCHEME]: [] }],
    request: requestOf(def, undefined),
    responses: byStatus(responses),
    ...requestRulesExtension(ruleSource(def)),
  };
}

export function registerOperation(registry: OpenAPIRegistry, def: OperationDefinition): void {
  registry.registerPath(def.access === 'admin' ? adminRoute(def) : publicRoute(def));
}
