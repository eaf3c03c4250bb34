// The operator API (/admin): same document-driven routing and validation as the public API, guarded
// by the admin token (constant-time compare). Errors use the ApiError shape; auth failures the shared one.
import type { Request, RequestHandler, Response } from 'express';
import type { AppDeps } from '../deps.js';
import { DomainError } from '../domain/errors.js';
import { safeEqual } from '../domain/keys/key-format.js';
import { problemsFromAjv } from './ajv-problems.js';
import { createBackend } from './backend.js';
import { readJsonBody } from './body.js';
import type { OperationInput } from './context.js';
import { domainErrorResult, familyError, sharedError, type HttpResult } from './responses.js';
import { plainHeaders, send } from './send.js';

export type AdminHandler = (deps: AppDeps, input: OperationInput) => Promise<HttpResult>;
export type AdminHandlerMap = Record<string, AdminHandler>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export async function createAdminApi(deps: AppDeps, document: Record<string, unknown>, handlers: AdminHandlerMap): Promise<RequestHandler> {
  const backend = await createBackend(document);

  const handle = async (req: Request, res: Response): Promise<void> => {
    const method = req.method.toLowerCase();
    const path = `/admin${req.path === '/' ? '' : req.path}`;
    const operation = backend.router.matchOperation({ method, path, headers: {} });
    if (!operation?.operationId) {
      req.resume();
      const allowed = METHODS.filter((m) => backend.router.matchOperation({ method: m, path, headers: {} }));
      if (allowed.length > 0)
        return send(
          res,
          sharedError(405, `Method ${req.method} is not allowed here.`, { Allow: allowed.map((m) => m.toUpperCase()).join(', ') }),
        );
      return send(res, sharedError(404, `No such endpoint: ${req.method} ${path}.`));
    }
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !safeEqual(token, deps.config.adminToken)) {
      req.resume();
      return send(
        res,
        sharedError(401, 'Missing or invalid admin token (Authorization: Bearer $SVC_ADMIN_TOKEN).', { 'WWW-Authenticate': 'Bearer' }),
      );
    }
    const body = await readJsonBody(req, 1024 * 1024, Boolean(operation.requestBody));
    if (body.kind === 'too_large') return send(res, familyError('api', 413, 'payload_too_large', 'The request body exceeds 1 MiB.'));
    if (body.kind === 'unsupported_media_type')
      return send(res, familyError('api', 415, 'unsupported_media_type', 'Send the body as application/json.'));
    if (body.kind === 'invalid_json')
      return send(res, familyError('api', 400, 'invalid_json', `The request body is not valid JSON: ${body.message}`));
    const headers = plainHeaders(req);
    const request = {
      method,
      path,
      headers,
      query: req.query as Record<string, string>,
      body: body.kind === 'json' ? body.value : undefined,
    };
    const validation = backend.validator.validateRequest(request, operation);
    if (!validation.valid && validation.errors) {
      if (validation.errors.every((e) => e.instancePath.startsWith('/path')))
        return send(res, familyError('api', 404, 'not_found', 'No such resource.'));
      return send(
        res,
        domainErrorResult(
          'api',
          new DomainError('validation_failed', 'The request is not valid.', { errors: problemsFromAjv(validation.errors) }),
        ),
      );
    }
    const parsed = backend.router.parseRequest(request, operation);
    const input: OperationInput = {
      params: (validation.coerced?.params as Record<string, unknown> | undefined) ?? parsed.params,
      query: (validation.coerced?.query as Record<string, unknown> | undefined) ?? parsed.query,
      headers,
      body: request.body,
    };
    const handler = handlers[operation.operationId];
    if (!handler) return send(res, familyError('api', 501, 'not_implemented', `${operation.operationId} is not implemented yet.`));
    try {
      return send(res, await handler(deps, input));
    } catch (error) {
      if (error instanceof DomainError) return send(res, domainErrorResult('api', error));
      throw error;
    }
  };
  return (req, res, next) => {
    handle(req, res).catch(next);
  };
}
