// The shape of an operation definition, public or operator, and of its responses and examples: types
// only, so the modules that build a definition's responses and examples (operation-responses.ts,
// error-codes.ts, validation-example.ts) read them without importing operation.ts, which imports them.
import type { ZodObject, ZodType } from 'zod';
import type { ChargeRule } from './charge-rule.js';
import type { ErrorFamily } from './errors.js';
import type { RateLimitClass } from './rate-limits.js';
import type { Refinements, SuccessRule } from './semantic-rules.js';

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

export interface RequestBody {
  schema: ZodType;
  examples: Examples;
  description?: string;
}

export interface OperationCommon {
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
export type KnownKeys<D> = D extends { access: 'admin' } ? keyof AdminOperationDefinition : keyof PublicOperationDefinition;
