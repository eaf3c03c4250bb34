// registerAdminOperation: the operator API's counterpart of common/operation.ts. The public helper
// carries key checks, rate limits and error families that do not exist here; the operator API has
// one bearer token, no rate limit and one error shape (ApiError), so it gets its own small helper
// that still guarantees what every operation must carry (security, X-Request-Id, 401, body errors).
import type { OpenAPIRegistry, ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { ZodObject, ZodType } from 'zod';
import { ApiError, SharedError, apiError } from '../common/errors.js';
import { HEADER_REFS } from '../common/headers.js';
import type { Examples, NamedExample } from '../common/operation.js';

export const ADMIN_SECURITY_SCHEME = 'adminToken';

/** Same component name and $ref as the public document, so tooling reads both alike. */
const REQUEST_ID = HEADER_REFS.requestId;
const WWW_AUTHENTICATE = { $ref: '#/components/headers/WWW-Authenticate' } as const;

/** D-14: 1 MiB everywhere; the operator API has no larger body. */
const BODY_LIMIT_MIB = 1;

export interface AdminSuccessResponse {
  description: string;
  /** Omit for a response without a body (204). */
  schema?: ZodType;
  examples?: Examples;
}

export interface AdminErrorResponse {
  description: string;
  examples: Examples;
}

export interface AdminOperationDefinition {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** Full path including `/admin`, exactly as sandbox.md lists it. */
  path: `/admin/${string}`;
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  params?: ZodObject;
  query?: ZodObject;
  body?: { schema: ZodType; examples: Examples; description?: string };
  success: Record<number, AdminSuccessResponse>;
  /**
   * ApiError-shaped errors particular to this operation (404, 409, 422). 400 `invalid_json`, 413
   * and 415 are added for every operation with a body; 401 for every operation.
   */
  errors?: Partial<Record<400 | 404 | 409 | 422, AdminErrorResponse>>;
}

/** Components every operation refers to: the token scheme and the response headers. */
export function registerAdminComponents(registry: OpenAPIRegistry): void {
  registry.registerComponent('securitySchemes', ADMIN_SECURITY_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description:
      'The operator token in `Authorization: Bearer $SVC_ADMIN_TOKEN`, compared in constant time. When the variable is unset in development the service generates a token and prints it at start. API keys and personal access tokens are not accepted here.',
  });
  // Only the headers this document uses: registering the public set would leave unused components.
  registry.registerComponent('headers', 'X-Request-Id', {
    description: 'Unique id of this request; quote it when reporting a problem. Sent on every response (D-13).',
    required: true,
    schema: { type: 'string', example: 'req_8fKq2LmN4pQr7sTu9vWx1yZa' },
  });
  registry.registerComponent('headers', 'WWW-Authenticate', {
    description: 'Always `Bearer` on a 401.',
    required: true,
    schema: { type: 'string', enum: ['Bearer'] },
  });
}

function jsonContent(schema: ZodType, examples: Examples | undefined) {
  return { 'application/json': { schema, ...(examples ? { examples } : {}) } };
}

function errorExample(summary: string, code: string, message: string): NamedExample {
  return { summary, value: apiError(code, message) };
}

function unauthorized(): ResponseConfig {
  return {
    description:
      'No `Authorization: Bearer` header, or the token is not the operator token. Uses the shared shape `{"errors": [...]}` like every authentication failure (D-03).',
    headers: { 'X-Request-Id': REQUEST_ID, 'WWW-Authenticate': WWW_AUTHENTICATE },
    content: jsonContent(SharedError, {
      missingToken: {
        summary: 'No token',
        value: { errors: ['Missing Authorization header. Use "Authorization: Bearer <SVC_ADMIN_TOKEN>".'] },
      },
      wrongToken: { summary: 'Wrong token', value: { errors: ['Invalid operator token.'] } },
    }),
  };
}

function bodyErrors(def: AdminOperationDefinition): Record<number, ResponseConfig> {
  if (!def.body) return {};
  const own400 = def.errors?.[400];
  return {
    400: {
      description: own400 ? `Malformed JSON (\`invalid_json\`, D-13). ${own400.description}` : 'Malformed JSON (`invalid_json`, D-13).',
      headers: { 'X-Request-Id': REQUEST_ID },
      content: jsonContent(ApiError, {
        invalidJson: errorExample('Malformed JSON', 'invalid_json', 'The request body is not valid JSON.'),
        ...(own400?.examples ?? {}),
      }),
    },
    413: {
      description: `Body larger than ${BODY_LIMIT_MIB} MiB (D-14).`,
      headers: { 'X-Request-Id': REQUEST_ID },
      content: jsonContent(ApiError, {
        tooLarge: errorExample('Body too large', 'payload_too_large', `The request body exceeds ${BODY_LIMIT_MIB} MiB.`),
      }),
    },
    415: {
      description: 'Body is not `application/json` (D-13).',
      headers: { 'X-Request-Id': REQUEST_ID },
      content: jsonContent(ApiError, {
        unsupported: errorExample('Not JSON', 'unsupported_media_type', 'Send the body as application/json.'),
      }),
    },
  };
}

function ownErrors(def: AdminOperationDefinition): Record<number, ResponseConfig> {
  const out: Record<number, ResponseConfig> = {};
  for (const [statusText, response] of Object.entries(def.errors ?? {})) {
    const status = Number(statusText);
    // A body operation's 400 is merged into the invalid_json response above.
    if (!response || (status === 400 && def.body)) continue;
    out[status] = {
      description: response.description,
      headers: { 'X-Request-Id': REQUEST_ID },
      content: jsonContent(ApiError, response.examples),
    };
  }
  return out;
}

function successResponses(def: AdminOperationDefinition): Record<number, ResponseConfig> {
  const out: Record<number, ResponseConfig> = {};
  for (const [status, response] of Object.entries(def.success)) {
    out[Number(status)] = {
      description: response.description,
      headers: { 'X-Request-Id': REQUEST_ID },
      ...(response.schema ? { content: jsonContent(response.schema, response.examples) } : {}),
    };
  }
  return out;
}

export function registerAdminOperation(registry: OpenAPIRegistry, def: AdminOperationDefinition): void {
  // A body can always be invalid, and a client needs the example of how that is reported.
  if (def.body && !def.errors?.[422]) throw new Error(`${def.operationId}: an operation with a body must document its 422`);
  const responses: Record<number, ResponseConfig> = {
    ...successResponses(def),
    401: unauthorized(),
    ...bodyErrors(def),
    ...ownErrors(def),
  };
  const route: RouteConfig = {
    method: def.method,
    path: def.path,
    operationId: def.operationId,
    summary: def.summary,
    description: `${def.description.trim()}\n\nNeeds the operator token.`,
    tags: [def.tag],
    security: [{ [ADMIN_SECURITY_SCHEME]: [] }],
    request: {
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { query: def.query } : {}),
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
  };
  registry.registerPath(route);
}

/** The usual 422 for a body that breaks its schema, with every problem keyed by field (D-10). */
export function validationFailed(
  description: string,
  summary: string,
  errors: Record<string, { code: string; message: string }[]>,
): AdminErrorResponse {
  return {
    description: `\`validation_failed\`: ${description} Every problem is reported, keyed by JSON path.`,
    examples: { invalid: { summary, value: apiError('validation_failed', 'The request is not valid.', { errors }) } },
  };
}

/** The usual 404 for an unknown resource in the path. */
export function notFound(what: string): AdminErrorResponse {
  return {
    description: `\`not_found\`: no such ${what}.`,
    examples: { notFound: errorExample(`Unknown ${what}`, 'not_found', `No such ${what}.`) },
  };
}
