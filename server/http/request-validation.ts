// The document's structural pass over a request, as openapi-backend's validateRequest and
// parseRequest do it, with what they work out on every call done once per operation: which query
// parameters are arrays, the path template's pattern, whether the body may only be JSON. The Ajv
// validators are the library's own (same schemas, same coercion of path and query, same errors), so
// problemsFromAjv gives the same 422s. An operation using what this does not restate (cookie
// parameters, query parameters with a JSON content or not exploded) goes through the library.
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { OpenAPIBackend, Operation } from 'openapi-backend';
import { routerPath } from './route-table.js';

export interface RequestToValidate {
  method: string;
  /** The document's path of the request. */
  path: string;
  /** Lower-case names, one value each (plainHeaders). */
  headers: Record<string, string>;
  /** Parsed as node:querystring does: strings and lists of strings. */
  query: Record<string, string | string[]>;
  body: unknown;
}

export interface StructuralCheck {
  /** Ajv's errors, in the library's order (body first, then parameters); empty when valid. */
  errors: ErrorObject[];
  /** Path parameters, coerced to the document's types when a validator passed (the library's `coerced`). */
  params: Record<string, unknown>;
  query: Record<string, unknown>;
}

interface ParameterObject {
  in?: string;
  name?: string;
  explode?: boolean;
  content?: Record<string, unknown>;
  schema?: { type?: unknown };
}

interface CompiledOperation {
  /** False when the operation needs what only the library does. */
  plain: boolean;
  pathParams: (path: string) => Record<string, string> | null;
  /** Query parameters of type array: a single value is validated as a list of one. */
  arrayQuery: ReadonlySet<string>;
  /** The body's only media type is JSON: a body that is not an object must at least parse. */
  jsonOnlyBody: boolean;
  validators?: ValidateFunction[];
}

const TEMPLATE_NAME = /\{[A-Za-z0-9_-]+\}/g;

/**
 * The path parameters of a template as bath-es5 reads them for the library: each segment decoded,
 * and null when the path does not match or a name used twice holds two values.
 */
function pathParamsOf(template: string): (path: string) => Record<string, string> | null {
  const pattern = new RegExp(`^${template.replace(TEMPLATE_NAME, '([^\\/]*)')}$`);
  const names = (template.match(TEMPLATE_NAME) ?? []).map((name) => name.slice(1, -1));
  return (path) => {
    const found = pattern.exec(path);
    if (!found) return null;
    const values = found.slice(1).map((value) => decodeURIComponent(value ?? ''));
    for (let i = 0; i < names.length; i++)
      for (let j = 0; j < names.length; j++) if (names[i] === names[j] && values[i] !== values[j]) return null;
    const params: Record<string, string> = {};
    names.forEach((name, i) => (params[name] = values[i]!));
    return params;
  };
}

function compile(operation: Operation): CompiledOperation {
  const parameters = (operation.parameters ?? []) as ParameterObject[];
  const plain = !parameters.some(
    (p) => '$ref' in p || p.in === 'cookie' || (p.in === 'query' && (p.content?.['application/json'] !== undefined || p.explode === false)),
  );
  // The library looks up the first query parameter of each name.
  const firstQuery = new Map<string, ParameterObject>();
  for (const p of parameters) if (p.in === 'query' && p.name !== undefined && !firstQuery.has(p.name)) firstQuery.set(p.name, p);
  const formats = Object.keys((operation.requestBody as { content?: Record<string, unknown> } | undefined)?.content ?? {});
  return {
    plain,
    pathParams: pathParamsOf(operation.path),
    arrayQuery: new Set([...firstQuery].flatMap(([name, p]) => (p.schema?.type === 'array' ? [name] : []))),
    jsonOnlyBody: formats.length === 1 && formats[0] === 'application/json',
  };
}

const compiled = new WeakMap<Operation, CompiledOperation>();

/** The library's deep copy of a query parsed by node:querystring (strings and lists of strings). */
function copyQuery(query: Record<string, string | string[]>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) copy[name] = typeof value === 'string' ? value : [...value];
  return copy;
}

/** Through openapi-backend itself: what checkRequest did before this module, call for call. */
function throughLibrary(backend: OpenAPIBackend, operation: Operation, request: RequestToValidate): StructuralCheck {
  const validation = backend.validator.validateRequest(request, operation);
  const coerced = validation.coerced as { params?: Record<string, unknown>; query?: Record<string, unknown> } | undefined;
  const parsed = coerced?.params && coerced.query ? undefined : backend.router.parseRequest(request, operation);
  return {
    errors: !validation.valid && validation.errors ? validation.errors : [],
    params: coerced?.params ?? (parsed!.params as Record<string, unknown>),
    query: coerced?.query ?? (parsed!.query as Record<string, unknown>),
  };
}

/**
 * validateRequest for one request of one operation. Like the library it spreads each validator's
 * errors into one call, so a list too long for that still throws its RangeError (request-check.ts).
 */
export function validateStructure(backend: OpenAPIBackend, operation: Operation, request: RequestToValidate): StructuralCheck {
  let op = compiled.get(operation);
  if (!op) {
    op = compile(operation);
    compiled.set(operation, op);
  }
  if (!op.plain) return throughLibrary(backend, operation, request);
  op.validators ??= backend.validator.getRequestValidatorsForOperation(operation.operationId!) ?? [];

  const errors: ErrorObject[] = [];
  const raw = request.body;
  let body = raw;
  if (raw && typeof raw !== 'object')
    try {
      body = JSON.parse(String(raw)) as unknown;
    } catch {
      // Left as it is: the check below reports it where the body may only be JSON.
    }
  const headers: Record<string, string> = {};
  for (const name in request.headers) headers[name.toLowerCase()] = request.headers[name]!;
  const query = copyQuery(request.query);
  for (const [name, value] of Object.entries(query)) if (typeof value === 'string' && op.arrayQuery.has(name)) query[name] = [value];
  const path = routerPath(request.path);
  const parameters: Record<string, unknown> = { path: op.pathParams(path) ?? {}, query, header: headers, cookie: {} };
  if (typeof raw !== 'object' && raw !== undefined && op.jsonOnlyBody) {
    try {
      JSON.parse(`${String(raw)}`);
    } catch (error) {
      if (error instanceof Error)
        errors.push({ keyword: 'parse', instancePath: '', schemaPath: '#/requestBody', params: [], message: error.message });
    }
  }
  const contentType = (headers['content-type'] || '').split(';')[0]!.trim().toLowerCase();
  if (typeof body === 'object' || contentType === 'application/json') parameters.requestBody = body;

  let passed = false;
  for (const validate of op.validators) {
    validate(parameters);
    if (validate.errors) errors.push(...validate.errors);
    else if (backend.validator.coerceTypes) passed = true;
  }
  return passed
    ? { errors, params: parameters.path as Record<string, unknown>, query: parameters.query as Record<string, unknown> }
    : // Ajv coerces in place even where it fails: the library parsed the path again, and kept the query as given.
      { errors, params: op.pathParams(path) ?? {}, query: request.query };
}
