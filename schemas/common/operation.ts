// registerOperation: the one place that turns an operation definition into an OpenAPI path item
// with everything every operation must carry (security, X-Request-Id, auth/limit/body errors in the
// right family, idempotency header). Resource files declare only what is particular to them.
import type { OpenAPIRegistry, ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { ZodObject, ZodType } from 'zod';
import { z } from './zod.js';
import { ApiError, Form484Error, SharedError, familyError, familySchema, type ErrorFamily } from './errors.js';
import { HEADER_REFS, IdempotencyKeyHeader } from './headers.js';

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
  mediaType?: string;
  examples?: Examples;
  headers?: Record<string, { $ref: string }>;
  links?: Record<string, OperationLink>;
}

export interface ErrorResponse {
  description: string;
  examples: Examples;
  headers?: Record<string, { $ref: string }>;
}

/** Who may call: helpers accept publishable keys, everything else needs a secret key (spec 4.1). */
export type Access = 'secret' | 'publishable';
/** D-42 rate-limit classes. */
export type RateLimitClass = 'helpers' | 'lodgements' | 'monitoring';

export interface OperationDefinition {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  access: Access;
  family: ErrorFamily;
  rateLimit: RateLimitClass;
  idempotencyKey?: 'optional' | 'required';
  /** Also available only on the test prefix (simulate). */
  testOnly?: boolean;
  provisional?: boolean;
  params?: ZodObject;
  query?: ZodObject;
  body?: { schema: ZodType; examples: Examples; description?: string; maxBytes?: number };
  success: Record<number, SuccessResponse>;
  /** Family-shaped errors particular to this operation (400, 402, 403, 404, 409, 422, 429, 503). */
  errors?: Partial<Record<number, ErrorResponse>>;
}

const RATE_LIMITS: Record<RateLimitClass, string> = {
  helpers: '1,200 requests per minute per key',
  lodgements: '600 requests per minute per account',
  monitoring: '60 requests per minute per account and, separately, 60 per minute per client IP',
};

const DEFAULT_BODY_LIMIT = 1024 * 1024;

function jsonContent(schema: ZodType, examples: Examples | undefined, mediaType = 'application/json') {
  return { [mediaType]: { schema, ...(examples ? { examples } : {}) } };
}

function sharedExample(summary: string, message: string): NamedExample {
  return { summary, value: { errors: [message] } };
}

function familyExample(family: ErrorFamily, summary: string, code: string, message: string): NamedExample {
  return { summary, value: familyError(family, code, message) };
}

/** Schema for a response that may be in the shared shape or the family's shape. */
function sharedOrFamily(family: ErrorFamily): ZodType {
  return z.union([SharedError, family === 'api' ? ApiError : Form484Error]).openapi({}, { unionPreferredType: 'oneOf' });
}

/** The error codes an example set already illustrates (ApiError `error` or Form 484 `errors[].code`). */
function codesIn(examples: Examples): Set<string> {
  const codes = new Set<string>();
  for (const example of Object.values(examples)) {
    const value = example.value as { error?: unknown; errors?: unknown };
    if (typeof value.error === 'string') codes.add(value.error);
    if (Array.isArray(value.errors))
      for (const item of value.errors as { code?: unknown }[]) if (typeof item.code === 'string') codes.add(item.code);
  }
  return codes;
}

/**
 * D-18 errors every operation taking `Idempotency-Key` can return, added here once so no operation
 * forgets them: 409 for a reused key or one still running, 400 for a key too long (or missing where
 * required). An operation's own 409/400 keeps its examples; only the missing codes are added.
 */
function idempotencyErrors(def: OperationDefinition): { conflict?: ErrorResponse; badKey: Examples } {
  if (!def.idempotencyKey) return { badKey: {} };
  const own = def.errors?.[409];
  const have = codesIn(own?.examples ?? {});
  const added: Examples = {};
  if (!have.has('idempotency_key_reused'))
    added.idempotencyKeyReused = familyExample(
      def.family,
      'Key reused with another body',
      'idempotency_key_reused',
      'This Idempotency-Key was used with a different request body.',
    );
  if (!have.has('request_in_progress'))
    added.requestInProgress = familyExample(
      def.family,
      'First request with this key still running',
      'request_in_progress',
      'A request with this Idempotency-Key is still being processed.',
    );
  const conflict: ErrorResponse = {
    description: own
      ? own.description
      : '`idempotency_key_reused` (same `Idempotency-Key`, another body) or `request_in_progress` (the first request with this key is still running), D-18.',
    examples: { ...(own?.examples ?? {}), ...added },
    ...(own?.headers ? { headers: own.headers } : {}),
  };
  const badKey: Examples = {
    idempotencyKeyInvalid: familyExample(
      def.family,
      'Idempotency-Key over 255 characters',
      'idempotency_key_invalid',
      'Idempotency-Key must be at most 255 characters.',
    ),
    ...(def.idempotencyKey === 'required'
      ? {
          idempotencyKeyRequired: familyExample(
            def.family,
            'No Idempotency-Key',
            'idempotency_key_required',
            'This request needs an Idempotency-Key header.',
          ),
        }
      : {}),
  };
  return { conflict, badKey };
}

function authErrors(def: OperationDefinition): Record<number, ResponseConfig> {
  const forbiddenExamples: Examples = {
    wrongEnvironment: sharedExample(
      'Key environment differs from the URL prefix',
      'A live key cannot be used on the test prefix (/api/test/v2).',
    ),
    browser: sharedExample('Secret key used from a browser', 'Secret keys must not be used from a browser; use a publishable key.'),
    ...(def.access === 'secret'
      ? { publishableKey: sharedExample('Publishable key on a secret-only operation', 'Publishable keys can only call helper endpoints.') }
      : {
          domainNotAllowed: sharedExample(
            'Publishable key from a domain not in its list',
            'Origin app.example.org is not allowed for this publishable key.',
          ),
        }),
  };
  if (def.family === 'form484' || def.rateLimit !== 'monitoring') {
    forbiddenExamples.sandboxOnly = sharedExample(
      'Free (sandbox) account used a live key',
      'sandbox_only: this account can only use test keys.',
    );
  }
  const ownForbidden = def.errors?.[403];
  return {
    401: {
      description:
        'No `Authorization: Bearer` header, or the key is unknown, revoked, expired or rolled (D-03). Carries `WWW-Authenticate: Bearer`.',
      headers: { 'X-Request-Id': HEADER_REFS.requestId },
      content: jsonContent(SharedError, {
        missingKey: sharedExample('No key', 'Missing Authorization header. Use "Authorization: Bearer <API key>".'),
        unknownKey: sharedExample('Unknown or revoked key', 'Invalid API key.'),
      }),
    },
    403: {
      description: ownForbidden
        ? `${ownForbidden.description} Key checks (wrong environment, browser use of a secret key${def.access === 'secret' ? ', publishable key' : ''}) use the shared shape (D-03).`
        : `Key not allowed here (D-03): wrong environment for the prefix, a secret key used from a browser${def.access === 'secret' ? ', a publishable key' : ", a domain not in the publishable key's list"}, or a free account using a live key (\`sandbox_only\`).`,
      headers: { 'X-Request-Id': HEADER_REFS.requestId },
      content: jsonContent(ownForbidden ? sharedOrFamily(def.family) : SharedError, {
        ...forbiddenExamples,
        ...(ownForbidden?.examples ?? {}),
      }),
    },
  };
}

function rateLimitError(def: OperationDefinition): ResponseConfig {
  const own = def.errors?.[429];
  const examples: Examples = {
    rateLimited: sharedExample(
      'Rate limit exceeded',
      `Rate limit exceeded (${RATE_LIMITS[def.rateLimit]}). Retry after the number of seconds in Retry-After.`,
    ),
    ...(own?.examples ?? {}),
  };
  return {
    description: `Too many requests (${RATE_LIMITS[def.rateLimit]}, D-42).${own ? ` ${own.description}` : ''}`,
    headers: {
      'X-Request-Id': HEADER_REFS.requestId,
      'Retry-After': HEADER_REFS.retryAfter,
      'RateLimit-Limit': HEADER_REFS.rateLimitLimit,
      'RateLimit-Remaining': HEADER_REFS.rateLimitRemaining,
      'RateLimit-Reset': HEADER_REFS.rateLimitReset,
    },
    content: jsonContent(own ? sharedOrFamily(def.family) : SharedError, examples),
  };
}

function bodyErrors(def: OperationDefinition): Record<number, ResponseConfig> {
  if (!def.body) return {};
  const limit = def.body.maxBytes ?? DEFAULT_BODY_LIMIT;
  const schema = familySchema(def.family);
  return {
    413: {
      description: `Body larger than ${limit / (1024 * 1024)} MiB (D-14).`,
      headers: { 'X-Request-Id': HEADER_REFS.requestId },
      content: jsonContent(schema, {
        tooLarge: familyExample(
          def.family,
          'Body too large',
          'payload_too_large',
          `The request body exceeds ${limit / (1024 * 1024)} MiB.`,
        ),
      }),
    },
    415: {
      description: 'Body is not `application/json` (D-13).',
      headers: { 'X-Request-Id': HEADER_REFS.requestId },
      content: jsonContent(schema, {
        unsupported: familyExample(def.family, 'Not JSON', 'unsupported_media_type', 'Send the body as application/json.'),
      }),
    },
  };
}

function badRequest(def: OperationDefinition): ResponseConfig | undefined {
  const own = def.errors?.[400];
  const { badKey } = idempotencyErrors(def);
  const ownCodes = codesIn(own?.examples ?? {});
  const keyExamples = Object.fromEntries(
    Object.entries(badKey).filter(([, example]) => ![...codesIn({ x: example })].some((code) => ownCodes.has(code))),
  );
  if (!def.body && !own && Object.keys(keyExamples).length === 0) return undefined;
  const examples: Examples = {
    ...(def.body
      ? { invalidJson: familyExample(def.family, 'Malformed JSON', 'invalid_json', 'The request body is not valid JSON.') }
      : {}),
    ...keyExamples,
    ...(own?.examples ?? {}),
  };
  const parts = [
    def.body ? 'Malformed JSON (`invalid_json`, D-13).' : '',
    def.idempotencyKey
      ? `\`idempotency_key_invalid\` (key over 255 characters)${def.idempotencyKey === 'required' ? ' or `idempotency_key_required` (no key)' : ''}, D-18.`
      : '',
    own ? own.description : '',
  ].filter(Boolean);
  return {
    description: parts.join(' ') || (own?.description ?? ''),
    headers: { 'X-Request-Id': HEADER_REFS.requestId, ...(own?.headers ?? {}) },
    content: jsonContent(familySchema(def.family), examples),
  };
}

function successResponses(def: OperationDefinition): Record<number, ResponseConfig> {
  const out: Record<number, ResponseConfig> = {};
  for (const [status, response] of Object.entries(def.success)) {
    out[Number(status)] = {
      description: response.description,
      headers: {
        'X-Request-Id': HEADER_REFS.requestId,
        ...(def.idempotencyKey ? { 'Idempotent-Replayed': HEADER_REFS.idempotentReplayed } : {}),
        ...(response.headers ?? {}),
      },
      ...(response.schema ? { content: jsonContent(response.schema, response.examples, response.mediaType) } : {}),
      ...(response.links ? { links: response.links } : {}),
    };
  }
  return out;
}

function ownErrors(def: OperationDefinition): Record<number, ResponseConfig> {
  const out: Record<number, ResponseConfig> = {};
  const { conflict } = idempotencyErrors(def);
  const errors: Partial<Record<number, ErrorResponse>> = { ...(def.errors ?? {}), ...(conflict ? { 409: conflict } : {}) };
  for (const [statusText, response] of Object.entries(errors)) {
    const status = Number(statusText);
    if (!response || status === 400 || status === 403 || status === 429) continue;
    out[status] = {
      description: response.description,
      headers: { 'X-Request-Id': HEADER_REFS.requestId, ...(response.headers ?? {}) },
      content: jsonContent(familySchema(def.family), response.examples),
    };
  }
  return out;
}

function describe(def: OperationDefinition): string {
  const parts = [def.description.trim()];
  const notes = [
    def.access === 'publishable'
      ? 'Accepts secret keys and publishable keys (publishable keys only from their allowed domains).'
      : 'Needs a secret key.',
    `Rate limit: ${RATE_LIMITS[def.rateLimit]}.`,
  ];
  if (def.testOnly) notes.push('Test prefix only: on the live prefix it answers 404.');
  if (def.provisional) notes.push('**Provisional**: the shape may change in a minor version (`x-provisional`).');
  parts.push(notes.join(' '));
  return parts.join('\n\n');
}

export function registerOperation(registry: OpenAPIRegistry, def: OperationDefinition): void {
  const bad = badRequest(def);
  const badResponses: Record<number, ResponseConfig> = bad ? { 400: bad } : {};
  const responses: Record<number, ResponseConfig> = {
    ...successResponses(def),
    ...badResponses,
    ...authErrors(def),
    ...bodyErrors(def),
    429: rateLimitError(def),
    ...ownErrors(def),
  };
  const headers = def.idempotencyKey ? IdempotencyKeyHeader(def.idempotencyKey === 'required') : undefined;
  const security: Record<string, string[]>[] =
    def.access === 'publishable' ? [{ secretKey: [] }, { publishableKey: [] }] : [{ secretKey: [] }];
  const route: RouteConfig = {
    method: def.method,
    path: def.path,
    operationId: def.operationId,
    summary: def.summary,
    description: describe(def),
    tags: [def.tag],
    security,
    request: {
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
    },
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b))),
    'x-rate-limit-class': def.rateLimit,
    'x-error-family': def.family,
    ...(def.provisional ? { 'x-provisional': true } : {}),
    ...(def.testOnly ? { 'x-test-only': true } : {}),
    ...(def.body?.maxBytes ? { 'x-body-limit-bytes': def.body.maxBytes } : {}),
  };
  registry.registerPath(route);
}
