// Bounded echoes (D-55): the one way an error answer quotes what a caller sent (a value, a key, a path,
// a header). A 7.3 MB body once came back as a 14.7 MB 422 because messages quoted share-class codes
// in full; every message and field now quotes at most CALLER_TEXT_MAX characters of caller text.

/** Characters (Unicode code points) of caller text an error answer quotes at most, the ellipsis included. */
export const CALLER_TEXT_MAX = 100;

/** Marks text that was cut. */
export const ELLIPSIS = '…';

/**
 * `text` as an answer may quote it: unchanged when it has at most `max` code points, otherwise its
 * first `max - 1` code points and an ellipsis. The cut is between code points, never inside a
 * surrogate pair, and cutting again changes nothing (a cut text is exactly `max` code points long).
 */
export function callerText(text: string, max: number = CALLER_TEXT_MAX): string {
  // Fewer UTF-16 units than the limit means fewer code points too.
  if (text.length <= max) return text;
  let index = 0;
  let points = 0;
  let cutAt = 0;
  while (index < text.length) {
    if (points === max) return `${text.slice(0, cutAt)}${ELLIPSIS}`;
    index += (text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1;
    points += 1;
    if (points === max - 1) cutAt = index;
  }
  return text;
}

/** Any value a caller sent, as an answer may quote it: a string as it is, anything else as JSON; bounded as `callerText`. */
export function callerValue(value: unknown, max: number = CALLER_TEXT_MAX): string {
  if (typeof value === 'string') return callerText(value, max);
  // JSON.stringify of a large array or object costs as much as the body did once; only its start is kept.
  const json = value === undefined ? 'undefined' : (JSON.stringify(value) ?? String(value));
  return callerText(json, max);
}
