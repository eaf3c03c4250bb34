// The one request pipeline of both APIs (public and operator), in this order: route (404/405), the
// test-only check, authenticate (401/403), rate limit (429), read the body (413/415/400),
// Idempotency-Key checks, structural validation against the document (422, every field), the
// operation's own rules (refineProblems, 422 in the family's codes), the typed input parsed with the
// operation's Zod schemas, then the handler, wrapped in idempotency (with a key, one transaction
// holds the operation's writes and its stored answer: idempotency.ts). What differs between the APIs
// (how a caller is authenticated, which limits apply, the context handlers get) is an ApiProfile.
// Hostile bytes are refused at the step that first sees them (D-48): the raw path before
// routing (404), the body's encoding and bounds when it is read (415, 422), unsafe query text before
// validation (422). A body with a member name repeated in one object is refused when it is read
// (422, D-56); handlers get only the validated value, never the bytes. A refusal sent before an
// announced body was read closes the connection.
import type { Request, Response } from 'express';
import type { OpenAPIBackend, Operation } from 'openapi-backend';
import type { ZodType } from 'zod';
import type { AppDeps } from '../deps.js';
import type { Caller } from '../domain/caller.js';
import { DomainError, type FieldProblems } from '../domain/errors.js';
import { emptyProblems, problemsFromAjv } from './ajv-problems.js';
import { problemsFromZod } from '../domain/zod-problems.js';
import { announcesBody, readJsonBody } from './body.js';
import { corsHeaders, preflight } from './cors.js';
import { errorResult, refusal } from './error-mappers.js';
import { isUnsafeText, UNSAFE_TEXT_PROBLEM } from './json-guard.js';
import { addProblem } from './ajv-problems.js';
import { decodedSegments, integerIdsArePlain } from './request-path.js';
import type { AnyHandler, OperationInput, OperationSchemas } from './handler.js';
import { checkKeyHeader, requestFingerprint, runIdempotent } from './idempotency.js';
import { factsOf, type OperationFacts } from './operation-facts.js';
import type { HttpResult } from './responses.js';
import { plainHeaders, send } from './send.js';
import { callerText } from '../../schemas/common/caller-text.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

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
 * Before a refusal sent without reading the body: a body still on its way is not read, and the
 * connection closes once the answer is out (`Connection: close`), so a slow or endless body cannot
 * hold a socket after its request was refused. A body that already arrived is just discarded.
 */
function leaveBodyUnread(req: Request, res: Response): void {
  if (bodyPending(req)) res.setHeader('Connection', 'close');
  req.resume();
}

/** Declared query values holding a NUL or a lone surrogate (D-48), by parameter name. */
function unsafeQueryProblems(query: Record<string, unknown>): FieldProblems {
  const problems = emptyProblems();
  for (const [name, value] of Object.entries(query))
    for (const item of Array.isArray(value) ? value : [value])
      if (typeof item === 'string' && isUnsafeText(item)) addProblem(problems, name, UNSAFE_TEXT_PROBLEM);
  return problems;
}

/**
 * Only the query parameters an operation declares are validated and passed on. The document does
 * not forbid others (OpenAPI has no closed query string; Prism and the SDK accept them), and
 * refusing them answered 422 on operations whose responses list no 422 (Prism proxy replay).
 */
function declaredQuery(query: Record<string, unknown>, names: ReadonlySet<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([name]) => names.has(name)));
}

/** 422 `validation_failed` listing every problem, in the operation's family (D-10, D-11). */
function invalid(family: OperationFacts['family'], problems: FieldProblems): HttpResult {
  return errorResult(family, new DomainError('validation_failed', 'The request is not valid.', { errors: problems }));
}

/**
 * The pipeline's own refusals of a body's shape (too deep, too many values): `too_deep` and
 * `too_many` in the ApiError family; Form 484 answers only D-11's codes, where both are `invalid_format`.
 */
function shapeRefusal(family: OperationFacts['family'], problems: FieldProblems): HttpResult {
  if (family !== 'form484') return invalid(family, problems);
  const restated = emptyProblems();
  for (const [path, list] of Object.entries(problems))
    for (const problem of list)
      addProblem(restated, path, {
        ...problem,
        code: problem.code === 'too_deep' || problem.code === 'too_many' ? 'invalid_format' : problem.code,
      });
  return invalid(family, restated);
}

/** Zod's output of the validated input; problems when the document let through what Zod refuses. */
function parseTyped(schema: ZodType | undefined, value: unknown, location: string, problems: FieldProblems): unknown {
  if (!schema) return value;
  const parsed = schema.safeParse(value ?? (location === 'body' ? undefined : {}));
  if (parsed.success) return parsed.data;
  for (const [path, list] of Object.entries(problemsFromZod(parsed.error.issues))) problems[path] = list;
  return value;
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
    const segments = decodedSegments(path);
    if (segments === null) {
      // A malformed escape or a NUL names nothing: 404, in the family of the operations at that path.
      leaveBodyUnread(req, res);
      const reached = operation ?? METHODS.map((m) => backend.router.matchOperation({ method: m, path, headers: {} })).find(Boolean);
      const family = reached?.operationId ? factsFor(reached as Operation & { operationId: string }).family : 'shared';
      return send(res, refusal(family, 'not_found', 'No such resource in this account and environment.'));
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
    if (!integerIdsArePlain(op.path, segments, op.integerPathParams)) {
      leaveBodyUnread(req, res);
      return send(res, refusal(op.family, 'not_found', 'No such resource in this account and environment.'));
    }
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

    const body = await readJsonBody(req, op.bodyLimit, op.hasBody);
    if (body.kind === 'aborted') {
      // Not a fault of the server: nobody is left to answer, and a stack would only be noise.
      deps.logger.debug({ requestId, operationId: op.operationId }, 'client closed the connection before the body was complete');
      return;
    }
    if (body.kind === 'too_large')
      return send(res, refusal(op.family, 'payload_too_large', `The request body exceeds ${op.bodyLimit / (1024 * 1024)} MiB.`), carried);
    if (body.kind === 'unsupported_media_type') return send(res, refusal(op.family, 'unsupported_media_type', body.message), carried);
    if (body.kind === 'invalid_json')
      return send(res, refusal(op.family, 'invalid_json', `The request body is not valid JSON: ${callerText(body.message)}`), carried);
    if (body.kind === 'refused') return send(res, shapeRefusal(op.family, body.problems), carried);

    const headers = plainHeaders(req);
    const idempotencyKey = headers['idempotency-key'];
    if (op.idempotency !== 'none') {
      const keyProblem = checkKeyHeader(op.family, idempotencyKey, op.idempotency === 'required');
      if (keyProblem) return send(res, keyProblem, carried);
    }

    const request = {
      method,
      path,
      headers,
      query: declaredQuery(req.query as Record<string, unknown>, op.queryNames) as Record<string, string>,
      body: body.kind === 'json' ? body.value : undefined,
    };
    const unsafeQuery = unsafeQueryProblems(request.query);
    if (Object.keys(unsafeQuery).length > 0) return send(res, invalid(op.family, unsafeQuery), carried);
    let validation: ReturnType<typeof backend.validator.validateRequest>;
    try {
      validation = backend.validator.validateRequest(request, operation);
    } catch (error) {
      // openapi-backend spreads every Ajv error into one call; a body of Form 484's size can hold
      // more problems than that call takes. The body is bounded (json-guard.ts), so this is that case.
      if (!(error instanceof RangeError)) throw error;
      const tooMany = emptyProblems();
      addProblem(tooMany, 'body', { code: 'too_many', message: 'Too many problems to list: send a smaller body.' });
      return send(res, shapeRefusal(op.family, tooMany), carried);
    }
    const structural = !validation.valid && validation.errors ? validation.errors : [];
    if (structural.length > 0 && structural.every((e) => e.instancePath.startsWith('/path')))
      return send(res, refusal(op.family, 'not_found', 'No such resource in this account and environment.'), carried);
    const handler = handlers[op.operationId];
    // The operation's own rules run on every request, after the structural pass: they restate its
    // problems in the operation's documented codes and add the cross-field ones (D-10, D-11).
    const structuralProblems = problemsFromAjv(structural);
    const refined = handler?.refineProblems
      ? await handler.refineProblems(deps, structuralProblems, request.body)
      : { problems: structuralProblems };
    if (Object.keys(refined.problems).length > 0) return send(res, invalid(op.family, refined.problems), carried);

    const parsed = backend.router.parseRequest(request, operation);
    const coerced = validation.coerced as { params?: Record<string, unknown>; query?: Record<string, unknown> } | undefined;
    const own = schemas[op.operationId];
    // A path id the document allows but Zod refuses (an integer past 2^53) names nothing: 404, as
    // for any other id that does not exist.
    const pathProblems = emptyProblems();
    const params = parseTyped(own?.params, coerced?.params ?? parsed.params, 'path', pathProblems) as Record<string, unknown>;
    if (Object.keys(pathProblems).length > 0)
      return send(res, refusal(op.family, 'not_found', 'No such resource in this account and environment.'), carried);
    const typedProblems = emptyProblems();
    const input: OperationInput = {
      params,
      query: parseTyped(own?.query, coerced?.query ?? parsed.query, 'query', typedProblems) as Record<string, unknown>,
      headers,
      // Rules that already parsed the body with this operation's schema hand their output on: the
      // same parse, so it is not run a second time (see ParsedBody).
      body:
        refined.body && refined.body.schema === own?.body ? refined.body.data : parseTyped(own?.body, request.body, 'body', typedProblems),
    };
    if (Object.keys(typedProblems).length > 0) return send(res, invalid(op.family, typedProblems), carried);
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

    if (options.validateResponses && result.body !== undefined && !result.raw) {
      const check = backend.validator.validateResponse(result.body, operation, result.status);
      if (!check.valid) {
        deps.logger.error(
          { operationId: op.operationId, status: result.status, errors: check.errors },
          'response does not match the document',
        );
        throw new Error(
          `${op.operationId} answered ${result.status} with a body that does not match the document: ${JSON.stringify(check.errors)}`,
        );
      }
    }
    return send(res, result, carried);
  };
}
