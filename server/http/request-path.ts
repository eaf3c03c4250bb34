// Checks of the request path before it is routed or its parameters read (D-48): every segment must
// decode (a malformed percent-escape such as `%ff` threw a URIError from the router: a 500) and hold
// no NUL or lone surrogate, and a numeric path id must be plain decimal digits (`0x1`, `1e0` and `+1`
// were read as 1 by the document's type coercion). Each answers 404: such a path names nothing.
import { isUnsafeText } from './json-guard.js';

/** The decoded segments of a raw path, or null when one cannot be decoded or holds unsafe text. */
export function decodedSegments(rawPath: string): string[] | null {
  const segments: string[] = [];
  for (const raw of rawPath.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (isUnsafeText(decoded)) return null;
    segments.push(decoded);
  }
  return segments;
}

const DECIMAL = /^[0-9]+$/;

/**
 * True when every integer parameter of the template (`/lodgements/{requestId}`) is plain decimal
 * digits in the path. Trailing slashes are ignored, as the router ignores them.
 */
export function integerIdsArePlain(template: string, segments: readonly string[], integerParams: ReadonlySet<string>): boolean {
  if (integerParams.size === 0) return true;
  const names = template.split('/');
  const values = [...segments];
  while (values.length > names.length && values.at(-1) === '') values.pop();
  return names.every((name, i) => {
    const param = /^\{(.+)\}$/.exec(name)?.[1];
    return param === undefined || !integerParams.has(param) || DECIMAL.test(values[i] ?? '');
  });
}
