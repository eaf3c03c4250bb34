// The one request pipeline of both APIs (public and operator), in this order: route (404/405), the
// test-only check, authenticate (401/403), rate limit (429), read the body (413/415/400),
// Idempotency-Key checks, structural validation against the document (422, every field), the
// operation's own rules (refineProblems, 422 in the family's codes), the typed input parsed with the
// operation's Zod schemas, then the handler, wrapped in idempotency (with a key, one transaction
// holds the operation's writes and its stored answer: idempotency.ts). What differs between the APIs
// (how a caller is authenticated, which limits apply, the context handlers get) is an ApiProfile.
// The steps from reading the body to the typed input are request-check.ts, which the mock runs too.
// Hostile bytes are refused at the step that first sees them (D-48): the raw path before
// routing (404), the body's encoding and bounds when it is read (415, 422), unsafe query text before
// validation (422). A body with a member name repeated in one object is refused when it is read
// (422, D-56); handlers get only the validated value, never the bytes. A refusal sent before an
// announced body was read closes the connection.
import type { Request, Response } from 'express';
import type { OpenAPIBackend, Operation } from 'openapi-backend';
import type { AppDeps } from '../deps.js';
import type { Caller } from '../domain/caller.js';
import { DomainError } from '../domain/errors.js';
import { announcesBody } from './body.js';
import { corsHeaders, preflight } from './cors.js';
import { errorResult, refusal } from './error-mappers.js';
import type { AnyHandler, OperationInput, OperationSchemas } from './handler.js';
import { requestFingerprint, runIdempotent } from './idempotency.js';
import { factsOf, type OperationFacts } from './operation-facts.js';
import { checkRequest, METHODS, pathRefusal } from './request-check.js';
import type { HttpResult } from './responses.js';
import { lingerUntilBodyEnds } from './linger.js';
import { checkedAgainstDocument } from './response-check.js';
import { send } from './send.js';
import { callerText } from '../../schemas/common/caller-text.js';

/** What authentication hands on: the caller (public API) or nobody (operator token). */
export interface Authenticated {
  caller?: Caller;
  /** Headers every later answer carries (RateLimit-*). */
  headers?: Record<string, string>;
}

export interface ApiProfile<Ctx> {
  /** The document's path for this request (the operator document's paths start with /admin). */
  documentPath: (req: Request) => string;
  /** Who is calling and whether their budget allows this request; a refusal ends the request unread. */
  admit: (req: Request, facts: OperationFacts) => Promise<Authenticated | HttpResult>;
  /** Builds what the handler receives. */
  context: (seed: { deps: AppDeps; req: Request; requestId: string; operationId: string; admitted: Authenticated }) => Ctx;
  /** On the live prefix of the public API, test-only operations answer 404. */
  hidesTestOnly: (req: Request) => boolean;
  /** Runs once the handler's work is committed, before the answer is sent. */
  settled?: (req: Request) => void;
}

export interface PipelineOptions<Ctx> {
  deps: AppDeps;
  backend: OpenAPIBackend;
  profile: ApiProfile<Ctx>;
  handlers: Readonly<Record<string, AnyHandler<Ctx> | undefined>>;
  /** operationId -> the Zod schemas its input is parsed with (schemas/operations.ts). */
  schemas: Readonly<Record<string, OperationSchemas | undefined>>;
  /** Check every handler response against the document (on in tests). */
  validateResponses?: boolean;
}

function isAdmitted(value: Authenticated | HttpResult): value is Authenticated {
  return !('status' in value);
}

/**
 * True while an announced body has not fully arrived. `complete` turns true only once the parser
 * has finished the message, which may be after the bytes themselves are buffered.
 */
function bodyPending(req: Request): boolean {
  if (!announcesBody(req) || req.complete) return false;
  const declared = Number(req.headers['content-length'] ?? NaN);
  return !(Number.isFinite(declared) && req.readableLength >= declared);
}

/**
 * Before a refusal sent without reading the body: a body still on its way is dropped as it comes,
 * and the connection closes once it has come or stopped coming (`Connection: close`, linger.ts), so
 * a slow or endless body cannot hold a socket after its request was refused, and a client still
 * writing its body reads the refusal instead of a reset. A body that already arrived is just discarded.
 */
function leaveBodyUnread(req: Request, res: Response): void {
  if (bodyPending(req)) {
    res.setHeader('Connection', 'close');
    lingerUntilBodyEnds(req);
  }
  req.resume();
}

export function createPipeline<Ctx>(options: PipelineOptions<Ctx>): (req: Request, res: Response) => Promise<void> {
  const { deps, backend, profile, handlers, schemas } = options;
  const facts = new Map<string, OperationFacts>();
  const factsFor = (operation: Operation & { operationId: string }): OperationFacts => {
    let found = facts.get(operation.operationId);
    if (!found) {
      found = factsOf(operation);
      facts.set(operation.operationId, found);
    }
    return found;
  };

  /** The methods of the document at a path, upper case. */
  const methodsAt = (path: string): string[] =>
    METHODS.filter((m) => backend.router.matchOperation({ method: m, path, headers: {} })).map((m) => m.toUpperCase());

  return async (req, res) => {
    const requestId = String(res.getHeader('X-Request-Id'));
    // HEAD is GET without the body (Node drops it); every other step is GET's.
    const method = req.method === 'HEAD' ? 'get' : req.method.toLowerCase();
    const path = profile.documentPath(req);
    const operation = backend.router.matchOperation({ method, path, headers: {} });
    const unnamed = pathRefusal(backend, operation, path, factsFor);
    if (unnamed) {
      leaveBodyUnread(req, res);
      return send(res, unnamed);
    }
    if (!operation?.operationId) {
      leaveBodyUnread(req, res);
      const allowed = methodsAt(path);
      if (method === 'options' && allowed.length > 0) {
        const browserMethods = METHODS.flatMap((m) => {
          const found = backend.router.matchOperation({ method: m, path, headers: {} });
          return found?.operationId && factsFor(found as Operation & { operationId: string }).allowsPublishable ? [m.toUpperCase()] : [];
        });
        if (browserMethods.length > 0) return send(res, preflight(req, browserMethods));
      }
      if (allowed.length > 0)
        return send(
          res,
          refusal('shared', 'method_not_allowed', `Method ${req.method} is not allowed here. Allowed: ${allowed.join(', ')}.`, {
            Allow: allowed.join(', '),
          }),
        );
      return send(res, refusal('shared', 'not_found', `No such endpoint: ${req.method} ${callerText(`${req.baseUrl}${req.path}`)}.`));
    }
    const op = factsFor(operation as Operation & { operationId: string });
    if (op.testOnly && profile.hidesTestOnly(req)) {
      leaveBodyUnread(req, res);
      return send(res, refusal(op.family, 'not_found', 'This endpoint exists only on the test prefix.'));
    }

    const admitted = await profile.admit(req, op);
    if (!isAdmitted(admitted)) {
      leaveBodyUnread(req, res);
      return send(res, admitted);
    }
    const carried = { ...(admitted.headers ?? {}), ...corsHeaders(req, admitted.caller, op.allowsPublishable) };

    const handler = handlers[op.operationId];
    const own = schemas[op.operationId];
    const checked = await checkRequest({
      deps,
      backend,
      operation,
      facts: op,
      req,
      method,
      path,
      query: req.query as Record<string, unknown>,
      ...(handler?.refineProblems ? { rules: handler.refineProblems } : {}),
      ...(own ? { schemas: own } : {}),
    });
    if (checked.kind === 'aborted') {
      // Not a fault of the server: nobody is left to answer, and a stack would only be noise.
      deps.logger.debug({ requestId, operationId: op.operationId }, 'client closed the connection before the body was complete');
      return;
    }
    if (checked.kind === 'refused') return send(res, checked.result, carried);
    const { input, idempotencyKey } = checked;
    // The handler runs with the dependencies it is given: with an Idempotency-Key, `db` is the
    // transaction that also stores the answer (idempotency.ts).
    const mapped = async (wired: AppDeps, call: (ctx: Ctx) => Promise<HttpResult>): Promise<HttpResult> => {
      const ctx = profile.context({ deps: wired, req, requestId, operationId: op.operationId, admitted });
      try {
        return await call(ctx);
      } catch (error) {
        if (error instanceof DomainError) return errorResult(op.family, error);
        throw error;
      }
    };
    // The handler map is typed per operation; here every input is the validated OperationInput.
    const run = (wired: AppDeps): Promise<HttpResult> =>
      mapped(wired, (ctx) => (handler as (ctx: Ctx, input: OperationInput) => Promise<HttpResult>)(ctx, input));
    const refreshAccepted = handler?.refreshAccepted;
    const refresh = refreshAccepted
      ? (wired: AppDeps, answered: unknown): Promise<HttpResult> => mapped(wired, (ctx) => refreshAccepted(ctx, answered))
      : undefined;

    let result: HttpResult;
    if (!handler)
      // Nothing runs and nothing is stored: the same key works once the operation lands.
      result = refusal(op.family, 'not_implemented', `${op.operationId} is not implemented yet; see the pending list in the README.`);
    else if (op.idempotency !== 'none' && idempotencyKey && admitted.caller)
      result = await runIdempotent(
        deps,
        {
          caller: admitted.caller,
          family: op.family,
          key: idempotencyKey,
          operationId: op.operationId,
          fingerprint: requestFingerprint({
            method: req.method,
            fullPath: `${req.baseUrl}${req.path}`,
            operationId: op.operationId,
            body: input.body,
          }),
          ...(refresh ? { refresh } : {}),
        },
        run,
      );
    else result = await run(deps);
    profile.settled?.(req);

    if (options.validateResponses && result.body !== undefined && !result.raw)
      result = checkedAgainstDocument(backend, operation, op.operationId, result, deps.logger);
    return send(res, result, carried);
  };
}
