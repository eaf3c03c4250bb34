// Members named twice in one JSON object (D-56). JSON.parse keeps the last value of a repeated name
// and drops the others without a word, while other readers of the same bytes (a partner's parser, a
// log search, a database's JSON type) may keep the first: one request, two meanings. So a repeated
// name anywhere in a body is refused, at its path, before anything reads the parsed value.
//
// One pass over text JSON.parse has already accepted, so the scan need not report syntax errors: a
// tokenizer with an explicit stack (no recursion) and one Set of names per open object. Its cost is
// linear in the text: every character is visited once (a string is skipped with indexOf, and the
// backslashes before a quote are counted once, for that quote only), and a name with an escape is
// decoded once, by JSON.parse of that name alone, so `"a"` and `"\u0061"` are the same name, as for
// JSON.parse itself. It runs after json-guard.ts has bounded depth and value counts (D-48).
import { addProblem, emptyProblems, type FieldProblems } from '../domain/errors.js';

/** Problems reported at most, as for json-guard.ts: the answer stays small whatever the body holds. */
const MAX_DUPLICATES = 50;

export const DUPLICATE_KEY_PROBLEM = {
  code: 'invalid_format',
  message: 'This member is named more than once in its object: send each name once.',
} as const;

interface ObjectFrame {
  kind: 'object';
  path: string;
  names: Set<string>;
  /** The name of the member whose value comes next (after its colon). */
  current: string;
  /** True between `{` or `,` and the next name. */
  expectsName: boolean;
}

interface ArrayFrame {
  kind: 'array';
  path: string;
  index: number;
}

type Frame = ObjectFrame | ArrayFrame;

const BACKSLASH = 0x5c;

function join(path: string, key: string | number): string {
  return path === '' ? String(key) : `${path}.${key}`;
}

/** The path of the value about to start inside `frame` (the body itself when there is none). */
function valuePath(frame: Frame | undefined): string {
  if (frame === undefined) return '';
  return frame.kind === 'array' ? join(frame.path, frame.index) : join(frame.path, frame.current);
}

/** The index of the quote closing the string whose opening quote is at `open`. */
function closingQuote(text: string, open: number): number {
  let at = text.indexOf('"', open + 1);
  while (at !== -1) {
    let backslashes = 0;
    for (let j = at - 1; j > open && text.charCodeAt(j) === BACKSLASH; j--) backslashes += 1;
    if (backslashes % 2 === 0) return at;
    at = text.indexOf('"', at + 1);
  }
  // Unreachable for text JSON.parse accepted; ends the scan rather than looping.
  return text.length;
}

/**
 * The paths of members whose name already appeared in the same object (the second and later ones),
 * in the order they occur, at most `max`. `text` must be JSON that JSON.parse accepted.
 */
export function duplicateKeyPaths(text: string, max: number = MAX_DUPLICATES): string[] {
  const found: string[] = [];
  const stack: Frame[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const top = stack[stack.length - 1];
    switch (c) {
      case '{':
        stack.push({ kind: 'object', path: valuePath(top), names: new Set(), current: '', expectsName: true });
        break;
      case '[':
        stack.push({ kind: 'array', path: valuePath(top), index: 0 });
        break;
      case '}':
      case ']':
        stack.pop();
        break;
      case ',':
        if (top?.kind === 'array') top.index += 1;
        else if (top?.kind === 'object') top.expectsName = true;
        break;
      case '"': {
        const close = closingQuote(text, i);
        if (top?.kind === 'object' && top.expectsName) {
          const inner = text.slice(i + 1, close);
          const name = inner.includes('\\') ? (JSON.parse(text.slice(i, close + 1)) as string) : inner;
          if (top.names.has(name)) {
            found.push(join(top.path, name));
            if (found.length >= max) return found;
          } else top.names.add(name);
          top.current = name;
          top.expectsName = false;
        }
        i = close;
        break;
      }
      default:
      // Whitespace, `:` and the characters of numbers, true, false and null: none of them opens,
      // closes or separates anything.
    }
    i += 1;
  }
  return found;
}

/** The D-56 problems of a body: `invalid_format` at the path of every repeated name. */
export function duplicateKeyProblems(text: string): FieldProblems {
  const problems = emptyProblems();
  for (const path of duplicateKeyPaths(text)) addProblem(problems, path || 'body', DUPLICATE_KEY_PROBLEM);
  return problems;
}
