// RFC 6901 JSON pointers, so every reported change names the exact place in spec/openapi.json.
export function toPointer(path: readonly (string | number)[]): string {
  return path.map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}
