// GET /helpers/industries (D-45): search the shipped ANZSIC 2006 classification by code prefix or
// by words of the title. Ranking: the exact code, then codes starting with the query, then titles
// containing every query word (as a word prefix, so `takeaw` finds Takeaway); within a rank shorter
// codes (broader entries) first, then the classification's own order.
import type { z } from 'zod';
import type { Industry, IndustryList } from '../../../schemas/helpers/index.js';
import type { AnzsicEntry } from '../../registers/anzsic-classification.js';
import { pageMeta, pageWindow, type PageRequest } from '../../../schemas/common/pagination.js';
import type { VerbArgs } from '../verb.js';

export type IndustryView = z.infer<typeof Industry>;
export type IndustryListView = z.infer<typeof IndustryList>;

export interface IndustriesContext {
  /** The classification in its own order (each division followed by its descendants). */
  industries: readonly AnzsicEntry[];
}

export interface IndustrySearchInput extends PageRequest {
  q?: string | undefined;
}

/** Lower-case words of letters and digits; `&`, commas and brackets only separate. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** Title words per entry, split once: the classification is fixed and every search reads them all. */
const titleWordsCache = new WeakMap<AnzsicEntry, string[]>();

function titleWordsOf(entry: AnzsicEntry): string[] {
  let cached = titleWordsCache.get(entry);
  if (!cached) {
    cached = words(entry.title);
    titleWordsCache.set(entry, cached);
  }
  return cached;
}

const RANK = { exactCode: 0, codePrefix: 1, titleWords: 2 } as const;

function rankOf(entry: AnzsicEntry, code: string, queryWords: readonly string[]): number | null {
  if (entry.code === code) return RANK.exactCode;
  if (entry.code.startsWith(code)) return RANK.codePrefix;
  if (queryWords.length === 0) return null;
  const titleWords = titleWordsOf(entry);
  return queryWords.every((q) => titleWords.some((t) => t.startsWith(q))) ? RANK.titleWords : null;
}

function matching(industries: readonly AnzsicEntry[], q: string): AnzsicEntry[] {
  const code = q.trim().toUpperCase();
  const queryWords = words(q);
  // A query with nothing to match (only spaces or punctuation) finds nothing rather than everything.
  if (code === '' || queryWords.length === 0) return [];
  return industries
    .map((entry, order) => ({ entry, order, rank: rankOf(entry, code, queryWords) }))
    .filter((hit): hit is { entry: AnzsicEntry; order: number; rank: number } => hit.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.entry.code.length - b.entry.code.length || a.order - b.order)
    .map((hit) => hit.entry);
}

export function searchIndustries({ ctx, input }: VerbArgs<IndustriesContext, IndustrySearchInput>): IndustryListView {
  const window = pageWindow(input);
  const found = input.q === undefined ? [...ctx.industries] : matching(ctx.industries, input.q);
  return {
    data: found
      .slice(window.offset, window.offset + window.perPage)
      .map(({ code, title, level, divisionCode }) => ({ code, title, level, divisionCode })),
    meta: pageMeta(window, found.length),
  };
}
