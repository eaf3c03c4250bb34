// The scan for member names repeated in one JSON object (D-56, server/http/duplicate-keys.ts): each
// repeat found at its path, names compared as JSON.parse compares them (after escapes), nothing found
// in any JSON that JSON.stringify writes, whatever its whitespace, and a cost linear in the text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duplicateKeyPaths, duplicateKeyProblems } from '../../server/http/duplicate-keys.js';

describe('duplicateKeyPaths', () => {
  it.each([
    ['{"a":1,"a":2}', ['a']],
    ['{"a":1,"b":{"c":1,"c":2},"a":3}', ['b.c', 'a']],
    ['[{"x":1},{"x":1,"x":2}]', ['1.x']],
    ['{"list":[[],[{"k":[{"k":1}]},{"e":1,"e":2}]]}', ['list.1.1.e']],
    // Escapes are read as JSON.parse reads them: these name `a` twice.
    ['{"a":1,"\\u0061":2}', ['a']],
    ['{"\\"":1,"\\u0022":2}', ['"']],
    // A third occurrence is a second repeat at the same path.
    ['{"a":1,"a":2,"a":3}', ['a', 'a']],
    // The same name in sibling or nested objects is no repeat.
    ['{"a":{"a":{"a":1}},"b":[{"a":1},{"a":2}]}', []],
    // Structural characters inside strings, keys and values alike, are text.
    ['{"{\\"a\\":1,":"}],[{\\\\","a":"\\\\","b":"\\"a\\":"}', []],
    ['{"a\\\\":1,"a":2}', []],
    ['  {\n "a" : 1 ,\r\n\t"a" : [ 1 , 2 ] }  ', ['a']],
    ['"{\\"a\\":1,\\"a\\":2}"', []],
    ['[1,true,null,-1.5e3,"x"]', []],
    ['{"":1,"":2}', ['']],
  ])('%s -> %j', (text, expected) => {
    JSON.parse(text);
    expect(duplicateKeyPaths(text)).toEqual(expected);
  });

  it('reports at most 50 repeats', () => {
    const text = `{${Array.from({ length: 200 }, () => '"a":1').join(',')}}`;
    expect(duplicateKeyPaths(text)).toHaveLength(50);
  });

  it('finds nothing in any JSON that JSON.stringify writes, with or without indentation', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 1, '\t', ' \r\n'), (value, space) => {
        expect(duplicateKeyPaths(JSON.stringify(value, null, space))).toEqual([]);
      }),
      { seed: 56, numRuns: 500 },
    );
  });

  it('finds a name written twice into any object of any JSON value, at that object path', () => {
    const withObject = fc.jsonValue().filter((value) => objectPaths(value).length > 0);
    fc.assert(
      fc.property(withObject, fc.nat(), fc.string(), fc.jsonValue(), (value, where, name, hidden) => {
        const paths = objectPaths(value);
        const target = paths[where % paths.length]!;
        const text = writeWithRepeat(value, target, name, hidden);
        const parsed = JSON.parse(text) as unknown;
        expect(parsed).toBeDefined();
        expect(duplicateKeyPaths(text)).toEqual([dotted([...target, name])]);
      }),
      { seed: 5656, numRuns: 500 },
    );
  });

  it('answers `invalid_format` at the path, or `body` for an empty name at the top', () => {
    expect(duplicateKeyProblems('{"a":{"b":1,"b":1}}')).toEqual({ 'a.b': [expect.objectContaining({ code: 'invalid_format' })] });
    expect(Object.keys(duplicateKeyProblems('{"":1,"":1}'))).toEqual(['body']);
    expect(duplicateKeyProblems('{"a":1}')).toEqual({});
  });

  it('stays linear on large bodies (many names, long strings, runs of backslashes)', () => {
    const manyNames = `{${Array.from({ length: 100_000 }, (_, i) => `"k${i}":${i}`).join(',')},"k5":0}`;
    const backslashes = JSON.stringify({ a: '\\'.repeat(1_000_000) + '"'.repeat(100_000), b: 1, a2: 'x' });
    const quotes = JSON.stringify({ s: '"'.repeat(500_000) });
    const started = performance.now();
    expect(duplicateKeyPaths(manyNames)).toEqual(['k5']);
    expect(duplicateKeyPaths(backslashes)).toEqual([]);
    expect(duplicateKeyPaths(quotes)).toEqual([]);
    // Several MiB of text: far under a second when linear, minutes when quadratic.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

type Key = string | number;

/** A path as the server writes it (json-guard.ts): keys joined with dots, no leading dot. */
function dotted(path: Key[]): string {
  return path.reduce<string>((joined, key) => (joined === '' ? String(key) : `${joined}.${key}`), '');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Paths of every object inside a JSON value. */
function objectPaths(value: unknown, path: Key[] = []): Key[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => objectPaths(item, [...path, i]));
  if (!isRecord(value)) return [];
  return [path, ...Object.entries(value).flatMap(([k, v]) => objectPaths(v, [...path, k]))];
}

/** The value as JSON, with the object at `target` carrying `name` twice: `hidden` first, then its own member (or `hidden` again). */
function writeWithRepeat(value: unknown, target: Key[], name: string, hidden: unknown, path: Key[] = []): string {
  if (Array.isArray(value)) return `[${value.map((item, i) => writeWithRepeat(item, target, name, hidden, [...path, i])).join(',')}]`;
  if (!isRecord(value)) return JSON.stringify(value);
  const members = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${writeWithRepeat(v, target, name, hidden, [...path, k])}`);
  if (path.length === target.length && path.every((key, i) => key === target[i])) {
    const own = Object.hasOwn(value, name) ? [] : [`${JSON.stringify(name)}:${JSON.stringify(hidden)}`];
    members.unshift(`${JSON.stringify(name)}:${JSON.stringify(hidden)}`, ...own);
  }
  return `{${members.join(',')}}`;
}
