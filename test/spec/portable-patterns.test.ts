// Every `pattern` of both documents is in the part of ECMA-262 every regex dialect reads alike (D-71):
// no `\d`, `\w`, `\b`, `\s`, `\p{..}` or other escape whose meaning differs between ECMA-262, Python,
// .NET, Java and Go, no lookbehind or named group. A pattern read as Python's `re` and .NET read it
// (their `\d` and `\w` are Unicode) refuses what the server refuses: `since=༦੯၆`, a Tibetan postcode.
import { describe, expect, it } from 'vitest';
import { explicitRanges, portablePatternFaults } from '../../schemas/common/plain-patterns.js';
import { loadDocument, type JsonObject } from '../support/document.js';

/** Every `pattern` keyword of a document (not inside an example), with where it is. */
function patternsOf(document: JsonObject): { at: string; pattern: string }[] {
  const found: { at: string; pattern: string }[] = [];
  const walk = (node: unknown, at: string) => {
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${at}/${i}`));
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        if (key === 'pattern' && typeof value === 'string') found.push({ at, pattern: value });
        else if (key !== 'example' && key !== 'examples' && key !== 'x-refinement-examples') walk(value, `${at}/${key}`);
      }
  };
  walk(document, '');
  return found;
}

/**
 * A pattern as Python's `re` (str patterns) and .NET read it: `\d` any Unicode decimal digit, `\w`
 * any letter, digit or underscore. Built as a JavaScript `u` regex so the test runs without either.
 */
function asUnicodeDialect(pattern: string): RegExp {
  const unicode = pattern.replace(/\\d/g, '\\p{Nd}').replace(/\\w/g, '[\\p{L}\\p{N}_]');
  return new RegExp(unicode, 'u');
}

const documents = { public: loadDocument('openapi.json'), admin: loadDocument('admin.openapi.json') };

describe('portable patterns', () => {
  it.each(Object.entries(documents))('the %s document has only patterns every dialect reads alike', (_name, document) => {
    const patterns = patternsOf(document);
    expect(patterns.length).toBeGreaterThan(10);
    const faulty = patterns.flatMap(({ at, pattern }) => portablePatternFaults(pattern).map((fault) => `${at}: ${pattern}: ${fault}`));
    expect(faulty).toEqual([]);
  });

  it('refuses Unicode digits in `since` and a postcode in the Python and .NET reading, as the server does', () => {
    const doc = documents.public as { paths: Record<string, Record<string, { parameters?: JsonObject[] }>> };
    const since = doc.paths['/monitoring/events']!.get!.parameters!.find((p) => p.name === 'since')!;
    const sincePatterns = patternsOf(since as JsonObject).map(({ pattern }) => pattern);
    expect(sincePatterns.length).toBe(1);
    const postcodes = patternsOf(documents.public).filter(({ at }) => at.endsWith('/postcode'));
    expect(postcodes.length).toBeGreaterThan(0);
    for (const pattern of sincePatterns) {
      expect(asUnicodeDialect(pattern).test('༦੯၆')).toBe(false);
      expect(asUnicodeDialect(pattern).test('696')).toBe(true);
    }
    for (const { pattern } of postcodes) {
      expect(asUnicodeDialect(pattern).test('༤༠༠༠')).toBe(false);
      expect(asUnicodeDialect(pattern).test('4000')).toBe(true);
    }
    // The pattern the document had before: those tools accepted what the server refuses.
    expect(asUnicodeDialect('^\\d{1,18}$').test('༦੯၆')).toBe(true);
  });

  it('names each escape or group some dialect reads differently, and passes the portable ones', () => {
    expect(portablePatternFaults(String.raw`^\d{4}$`)).toEqual(['escape \\d at 1']);
    expect(portablePatternFaults(String.raw`\bA\s\w\p{L}`)).toHaveLength(4);
    expect(portablePatternFaults('(?<=a)b(?<n>c)')).toHaveLength(2);
    expect(portablePatternFaults(String.raw`^[^\x00-\x1F\u200B]*\.(?:a|b)\\[0-9\-]$`)).toEqual([]);
  });

  it('writes `\\d` and `\\w` as the ranges they are in ECMA-262, inside a class too, and leaves an escaped backslash', () => {
    expect(explicitRanges(String.raw`^\d{4}-[12]\d$`)).toBe('^[0-9]{4}-[12][0-9]$');
    expect(explicitRanges(String.raw`^[\w.-]+\\d$`)).toBe(String.raw`^[A-Za-z0-9_.-]+\\d$`);
    for (const [before, values] of [
      [String.raw`^\d{2}$`, ['12', '1', '١٢', '1a']],
      [String.raw`^[\w-]+$`, ['a_b-1', 'é', 'a b']],
    ] as const)
      for (const value of values) expect(new RegExp(explicitRanges(before)).test(value)).toBe(new RegExp(before).test(value));
  });
});
