// The responses registerOperation adds to every operation so none forgets them: success headers,
// 400/408/413/415 for bodies, 401/403 for keys (or the operator token), 429 for rate limits, and the
// operation's own errors in its family's shape. One copy of each builder serves both documents.
import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import type { ZodType } from 'zod';
import { z } from './zod.js';
import { codesIn, narrowedFamilySchema, responseCodes } from './error-codes.js';
import { SharedError, familyError, type ErrorFamily } from './errors.js';
import { HEADER_REFS } from './headers.js';
import type { ErrorResponse, Examples, NamedExample, PublicOperationDefinition, SuccessResponse } from './operation-definition.js';
import { describeRateLimit } from './rate-limits.js';

/** D-14: 1 MiB unless an operation documents a larger body (Form 484). */
const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * What the shared builders read from a definition. A public definition is one as it is; an operator
 * definition is seen as family `api` with no idempotency key, no body limit of its own and no
 * response headers or links, which is exactly what the operator document has always carried.
 */
export interface ResponseShape {
  family: ErrorFamily;
  idempotencyKey?: 'optional' | 'required';
  body?: { maxBytes?: number };
  success: Record<number, SuccessResponse>;
  errors?: Partial<Record<number, ErrorResponse>>;
}

export function jsonContent(schema: ZodType, examples: Examples | undefined, mediaType = 'application/json') {
  return { [mediaType]: { schema, ...(examples ? { examples } : {}) } };
}

/** A named example in the shared shape `{"errors": [...]}`. */
export function sharedExample(summary: string, message: string): NamedExample {
  return { summary, value: { errors: [message] } };
}

/** A named example of a single top-level problem in the family's shape. */
export function familyExample(family: ErrorFamily, summary: string, code: string, message: string): NamedExample {
  return { summary, value: familyError(family, code, message) };
}

/**
 * The 404 of a public read by id (ErrorResponse shape): nothing with this id where the caller may look,
 * its own account and the environment of its key. `thing` names it in the description, `resource`
 * in the message.
 */
export function notFoundInScope(thing: string, resource: string, summary: string): ErrorResponse {
  return {
    description: `\`not_found\`: no ${thing} with this id in this account and environment.`,
    examples: { notFound: familyExample('api', summary, 'not_found', `No such ${resource} in this account and environment.`) },
  };
}

/** Schema for a response that may be in the shared shape or the family's shape with these examples' codes. */
function sharedOrFamily(family: ErrorFamily, own: ErrorResponse): ZodType {
  // Own examples all in the shared shape (business accounts' polling 429) leave no family code to allow.
  if (responseCodes(own.examples, own.codes).length === 0) return SharedError;
  return z.union([SharedError, familyWithCodes(family, own.examples, own.codes)]).openapi({}, { unionPreferredType: 'oneOf' });
}

/** The family's shape allowing exactly the codes of these examples and the declared ones. */
function familyWithCodes(family: ErrorFamily, examples: Examples, declared: readonly string[] = []): ZodType {
  return narrowedFamilySchema(family, responseCodes(examples, declared));
}

/**
 * D-18 errors every operation taking `Idempotency-Key` can return, added here once so no operation
 * forgets them: 409 for a reused key or one still running, 400 for a key too long (or missing where
 * required). An operation's own 409/400 keeps its examples; only the missing codes are added.
 */
function idempotencyErrors(def: ResponseShape): { conflict?: ErrorResponse; badKey: Examples } {
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
    ...(own?.codes ? { codes: own.codes } : {}),
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

/** Public API: 401 for no or a bad key, 403 for a key not allowed here (D-03), in the shared shape. */
export function keyErrors(def: PublicOperationDefinition): Record<number, ResponseConfig> {
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
      content: jsonContent(ownForbidden ? sharedOrFamily(def.family, ownForbidden) : SharedError, {
        ...forbiddenExamples,
        ...(ownForbidden?.examples ?? {}),
      }),
    },
  };
}

/** Operator API: one token, so one 401 (shared shape, like every authentication failure, D-03). */
export function operatorTokenError(): ResponseConfig {
  return {
    description:
      'No `Authorization: Bearer` header, or the token is not the operator token. Uses the shared shape `{"errors": [...]}` like every authentication failure (D-03).',
    headers: { 'X-Request-Id': HEADER_REFS.requestId, 'WWW-Authenticate': HEADER_REFS.wwwAuthenticate },
    content: jsonContent(SharedError, {
      missingToken: sharedExample('No token', 'Missing Authorization header. Use "Authorization: Bearer <SVC_ADMIN_TOKEN>".'),
      wrongToken: sharedExample('Wrong token', 'Invalid operator token.'),
    }),
  };
}

export function rateLimitError(def: PublicOperationDefinition): ResponseConfig {
  const own = def.errors?.[429];
  const examples: Examples = {
    rateLimited: sharedExample(
      'Rate limit exceeded',
      `Rate limit exceeded (${describeRateLimit(def.rateLimit)}). Retry after the number of seconds in Retry-After.`,
    ),
    ...(own?.examples ?? {}),
  };
  return {
    description: `Too many requests (${describeRateLimit(def.rateLimit)}, D-42).${own ? ` ${own.description}` : ''}`,
    headers: {
      'X-Request-Id': HEADER_REFS.requestId,
      'Retry-After': HEADER_REFS.retryAfter,
      'RateLimit-Limit': HEADER_REFS.rateLimitLimit,
      'RateLimit-Remaining': HEADER_REFS.rateLimitRemaining,
      'RateLimit-Reset': HEADER_REFS.rateLimitReset,
    },
    content: jsonContent(own ? sharedOrFamily(def.family, own) : SharedError, examples),
  };
}

/** 408, 413 and 415 for every operation with a body (D-13, D-14). */
export function bodyErrors(def: ResponseShape): Record<number, ResponseConfig> {
  if (!def.body) return {};
  const limit = def.body.maxBytes ?? DEFAULT_BODY_LIMIT;
  const tooLarge: Examples = {
    tooLarge: familyExample(def.family, 'Body too large', 'payload_too_large', `The request body exceeds ${limit / (1024 * 1024)} MiB.`),
  };
  const unsupported: Examples = {
    unsupported: familyExample(def.family, 'Not JSON', 'unsupported_media_type', 'Send the body as application/json.'),
  };
  const slow: Examples = {
    tooSlow: familyExample(def.family, 'Body too slow', 'request_timeout', 'The request body did not arrive within 30 s.'),
  };
  return {
    408: {
      description:
        'The body did not arrive within 30 s of the service starting to read it (the operator may set another bound): the connection is closed after this answer (D-13).',
      headers: { 'X-Request-Id': HEADER_REFS.requestId },
      content: jsonContent(familyWithCodes(def.family, slow), slow),
    },
    413: {
      description: `Body larger than ${limit / (1024 * 1024)} MiB (D-14).`,
      headers: { 'X-Request-Id': HEADER_REFS.requestId },
      content: jsonContent(familyWithCodes(def.family, tooLarge), tooLarge),
    },
    415: {
      description: 'Body is not `application/json` (D-13).',
      headers: { 'X-Request-Id': HEADER_REFS.requestId },
      content: jsonContent(familyWithCodes(def.family, unsupported), unsupported),
    },
  };
}

/**
 * 400: malformed HTTP (every operation), malformed JSON, a bad `Idempotency-Key`, and the operation's
 * own 400, merged into one response.
 */
export function badRequest(def: ResponseShape): ResponseConfig {
  const own = def.errors?.[400];
  const { badKey } = idempotencyErrors(def);
  const ownCodes = codesIn(own?.examples ?? {});
  const keyExamples = Object.fromEntries(
    Object.entries(badKey).filter(([, example]) => ![...codesIn({ x: example })].some((code) => ownCodes.has(code))),
  );
  const examples: Examples = {
    ...(def.body
      ? { invalidJson: familyExample(def.family, 'Malformed JSON', 'invalid_json', 'The request body is not valid JSON.') }
      : {}),
    ...keyExamples,
    ...(own?.examples ?? {}),
    malformedRequest: familyExample(def.family, 'Malformed HTTP request', 'bad_request', 'Malformed HTTP request.'),
  };
  const parts = [
    'Malformed HTTP, refused before the request is read (a control character in a header such as `Idempotency-Key`, a bad request line): `bad_request` (D-13).',
    def.body ? 'Malformed JSON (`invalid_json`, D-13).' : '',
    def.idempotencyKey
      ? `\`idempotency_key_invalid\` (key empty or over 255 characters)${def.idempotencyKey === 'required' ? ' or `idempotency_key_required` (no key)' : ''}, D-18.`
      : '',
    own ? own.description : '',
  ].filter(Boolean);
  return {
    description: parts.join(' '),
    headers: { 'X-Request-Id': HEADER_REFS.requestId, ...(own?.headers ?? {}) },
    content: jsonContent(familyWithCodes(def.family, examples, own?.codes), examples),
  };
}

export function successResponses(def: ResponseShape): Record<number, ResponseConfig> {
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

/** The operation's own errors other than 400, 403 and 429 (merged into the responses above). */
export function ownErrors(def: ResponseShape): Record<number, ResponseConfig> {
  const out: Record<number, ResponseConfig> = {};
  const { conflict } = idempotencyErrors(def);
  const errors: Partial<Record<number, ErrorResponse>> = { ...(def.errors ?? {}), ...(conflict ? { 409: conflict } : {}) };
  for (const [statusText, response] of Object.entries(errors)) {
    const status = Number(statusText);
    if (!response || status === 400 || status === 403 || status === 429) continue;
    out[status] = {
      description: response.description,
      headers: { 'X-Request-Id': HEADER_REFS.requestId, ...(response.headers ?? {}) },
      content: jsonContent(familyWithCodes(def.family, response.examples, response.codes), response.examples),
    };
  }
  return out;
}
