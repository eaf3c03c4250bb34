// registerOperation: the one place that turns an operation definition, public or operator, into an
// OpenAPI path item with everything every operation must carry (security, X-Request-Id, auth and
// body errors in the right family, rate limit and idempotency where they apply). Resource files
// declare only what is particular to them.
import type { OpenAPIRegistry, ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { ZodObject, ZodType } from 'zod';
import { chargeExtension, type ChargeRule } from './charge-rule.js';
import type { ErrorFamily } from './errors.js';
import { IdempotencyKeyHeader } from './headers.js';
import { describeRateLimit, type RateLimitClass } from './rate-limits.js';
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
import { paginationExtension, refinementExtension, successRuleExtension, type Refinements, type SuccessRule } from './semantic-rules.js';
import { derivedValidationExample, validationFirst } from './validation-example.js';

export interface NamedExample {
  summary: string;
  value: unknown;
  description?: string;
}
export type Examples = Record<string, NamedExample>;

/**
 * An OpenAPI link: how a value of this response feeds a parameter of another operation. The contract
 * runner follows links to build stateful sequences (create -> read -> update -> delete -> 404).
 */
export interface OperationLink {
  operationId: string;
  /** Parameter name -> runtime expression, e.g. `$response.body#/id`. */
  parameters: Record<string, string>;
  description: string;
}

export interface SuccessResponse {
  description: string;
  /** Omit for a response without a body (204). */
  schema?: ZodType;
  /** `application/json` unless given; another type (`application/pdf`) is sent as raw bytes. */
  mediaType?: string;
  examples?: Examples;
  headers?: Record<string, { $ref: string }>;
  links?: Record<string, OperationLink>;
}

export interface ErrorResponse {
  description: string;
  examples: Examples;
  /**
   * Codes this response can answer beyond those its examples show (the document's enum is both);
   * for a response whose codes are a list the server's own rules use (Form 484's D-11 codes).
   */
  codes?: readonly string[];
  headers?: Record<string, { $ref: string }>;
}

/** Operator responses carry no headers of their own, links or other media types. */
export type AdminSuccessResponse = Pick<SuccessResponse, 'description' | 'schema' | 'examples'>;
export type AdminErrorResponse = Omit<ErrorResponse, 'headers'>;

/**
 * Who may call, and so which document and rules an operation belongs to: `publishable` (helpers,
 * which also accept secret keys) and `secret` are public API operations (spec 4.1); `admin` is an
 * operator API operation, called with the operator token (sandbox.md "Operator API").
 */
export type Access = 'secret' | 'publishable' | 'admin';

export const ADMIN_SECURITY_SCHEME = 'adminToken';

interface RequestBody {
  schema: ZodType;
  examples: Examples;
  description?: string;
}

interface OperationCommon {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  params?: ZodObject;
  query?: ZodObject;
}

/** A public API operation: a key, an error family, a rate-limit class, maybe an idempotency key. */
export interface PublicOperationDefinition extends OperationCommon {
  access: 'secret' | 'publishable';
  family: ErrorFamily;
  rateLimit: RateLimitClass;
  idempotencyKey?: 'optional' | 'required';
  /** Also available only on the test prefix (simulate). */
  testOnly?: boolean;
  provisional?: boolean;
  body?: RequestBody & { maxBytes?: number };
  success: Record<number, SuccessResponse>;
  /** Which 2xx a valid request answers; needed when several are documented (`x-success-status`). */
  successRule?: SuccessRule;
  /** Rules applied after the schema, each with a body that breaks it (`x-refinement-examples`). */
  refinements?: Refinements;
  /** What a request costs on the live prefix (`x-charge`); absent when free. */
  charge?: ChargeRule;
  /** Family-shaped errors particular to this operation (400, 402, 403, 404, 409, 422, 429, 503). */
  errors?: Partial<Record<number, ErrorResponse>>;
}

/**
 * An operator API operation: one bearer token, no rate limit, one error shape (ErrorResponse) and the
 * 1 MiB body limit, so it declares none of those.
 */
export interface AdminOperationDefinition extends OperationCommon {
  access: 'admin';
  /** Full path including `/admin`, exactly as sandbox.md lists it. */
  path: `/admin/${string}`;
  body?: RequestBody;
  success: Record<number, AdminSuccessResponse>;
  /**
   * ErrorResponse-shaped errors particular to this operation (404, 409, 422). 400 `invalid_json`, 413
   * and 415 are added for every operation with a body; 401 for every operation.
   */
  errors?: Partial<Record<400 | 404 | 409 | 422, AdminErrorResponse>>;
}

/** `access` tells the two apart: `admin` for the operator API, a key type for the public API. */
export type OperationDefinition = PublicOperationDefinition | AdminOperationDefinition;

/** The keys a definition of its kind may have; a misspelt one (`idempotencyKye`) is a compile error. */
type KnownKeys<D> = D extends { access: 'admin' } ? keyof AdminOperationDefinition : keyof PublicOperationDefinition;

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
  return { ...errors, 422: { ...own, examples: validationFirst(own.examples, derived) } };
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
  };
}

export function registerOperation(registry: OpenAPIRegistry, def: OperationDefinition): void {
  registry.registerPath(def.access === 'admin' ? adminRoute(def) : publicRoute(def));
}
