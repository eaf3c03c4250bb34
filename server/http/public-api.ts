// The public API pipeline, one place for every cross-cutting rule, in this order: route (404/405),
// authenticate (401/403), rate limit (429), read the body (413/415/400), Idempotency-Key checks,
// structural validation against spec/openapi.json (422, every field), then the operation's handler,
// wrapped in idempotency. Handlers only see validated input and return an HttpResult.
import type { Request, RequestHandler, Response } from 'express';
import type { OpenAPIBackend, Operation } from 'openapi-backend';
import type { ErrorFamily } from '../../schemas/common/errors.js';
import type { AppDeps } from '../deps.js';
import { DomainError } from '../domain/errors.js';
import { problemsFromAjv } from './ajv-problems.js';
import { createBackend } from './backend.js';
import { newRequestId } from './request-id.js';
import { authenticate, isCaller, type ApiPrefix } from './auth.js';
import { readJsonBody } from './body.js';
import type { HandlerMap, OperationInput, RequestContext } from './context.js';
import { checkKeyHeader, claimKey, finishKey, requestFingerprint } from './idempotency.js';
import { applyRateLimit, type RateLimitClass } from './rate-limit.js';
import { domainErrorResult, familyError, sharedError, type HttpResult } from './responses.js';
import { plainHeaders, send } from './send.js';

const DEFAULT_BODY_LIMIT = 1024 * 1024;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface OperationMeta {
  family: ErrorFamily;
  rateLimit: RateLimitClass;
  bodyLimit: number;
  allowsPublishable: boolean;
  idempotency: 'none' | 'optional' | 'required';
  hasBody: boolean;
  /** The query parameters the operation declares (see declaredQuery). */
  queryNames: ReadonlySet<string>;
}

function metaOf(operation: Operation): OperationMeta {
  const op = operation as Operation & Record<string, unknown>;
  const parameters = (operation.parameters ?? []) as { in?: string; name?: string; required?: boolean }[];
  const idem = parameters.find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
  return {
    family: (op['x-error-family'] as ErrorFamily | undefined) ?? 'api',
    rateLimit: (op['x-rate-limit-class'] as RateLimitClass | undefined) ?? 'lodgements',
    bodyLimit: (op['x-body-limit-bytes'] as number | undefined) ?? DEFAULT_BODY_LIMIT,
    allowsPublishable: (operation.security ?? []).some((s) => 'publishableKey' in s),
    idempotency: idem ? (idem.required ? 'required' : 'optional') : 'none',
    hasBody: Boolean(operation.requestBody),
    queryNames: new Set(parameters.flatMap((p) => (p.in === 'query' && p.name ? [p.name] : []))),
  };
}

/**
 * Only the query parameters an operation declares are validated and passed on. The document does
 * not forbid others (OpenAPI has no closed query string; Prism and the SDK accept them), and
 * refusing them answered 422 on operations whose responses list no 422 (Prism proxy replay).
 */
function declaredQuery(query: Record<string, string>, names: ReadonlySet<string>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter(([name]) => names.has(name)));
}

export interface PublicApi {
  handler: (prefix: ApiPrefix) => RequestHandler;
  backend: OpenAPIBackend;
}

export async function createPublicApi(
  deps: AppDeps,
  document: Record<string, unknown>,
  handlers: HandlerMap,
  options: { validateResponses?: boolean } = {},
): Promise<PublicApi> {
  const backend = await createBackend(document);
  /** What the pipeline reads of each operation, worked out on its first request. */
  const metas = new Map<string, OperationMeta>();

  const handle = async (req: Request, res: Response, prefix: ApiPrefix): Promise<void> => {
    const requestId = String(res.getHeader('X-Request-Id') ?? newRequestId());
    const method = req.method.toLowerCase();
    const path = req.path;
    const operation = backend.router.matchOperation({ method, path, headers: {} });
    if (!operation || !operation.operationId) {
      const allowed = METHODS.filter((m) => backend.router.matchOperation({ method: m, path, headers: {} }));
      if (allowed.length > 0) {
        return send(
          res,
          sharedError(405, `Method ${req.method} is not allowed here. Allowed: ${allowed.map((m) => m.toUpperCase()).join(', ')}.`, {
            Allow: allowed.map((m) => m.toUpperCase()).join(', '),
          }),
        );
      }
      return send(res, sharedError(404, `No such endpoint: ${req.method} ${req.baseUrl}${path}.`));
    }
    const operationId = operation.operationId;
    let meta = metas.get(operationId);
    if (!meta) {
      meta = metaOf(operation);
      metas.set(operationId, meta);
    }
    if (operation['x-test-only' as keyof Operation] && prefix.environment === 'live') {
      req.resume();
      return send(res, familyError(meta.family, 404, 'not_found', 'This endpoint exists only on the test prefix.'));
    }

    const caller = await authenticate(deps, req, prefix, {
      allowsPublishable: meta.allowsPublishable,
      monitoring: meta.rateLimit === 'monitoring',
    });
    if (!isCaller(caller)) {
      req.resume();
      return send(res, caller);
    }
    const limited = await applyRateLimit(deps, meta.rateLimit, caller, req.ip ?? 'unknown');
    if (limited.refused) {
      req.resume();
      return send(res, limited.refused);
    }

    const body = await readJsonBody(req, meta.bodyLimit, meta.hasBody);
    const extraHeaders = limited.headers;
    if (body.kind === 'too_large')
      return send(
        res,
        familyError(meta.family, 413, 'payload_too_large', `The request body exceeds ${meta.bodyLimit / (1024 * 1024)} MiB.`),
        extraHeaders,
      );
    if (body.kind === 'unsupported_media_type')
      return send(res, familyError(meta.family, 415, 'unsupported_media_type', 'Send the body as application/json.'), extraHeaders);
    if (body.kind === 'invalid_json')
      return send(res, familyError(meta.family, 400, 'invalid_json', `The request body is not valid JSON: ${body.message}`), extraHeaders);

    const headers = plainHeaders(req);
    const idempotencyKey = headers['idempotency-key'];
    if (meta.idempotency !== 'none') {
      const refusal = checkKeyHeader(meta.family, idempotencyKey, meta.idempotency === 'required');
      if (refusal) return send(res, refusal, extraHeaders);
    }

    const request = {
      method,
      path,
      headers,
      query: declaredQuery(req.query as Record<string, string>, meta.queryNames),
      body: body.kind === 'json' ? body.value : undefined,
    };
    const validation = backend.validator.validateRequest(request, operation);
    if (!validation.valid && validation.errors) {
      const pathOnly = validation.errors.every((e) => e.instancePath.startsWith('/path'));
      if (pathOnly)
        return send(res, familyError(meta.family, 404, 'not_found', 'No such resource in this account and environment.'), extraHeaders);
      const refine = handlers[operationId]?.refineProblems;
      const errors = refine ? await refine(deps, problemsFromAjv(validation.errors), request.body) : problemsFromAjv(validation.errors);
      return send(
        res,
        domainErrorResult(meta.family, new DomainError('validation_failed', 'The request is not valid.', { errors })),
        extraHeaders,
      );
    }
    const parsed = backend.router.parseRequest(request, operation);
    const input: OperationInput = {
      params: (validation.coerced?.params as Record<string, unknown> | undefined) ?? parsed.params,
      query: (validation.coerced?.query as Record<string, unknown> | undefined) ?? parsed.query,
      headers,
      body: request.body,
    };
    const ctx: RequestContext = { ...deps, caller, requestId, ip: req.ip ?? 'unknown', operationId, prefix: `${req.baseUrl}` };

    const run = async (): Promise<HttpResult> => {
      const handler = handlers[operationId];
      if (!handler) {
        return familyError(
          meta.family,
          501,
          'not_implemented',
          `${operationId} is not implemented yet; see the pending list in the README.`,
        );
      }
      try {
        return await handler(ctx, input);
      } catch (error) {
        if (error instanceof DomainError) return domainErrorResult(meta.family, error);
        throw error;
      }
    };

    let result: HttpResult;
    if (meta.idempotency !== 'none' && idempotencyKey) {
      const claim = await claimKey(
        deps,
        caller,
        meta.family,
        idempotencyKey,
        operationId,
        requestFingerprint(operationId, path, request.body),
      );
      if (claim.kind === 'answer') result = claim.result;
      else {
        try {
          result = await run();
        } catch (error) {
          await finishKey(deps, claim.recordId, { status: 500 });
          throw error;
        }
        if (result.status !== 501) await finishKey(deps, claim.recordId, result);
        else await finishKey(deps, claim.recordId, { status: 500 });
      }
    } else {
      result = await run();
    }

    if (options.validateResponses && result.body !== undefined && !result.raw) {
      const check = backend.validator.validateResponse(result.body, operation, result.status);
      if (!check.valid) {
        deps.logger.error({ operationId, status: result.status, errors: check.errors }, 'response does not match the document');
        throw new Error(
          `${operationId} answered ${result.status} with a body that does not match the document: ${JSON.stringify(check.errors)}`,
        );
      }
    }
    return send(res, result, extraHeaders);
  };

  return {
    backend,
    handler: (prefix) => (req, res, next) => {
      handle(req, res, prefix).catch(next);
    },
  };
}
