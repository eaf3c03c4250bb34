// Industry search ranking and pagination (D-45, D-38), over the shipped classification.
import { describe, expect, it } from 'vitest';
import { searchIndustries } from '../../server/domain/helpers/industries.js';
import { loadAnzsicClassification } from '../../server/registers/anzsic-classification.js';

const industries = loadAnzsicClassification().entries;

function codes(q: string | undefined, perPage = 100): string[] {
  return searchIndustries({ ctx: { industries }, input: { q, perPage } }).data.map((entry) => entry.code);
}

describe('searchIndustries', () => {
  it('puts the exact code first, then longer codes under it', () => {
    expect(codes('45')).toEqual(['45', '451', '452', '453', '4511', '4512', '4513', '4520', '4530']);
    expect(codes('4512')).toEqual(['4512']);
  });

  it('matches a division letter in either case', () => {
    expect(codes('h')[0]).toBe('H');
    expect(codes('H')[0]).toBe('H');
  });

  it('needs every word, each as the start of a title word, case-insensitive', () => {
    expect(codes('takeaway')).toEqual(['451', '4512']);
    expect(codes('TAKEAW food')).toEqual(['451', '4512']);
    expect(codes('takeaway pubs')).toEqual([]);
    expect(codes('akeaway')).toEqual([]);
  });

  it('treats & and commas as separators only', () => {
    expect(codes('cafes & restaurants')).toEqual(['451', '4511']);
  });

  it('ranks code matches above title matches and broader entries first', () => {
    const found = codes('2');
    expect(found[0]).toBe('20');
    expect(found.every((code) => code.startsWith('2'))).toBe(true);
    const manufacturing = codes('manufacturing');
    expect(manufacturing[0]).toBe('C');
    expect(manufacturing.slice(1, 4)).toEqual(['11', '12', '13']);
  });

  it('finds nothing for a query of punctuation only', () => {
    expect(searchIndustries({ ctx: { industries }, input: { q: '&' } }).meta).toEqual({
      currentPage: 1,
      perPage: 25,
      total: 0,
      lastPage: 1,
    });
  });

  it('lists everything in classification order without a query, 25 a page by default', () => {
    const first = searchIndustries({ ctx: { industries }, input: {} });
    expect(first.meta).toEqual({ currentPage: 1, perPage: 25, total: 825, lastPage: 33 });
    expect(first.data.slice(0, 4).map((entry) => entry.code)).toEqual(['A', '01', '011', '0111']);
    const last = searchIndustries({ ctx: { industries }, input: { page: 33 } });
    expect(last.data).toHaveLength(825 - 32 * 25);
    expect(last.data.at(-1)?.code).toBe('9603');
  });

  it('answers an empty page past the end with the real meta', () => {
    expect(searchIndustries({ ctx: { industries }, input: { q: 'takeaway', page: 3, perPage: 1 } })).toEqual({
      data: [],
      meta: { currentPage: 3, perPage: 1, total: 2, lastPage: 2 },
    });
  });
});
