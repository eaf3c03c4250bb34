// The document's `pattern`s are written in the part of ECMA-262 that every regex dialect a partner's
// tool may use (Python's `re`, .NET, Java, Go's RE2) reads alike (D-71). Two rewrites get them there,
// each accepting exactly the values the pattern accepted in ECMA-262, the dialect JSON Schema names:
// - Zod keeps a regex as its `source`, and JavaScript writes every `/` of a source as `\/` (so it
//   could sit between slashes), so `downloadUrl`'s pattern arrived as `^\/api\/(test\/)?v[12]...`.
//   The escape is needless in a JSON Schema pattern, and a generator that escapes backslashes again
//   before printing a regex literal (openapi-zod-client writes `/^\\/api\\/.../`) ends the literal
//   at the first slash: 28 `tsc` errors in its output. The pattern is written without it.
// - `\d` and `\w` are ASCII in ECMA-262 but any Unicode digit or letter in Python and .NET, so
//   `since=༦੯၆` was valid to those tools and refused by the server. They are written `[0-9]` and
//   `[A-Za-z0-9_]`. Escapes with no exact ASCII equivalent (`\b`, `\s`, `\p{..}`) are not rewritten:
//   `portablePatternFaults` names them, and the document test fails on any.
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

/** ECMA-262's ASCII classes, as ranges: the form inside `[...]` and the form standing alone. */
const ASCII_CLASSES: Record<string, string> = { d: '0-9', w: 'A-Za-z0-9_' };

/** `pattern` with `\d` and `\w` written as the ranges they are in ECMA-262 (`\\d`, an escaped backslash, stays). */
export function explicitRanges(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\') {
      const next = pattern[++i] ?? '';
      const ranges = ASCII_CLASSES[next];
      out += ranges === undefined ? ch + next : inClass ? ranges : `[${ranges}]`;
    } else {
      if (ch === '[' && !inClass) inClass = true;
      else if (ch === ']' && inClass) inClass = false;
      out += ch;
    }
  }
  return out;
}

/**
 * Escapes every dialect reads alike: `\xHH`, `\uHHHH` (Go's RE2 writes it `\x{HHHH}`, docs/tooling.md),
 * `\t`, `\n`, `\r` and an escaped metacharacter. Anything else after a backslash is refused.
 */
const PORTABLE_ESCAPE = /^(x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|[tnr]|[\\/^$.|?*+()[\]{}-])/;

/** Group openings that are not in every dialect (lookbehind, named groups, flags); `(?:` is. */
const PORTABLE_GROUP = /^\(\?:/;

/** What in `pattern` some dialect reads differently from ECMA-262, or not at all; empty when portable. */
export function portablePatternFaults(pattern: string): string[] {
  const faults: string[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\') {
      const escape = PORTABLE_ESCAPE.exec(pattern.slice(i + 1));
      if (!escape) faults.push(`escape \\${pattern[i + 1] ?? ''} at ${i}`);
      i += escape ? escape[0].length : 1;
    } else if (ch === '(' && pattern[i + 1] === '?' && !PORTABLE_GROUP.test(pattern.slice(i))) {
      faults.push(`group ${pattern.slice(i, i + 4)} at ${i}`);
    }
  }
  return faults;
}

export function plainPatterns<T>(document: T): T {
  return rewriteNodes(document, (node: JsonNode) => {
    if (typeof node.pattern !== 'string') return node;
    const pattern = explicitRanges(unescapeSlashes(node.pattern));
    return pattern === node.pattern ? node : { ...node, pattern };
  });
}
