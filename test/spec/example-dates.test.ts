// D-61: every dated example of the document moves by the same whole days to the service's today, and
// nothing else of the document changes. The example locations and their dated fields are found here
// independently of the shifting code: every `example`, every entry of `examples`, every body of
// `x-refinement-examples`, and every schema with `format: date`/`date-time` and an example.
import { describe, expect, it } from 'vitest';
import {
  daysFrom,
  documentForToday,
  examplesDateOf,
  isCalendarDate,
  shiftDate,
  shiftDatesIn,
} from '@registry-svc/contract/example-dates';
import { validateForm484 } from '../../schemas/form484/validate.js';
import { loadDocument, type JsonObject } from '../support/document.js';

const document = loadDocument();
const written = examplesDateOf(document)!;
const DATE = /(?<![0-9])[0-9]{4}-[0-9]{2}-[0-9]{2}(?![0-9])/g;

/** Every string leaf of every example in the document, by JSON path. */
function exampleStrings(root: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const leaves = (value: unknown, path: string) => {
    if (typeof value === 'string') out.set(path, value);
    else if (Array.isArray(value)) value.forEach((item, index) => leaves(item, `${path}/${index}`));
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) leaves(item, `${path}/${key}`);
  };
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) return node.forEach((item, index) => walk(item, `${path}/${index}`));
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node as JsonObject)) {
      const here = `${path}/${key}`;
      if (key === 'example') leaves(value, here);
      else if (key === 'examples' && Array.isArray(value)) leaves(value, here);
      else if (key === 'examples' && value && typeof value === 'object')
        for (const [name, example] of Object.entries(value as JsonObject)) leaves((example as JsonObject)?.value, `${here}/${name}/value`);
      else if (key === 'x-refinement-examples' && Array.isArray(value))
        value.forEach((item, index) => leaves((item as JsonObject).body, `${here}/${index}/body`));
      else walk(value, here);
    }
  };
  walk(root, '');
  return out;
}

/** Paths of every schema with `format: date` or `date-time` whose `example` is a date (not null). */
function datedSchemaExamples(root: unknown): string[] {
  const out: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) return node.forEach((item, index) => walk(item, `${path}/${index}`));
    if (!node || typeof node !== 'object') return;
    const schema = node as JsonObject;
    if ((schema.format === 'date' || schema.format === 'date-time') && typeof schema.example === 'string') out.push(`${path}/example`);
    for (const [key, value] of Object.entries(schema)) walk(value, `${path}/${key}`);
  };
  walk(root, '');
  return out;
}

// The only dates kept: the sandbox's individual, whom the PPSR register looks up by date of birth.
const FIXED = [
  /^\/components\/schemas\/PpsrIndividualSearch\/(properties\/dateOfBirth\/example|example\/dateOfBirth)$/,
  /^\/paths\/\/ppsr\/searches\/post\/requestBody\/content\/application\/json\/examples\/individual\/value\/dateOfBirth$/,
];
const isFixed = (path: string) => FIXED.some((pattern) => pattern.test(path));

describe('D-61 example dates', () => {
  it('says in the document the day its examples are written for', () => {
    expect(document.info).toMatchObject({ 'x-examples-date': '2026-11-22' });
  });

  it('moves dates by whole days across month, leap-day and year ends, and leaves non-dates alone', () => {
    expect(shiftDate('2026-11-20', -365)).toBe('2025-11-20');
    expect(shiftDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDate('2026-02-30', 1)).toBe('2026-02-30');
    expect([isCalendarDate('2028-02-29'), isCalendarDate('2026-02-29'), isCalendarDate('2026-2-01')]).toEqual([true, false, false]);
    expect(shiftDatesIn('2026-11-22T03:00:00Z', 3)).toBe('2026-11-25T03:00:00Z');
    expect(shiftDatesIn('2026-11-22T13:05:12+10:00', -1)).toBe('2026-11-21T13:05:12+10:00');
    expect(shiftDatesIn('Must not be after today (2026-11-22, Australia/Brisbane).', 10)).toBe(
      'Must not be after today (2026-12-02, Australia/Brisbane).',
    );
    expect(shiftDatesIn('order-2026-11-22-0001', 1)).toBe('order-2026-11-23-0001');
    expect(shiftDatesIn('202403150012345 and 12026-11-22', 1)).toBe('202403150012345 and 12026-11-22');
  });

  describe.each([
    { label: 'a year before', today: '2025-11-23' },
    { label: 'five years after', today: '2031-11-22' },
  ])('the document served $label the reference date ($today)', ({ today }) => {
    const days = daysFrom(written, today);
    const served = documentForToday(document, today);
    const before = exampleStrings(document);
    const after = exampleStrings(served);

    it('moves every date in every example by the same days, keeping only the sandbox individual', () => {
      expect([...after.keys()]).toEqual([...before.keys()]);
      const fixed: string[] = [];
      let moved = 0;
      for (const [path, text] of before) {
        const dates = text.match(DATE) ?? [];
        if (dates.length === 0 || dates.every((date) => shiftDate(date, 0) !== date)) {
          expect(after.get(path), path).toBe(text);
          continue;
        }
        if (isFixed(path)) {
          fixed.push(path);
          expect(after.get(path), path).toBe(text);
        } else {
          expect(after.get(path), path).toBe(text.replace(DATE, (date) => shiftDate(date, days)));
          expect(after.get(path), path).not.toBe(text);
          moved++;
        }
      }
      expect(fixed).toHaveLength(3); // the schema example, its property example and the request example
      expect(moved).toBeGreaterThan(250);
    });

    it('covers every schema with format date or date-time that has an example', () => {
      const paths = datedSchemaExamples(document);
      expect(paths.length).toBeGreaterThan(40);
      for (const path of paths) {
        const was = before.get(path);
        expect(was, `${path} is not an example location the test walks`).toBeDefined();
        if (!isFixed(path)) expect(after.get(path), path).toBe(shiftDatesIn(was!, days));
      }
    });

    it('changes nothing but the examples and x-examples-date', () => {
      const strip = (doc: JsonObject) =>
        JSON.parse(
          JSON.stringify({ ...doc, info: { ...(doc.info as JsonObject), 'x-examples-date': null } }, (key, value: unknown) =>
            key === 'example' || key === 'examples' || key === 'x-refinement-examples' ? null : value,
          ),
        ) as unknown;
      expect(strip(served)).toEqual(strip(document));
      expect(served.info).toMatchObject({ 'x-examples-date': today });
    });

    it("keeps every Form 484 request example valid on that day, and every refinement example refused with its code", () => {
      const operation = (served.paths as JsonObject)['/asic-484-forms'] as { post: JsonObject };
      const media = ((operation.post.requestBody as JsonObject).content as JsonObject)['application/json'] as JsonObject;
      const examples = Object.entries(media.examples as Record<string, { value: unknown }>);
      expect(examples.length).toBeGreaterThan(3);
      for (const [name, example] of examples) expect(validateForm484(example.value, { today }), name).toEqual([]);
      for (const example of operation.post['x-refinement-examples'] as { code: string; summary: string; body: unknown }[])
        expect(
          validateForm484(example.body, { today }).map((problem) => problem.code),
          example.summary,
        ).toContain(example.code);
    });
  });

  it('would refuse the examples as written five years on (what the shift is for)', () => {
    const operation = (document.paths as JsonObject)['/asic-484-forms'] as { post: JsonObject };
    const media = ((operation.post.requestBody as JsonObject).content as JsonObject)['application/json'] as JsonObject;
    const first = Object.values(media.examples as Record<string, { value: unknown }>)[0]!;
    expect(validateForm484(first.value, { today: '2031-11-22' }).map((problem) => problem.code)).toContain('date_out_of_window');
  });
});
