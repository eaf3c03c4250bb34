// Bounds and cleans a parsed JSON body before anything else reads it (D-48): one
// iterative walk (no recursion, so 10,000-deep nesting cannot overflow the stack) that
// - copies every object into a null-prototype object, so a key named `constructor`, `toString` or
//   `__proto__` is a plain member at any depth and never Object.prototype's;
// - stops at a nesting depth, an array length and a count of values no request of either document
//   needs: Ajv in all-errors mode walks every item of an oversized array, and openapi-backend spreads
//   its errors into one call (`push(...errors)`), which overflowed the stack at ~120,000 errors;
// - finds strings (values and keys) holding a NUL or a lone surrogate, which PostgreSQL refuses
//   (a 500) or stores as U+FFFD.
import { addProblem, emptyProblems, type FieldProblems } from '../domain/errors.js';
import { isUnsafeString } from '../domain/string-faults.js';

/** Deepest nesting accepted: the deepest request body of the documents is under 10 levels. */
export const MAX_JSON_DEPTH = 32;
/** Longest array accepted before validation; every request array of the documents allows fewer. */
export const MAX_JSON_ARRAY_ITEMS = 1000;
/**
 * Most values (object members and array items, at any depth) per MiB of the operation's body limit:
 * 10,000 in a 1 MiB body, which bounds the errors Ajv can report for it far below what
 * openapi-backend's spread of them can take (Form 484's 8 MiB bodies may hold 80,000).
 */
export const MAX_JSON_VALUES_PER_MIB = 10_000;

export function maxValuesFor(bodyLimit: number): number {
  return Math.max(1, Math.ceil(bodyLimit / (1024 * 1024))) * MAX_JSON_VALUES_PER_MIB;
}
/** Problems reported at most: the answer stays small whatever the body holds. */
const MAX_PROBLEMS = 50;

/** True when a string holds a NUL or a lone surrogate (D-48). */
export const isUnsafeText = isUnsafeString;

export const UNSAFE_TEXT_PROBLEM = {
  code: 'invalid_format',
  message: 'Must not contain NUL characters or unpaired UTF-16 surrogates.',
} as const;

export type GuardOutcome =
  | { ok: true; value: unknown }
  /** `bounds`: too deep, too long or too many values (validation was not attempted); `text`: unsafe strings only. */
  | { ok: false; kind: 'bounds' | 'text'; problems: FieldProblems };

type Container = Record<string, unknown> | unknown[];

interface Pending {
  source: unknown;
  path: string;
  depth: number;
  /** Where the copy goes: the parent copy and the key or index in it. */
  parent: Container | null;
  key: string | number;
}

function join(path: string, key: string | number): string {
  return path === '' ? String(key) : `${path}.${key}`;
}

/** Walks a parsed body once; returns the null-prototype copy, or the problems that refuse it. */
export function guardJson(parsed: unknown, maxValues: number = MAX_JSON_VALUES_PER_MIB): GuardOutcome {
  const bounds = emptyProblems();
  const text = emptyProblems();
  let boundsCount = 0;
  let textCount = 0;
  let values = 0;
  const root: { value: unknown } = { value: undefined };
  const stack: Pending[] = [{ source: parsed, path: '', depth: 0, parent: null, key: '' }];
  while (stack.length > 0) {
    const { source, path, depth, parent, key } = stack.pop()!;
    let copy: unknown = source;
    if (typeof source === 'string') {
      if (textCount < MAX_PROBLEMS && isUnsafeText(source)) {
        addProblem(text, path || 'body', UNSAFE_TEXT_PROBLEM);
        textCount += 1;
      }
    } else if (source !== null && typeof source === 'object') {
      if (depth >= MAX_JSON_DEPTH) {
        addProblem(bounds, path || 'body', { code: 'too_deep', message: `Nested more than ${MAX_JSON_DEPTH} levels deep.` });
        boundsCount += 1;
        copy = null;
      } else if (Array.isArray(source)) {
        if (source.length > MAX_JSON_ARRAY_ITEMS) {
          addProblem(bounds, path || 'body', { code: 'too_many', message: `At most ${MAX_JSON_ARRAY_ITEMS} items.` });
          boundsCount += 1;
          copy = [];
        } else {
          values += source.length;
          const array: unknown[] = new Array<unknown>(source.length);
          for (let i = source.length - 1; i >= 0; i--)
            stack.push({ source: source[i], path: join(path, i), depth: depth + 1, parent: array, key: i });
          copy = array;
        }
      } else {
        const object = Object.create(null) as Record<string, unknown>;
        const keys = Object.keys(source);
        values += keys.length;
        for (let i = keys.length - 1; i >= 0; i--) {
          const name = keys[i]!;
          const memberPath = join(path, name);
          if (textCount < MAX_PROBLEMS && isUnsafeText(name)) {
            addProblem(text, memberPath, UNSAFE_TEXT_PROBLEM);
            textCount += 1;
          }
          stack.push({ source: (source as Record<string, unknown>)[name], path: memberPath, depth: depth + 1, parent: object, key: name });
        }
        copy = object;
      }
      if (values > maxValues) {
        const tooMany = emptyProblems();
        addProblem(tooMany, 'body', { code: 'too_many', message: `At most ${maxValues} values in one body.` });
        return { ok: false, kind: 'bounds', problems: tooMany };
      }
      if (boundsCount >= MAX_PROBLEMS) break;
    }
    if (parent === null) root.value = copy;
    else if (Array.isArray(parent)) parent[key as number] = copy;
    else Object.defineProperty(parent, key, { value: copy, enumerable: true, writable: true, configurable: true });
  }
  if (boundsCount > 0) return { ok: false, kind: 'bounds', problems: bounds };
  if (textCount > 0) return { ok: false, kind: 'text', problems: text };
  return { ok: true, value: root.value };
}
