// The shipped ANZSIC 2006 file (server/registers/data/anzsic-2006.json) is whole and well formed.
// Counts are the published structure of ANZSIC 2006: 19 divisions, 86 subdivisions, 214 groups,
// 506 classes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ANZSIC_CODE_PATTERN,
  ANZSIC_FILE,
  loadAnzsicClassification,
  type AnzsicEntry,
} from '../../server/registers/anzsic-classification.js';

const classification = loadAnzsicClassification();
const entries = classification.entries;
const byCode = new Map(entries.map((entry) => [entry.code, entry]));

function parentCode(entry: AnzsicEntry): string | null {
  switch (entry.level) {
    case 'division':
      return null;
    case 'subdivision':
      return entry.divisionCode;
    case 'group':
    case 'class':
      return entry.code.slice(0, entry.code.length - 1);
  }
}

function countOf(level: AnzsicEntry['level']): number {
  return entries.filter((entry) => entry.level === level).length;
}

describe('ANZSIC 2006 data', () => {
  it('has the 19 divisions A to S with their titles', () => {
    const divisions = entries.filter((entry) => entry.level === 'division');
    expect(divisions.map((d) => d.code).join('')).toBe('ABCDEFGHIJKLMNOPQRS');
    expect(byCode.get('A')?.title).toBe('Agriculture, Forestry and Fishing');
    expect(byCode.get('H')?.title).toBe('Accommodation and Food Services');
    expect(byCode.get('S')?.title).toBe('Other Services');
  });

  it('has every subdivision, group and class as shipped', () => {
    expect({
      division: countOf('division'),
      subdivision: countOf('subdivision'),
      group: countOf('group'),
      class: countOf('class'),
    }).toEqual({
      division: 19,
      subdivision: 86,
      group: 214,
      class: 506,
    });
    expect(classification.counts).toEqual({ division: 19, subdivision: 86, group: 214, class: 506 });
  });

  it('has well-formed codes for each level', () => {
    for (const entry of entries) expect(entry.code, entry.title).toMatch(ANZSIC_CODE_PATTERN[entry.level]);
  });

  it('has no duplicate codes', () => {
    expect(byCode.size).toBe(entries.length);
  });

  it("has every child's parent, in the same division", () => {
    for (const entry of entries) {
      const parent = parentCode(entry);
      if (parent === null) continue;
      expect(byCode.has(parent), `${entry.code} has no parent ${parent}`).toBe(true);
      expect(byCode.get(parent)?.divisionCode, entry.code).toBe(entry.divisionCode);
    }
  });

  it('has a child under every division, subdivision and group', () => {
    const parents = new Set(entries.map(parentCode));
    for (const entry of entries) if (entry.level !== 'class') expect(parents.has(entry.code), `${entry.code} has no children`).toBe(true);
  });

  it('lists each division followed by its descendants, in code order', () => {
    let previous: AnzsicEntry | undefined;
    for (const entry of entries) {
      if (previous && entry.level !== 'division') {
        expect(entry.divisionCode).toBe(previous.divisionCode);
        if (previous.level !== 'division') expect(entry.code > previous.code, `${previous.code} then ${entry.code}`).toBe(true);
      }
      previous = entry;
    }
  });

  it('has titles without stray spaces, and the titles cut short in the source copy in full', () => {
    for (const entry of entries) expect(entry.title).toBe(entry.title.trim().replace(/\s+/g, ' '));
    expect(byCode.get('4512')?.title).toBe('Takeaway Food Services');
    expect(byCode.get('2240')?.title).toBe('Sheet Metal Product Manufacturing (except Metal Structural and Container Products)');
    expect(byCode.get('9422')?.title).toBe('Electronic (except Domestic Appliance) and Precision Equipment Repair and Maintenance');
  });

  it('names its source', () => {
    const raw = JSON.parse(readFileSync(ANZSIC_FILE, 'utf8')) as { source: string; attribution: string };
    expect(raw.source).toContain('Australian Bureau of Statistics');
    expect(raw.attribution).toBe('Source: Australian Bureau of Statistics.');
  });
});
