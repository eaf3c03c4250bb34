// The checks of a request's input, from reading its body to the typed input a handler receives:
// the body's bytes (413, 415, 400 `invalid_json`, 422 for shapes refused unread), the
// Idempotency-Key header, unsafe query text, the document's structural pass (422, every field; a
// path that fails it names nothing: 404), the operation's own rules (refineProblems) and the parse
// with its Zod schemas. It reads no stored state and knows no caller, so the pipeline runs it after
// authentication and the mock's front (scripts/mock/front.ts) runs the very same code before Prism:
// both refuse a request with the same answer.
import type { IncomingMessage } from 'node:http';
import type { OpenAPIBackend, Operation } from 'openapi-backend';
import type { ZodType } from 'zod';
import { DomainError, type FieldProblems } from '../domain/errors.js';
import { problemsFromZod } from '../domain/zod-problems.js';
import { addProblem, emptyProblems, problemsFromAjv } from './ajv-problems.js';
import { readJsonBody } from './body.js';
import { errorResult, refusal } from './error-mappers.js';
import type { OperationInput, OperationSchemas, ProblemRefiner, RuleDeps } from './handler.js';
import { checkKeyHeader } from './idempotency.js';
import { isUnsafeText, UNSAFE_TEXT_PROBLEM } from './json-guard.js';
import type { OperationFacts } from './operation-facts.js';
import { decodedSegments, integerIdsArePlain } from './request-path.js';
import type { HttpResult } from './responses.js';
import { plainHeaders } from './send.js';
import { validateStructure, type StructuralCheck } from './request-validation.js';
import { callerText } from '../../schemas/common/caller-text.js';

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * The 404 of a path that names nothing though a template may match it (request-path.ts, D-48): a
 * segment that does not decode or holds unsafe text, in the family of the operations at that path,
 * or an integer id that is not plain digits. Undefined when the path may name something.
 */
export function pathRefusal(
  backend: OpenAPIBackend,
  operation: Operation | undefined,
  path: string,
  factsFor: (operation: Operation & { operationId: string }) => OperationFacts,
): HttpResult | undefined {
  const segments = decodedSegments(path);
  if (segments === null) {
    const reached = operation ?? METHODS.map((m) => backend.router.matchOperation({ method: m, path, headers: {} })).find(Boolean);
    const family = reached?.operationId ? factsFor(reached as Operation & { operationId: string }).family : 'shared';
    return refusal(family, 'not_found', 'No such resource in this account and environment.');
  }
  if (!operation?.operationId) return undefined;
  const op = factsFor(operation as Operation & { operationId: string });
  if (!integerIdsArePlain(op.path, segments, op.integerPathParams))
    return refusal(op.family, 'not_found', 'No such resource in this account and environment.');
  return undefined;
}

export interface RequestToCheck {
  deps: RuleDeps;
  backend: OpenAPIBackend;
  operation: Operation;
  facts: OperationFacts;
  req: IncomingMessage;
  /** Lower case; HEAD is checked as GET. */
  method: string;
  /** The document's path of the request (without the environment prefix). */
  path: string;
  /** The query string parsed as Express's default parser does (node:querystring). */
  query: Record<string, unknown>;
  rules?: ProblemRefiner;
  schemas?: OperationSchemas;
}

export type RequestCheck =
  /** The client went away before its body was complete: nobody is left to answer. */
  | { kind: 'aborted' }
  | { kind: 'refused'; result: HttpResult }
  | {
      kind: 'valid';
      input: OperationInput;
      idempotencyKey?: string;
      /** The body as JSON before the Zod parse (undefined without one): what the mock hands Prism. */
      json: unknown;
    };

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
 * `too_many` in the ErrorResponse family; Form 484 answers only D-11's codes, where both are `invalid_format`.
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

const refused = (result: HttpResult): RequestCheck => ({ kind: 'refused', result });

export async function checkRequest(check: RequestToCheck): Promise<RequestCheck> {
  const { deps, backend, operation, facts: op, req } = check;
  const body = await readJsonBody(req, op.bodyLimit, op.hasBody, deps.config.SVC_BODY_TIMEOUT_MS);
  if (body.kind === 'aborted') return { kind: 'aborted' };
  if (body.kind === 'timed_out')
    return refused(
      refusal(op.family, 'request_timeout', `The request body did not arrive within ${deps.config.SVC_BODY_TIMEOUT_MS / 1000} s.`, {
        Connection: 'close',
      }),
    );
  if (body.kind === 'too_large')
    return refused(refusal(op.family, 'payload_too_large', `The request body exceeds ${op.bodyLimit / (1024 * 1024)} MiB.`));
  if (body.kind === 'unsupported_media_type') return refused(refusal(op.family, 'unsupported_media_type', body.message));
  if (body.kind === 'invalid_json')
    return refused(refusal(op.family, 'invalid_json', `The request body is not valid JSON: ${callerText(body.message)}`));
  if (body.kind === 'refused') return refused(shapeRefusal(op.family, body.problems));

  const headers = plainHeaders(req);
  const idempotencyKey = headers['idempotency-key'];
  if (op.idempotency !== 'none') {
    const keyProblem = checkKeyHeader(op.family, idempotencyKey, op.idempotency === 'required');
    if (keyProblem) return refused(keyProblem);
  }

  const request = {
    method: check.method,
    path: check.path,
    headers,
    query: declaredQuery(check.query, op.queryNames) as Record<string, string>,
    body: body.kind === 'json' ? body.value : undefined,
  };
  const unsafeQuery = unsafeQueryProblems(request.query);
  if (Object.keys(unsafeQuery).length > 0) return refused(invalid(op.family, unsafeQuery));
  let validation: StructuralCheck;
  try {
    validation = validateStructure(backend, operation, request);
  } catch (error) {
    // The structural pass spreads every Ajv error into one call, as openapi-backend does; a body of Form 484's size can hold
    // more problems than that call takes. The body is bounded (json-guard.ts), so this is that case.
    if (!(error instanceof RangeError)) throw error;
    const tooMany = emptyProblems();
    addProblem(tooMany, 'body', { code: 'too_many', message: 'Too many problems to list: send a smaller body.' });
    return refused(shapeRefusal(op.family, tooMany));
  }
  const structural = validation.errors;
  if (structural.length > 0 && structural.every((e) => e.instancePath.startsWith('/path')))
    return refused(refusal(op.family, 'not_found', 'No such resource in this account and environment.'));
  // The operation's own rules run on every request, after the structural pass: they restate its
  // problems in the operation's documented codes and add the cross-field ones (D-10, D-11).
  const structuralProblems = problemsFromAjv(structural);
  const refined = check.rules ? await check.rules(deps, structuralProblems, request.body) : { problems: structuralProblems };
  if (Object.keys(refined.problems).length > 0) return refused(invalid(op.family, refined.problems));

  const own = check.schemas;
  // A path id the document allows but Zod refuses (an integer past 2^53) names nothing: 404, as
  // for any other id that does not exist.
  const pathProblems = emptyProblems();
  const params = parseTyped(own?.params, validation.params, 'path', pathProblems) as Record<string, unknown>;
  if (Object.keys(pathProblems).length > 0)
    return refused(refusal(op.family, 'not_found', 'No such resource in this account and environment.'));
  const typedProblems = emptyProblems();
  const input: OperationInput = {
    params,
    query: parseTyped(own?.query, validation.query, 'query', typedProblems) as Record<string, unknown>,
    headers,
    // Rules that already parsed the body with this operation's schema hand their output on: the
    // same parse, so it is not run a second time (see ParsedBody).
    body:
      refined.body && refined.body.schema === own?.body ? refined.body.data : parseTyped(own?.body, request.body, 'body', typedProblems),
  };
  if (Object.keys(typedProblems).length > 0) return refused(invalid(op.family, typedProblems));
  return { kind: 'valid', input, json: request.body, ...(idempotencyKey !== undefined ? { idempotencyKey } : {}) };
}
