// D-48: a NUL or a lone surrogate in any string of a body is a 422 `invalid_format` at its path. Such
// strings cannot be stored as PostgreSQL text, printed on a document or handed on as UTF-8.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isUnsafeString(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/** JSON paths (`a.0.b`) of every string value of `body` holding a NUL or a lone surrogate. */
export function unsafeStringPaths(body: unknown, path: readonly string[] = []): string[] {
  if (typeof body === 'string') return isUnsafeString(body) ? [path.join('.')] : [];
  if (Array.isArray(body)) return body.flatMap((item, index) => unsafeStringPaths(item, [...path, String(index)]));
  if (body !== null && typeof body === 'object')
    return Object.entries(body as Record<string, unknown>).flatMap(([key, value]) => unsafeStringPaths(value, [...path, key]));
  return [];
}
