// Zod keeps a regex as its `source`, and JavaScript writes every `/` of a source as `\/` (so it could
// sit between slashes), so `downloadUrl`'s pattern arrived as `^\/api\/(test\/)?v[12]\/ppsr...`. The
// escape is needless in a JSON Schema pattern, and a generator that escapes backslashes again
// before printing a regex literal (openapi-zod-client writes `/^\\/api\\/.../`) ends the literal at
// the first slash: 28 `tsc` errors in its output. The pattern is written without it; it matches
// exactly what it matched before.
import { rewriteNodes, type JsonNode } from './schema-walk.js';

/** `pattern` with every escaped `/` written plainly (`\\/`, an escaped backslash before `/`, stays). */
export function unescapeSlashes(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch !== '\\') out += ch;
    else if (pattern[i + 1] === '/') out += pattern[++i];
    else out += ch + (pattern[++i] ?? '');
  }
  return out;
}

export function plainPatterns<T>(document: T): T {
  return rewriteNodes(document, (node: JsonNode) =>
    typeof node.pattern === 'string' && node.pattern.includes('\\/') ? { ...node, pattern: unescapeSlashes(node.pattern) } : node,
  );
}
