// openapi-backend's matchOperation, with what it works out on every call done once per document:
// it compiled a regular expression for every operation of the document on each request whose path
// is not literally one of the document's, and ordered the matches by specificity each time. The
// answers are the library's own, operation for operation (test/unit/http-request-validation.test.ts).
import type { Operation } from 'openapi-backend';

/** The path as openapi-backend's router matches it (normalizeRequest, then normalizePath with root `/`). */
export function routerPath(path: string | undefined): string {
  // The common case, which every step below leaves as it is: from `/`, no query, nothing to trim.
  if (
    path !== undefined &&
    path.startsWith('/') &&
    !path.includes('?') &&
    (path.length === 1 || !path.endsWith('/')) &&
    path.trimEnd() === path
  )
    return path;
  let normalized = path?.trim() || '';
  if (!normalized.startsWith('/')) normalized = `/${normalized}`;
  normalized = normalized.split('?')[0]!.trim();
  // Trailing slashes are ignored (ignoreTrailingSlashes, the library's default).
  while (normalized.length > 1 && normalized.endsWith('/')) normalized = normalized.slice(0, -1);
  return normalized;
}

function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A template's pattern as the library builds it: each `{name}` is one segment. */
function templatePattern(path: string): RegExp {
  return new RegExp(
    `^${path
      .replace(/\{[^}]+\}/g, '\0')
      .split('\0')
      .map(escapeRegExp)
      .join('[^/]+')}$`,
  );
}

export interface RouteRequest {
  method: string;
  path?: string;
}

export type MatchOperation = {
  (req: RouteRequest): Operation | undefined;
  (req: RouteRequest, strict: boolean): Operation;
};

/**
 * matchOperation over a fixed list of operations: an operation at the very path with the method,
 * else the most specific template (fewest characters outside its `{}`; the document's order among
 * equals) that matches the path and has the method. Strict, it throws the library's 404 and 405.
 */
export function routeTable(operations: readonly Operation[]): MatchOperation {
  const exact = new Map<string, Operation[]>();
  for (const operation of operations) {
    const list = exact.get(operation.path);
    if (list) list.push(operation);
    else exact.set(operation.path, [operation]);
  }
  // A stable sort, as lodash's orderBy: equals keep the document's order.
  const bySpecificity = operations
    .map((operation) => ({ operation, pattern: templatePattern(operation.path), weight: operation.path.replace(/\{.*?\}/g, '').length }))
    .sort((a, b) => b.weight - a.weight);

  function match(req: RouteRequest, strict = false): Operation | undefined {
    const path = routerPath(req.path);
    const method = req.method.trim().toLowerCase();
    const found = exact.get(path)?.find((operation) => operation.method === method);
    if (found) return found;
    let pathMatched = false;
    for (const { operation, pattern } of bySpecificity) {
      if (!pattern.test(path)) continue;
      if (operation.method === method) return operation;
      pathMatched = true;
    }
    if (!strict) return undefined;
    throw pathMatched
      ? Error('405-methodNotAllowed: this method is not registered for the route')
      : Error('404-notFound: no route matches request');
  }
  return match as MatchOperation;
}
