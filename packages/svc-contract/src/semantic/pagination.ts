// Pagination consistency of a list (`x-pagination`): walking every page with one page size yields
// exactly `total` items, every page but the last is full, every page says the same `total` and
// `lastPage`, no item comes twice, and the page after the last is empty.
import type { JsonObject } from '../types.js';

export interface Page {
  items: unknown[];
  meta: { currentPage?: unknown; perPage?: unknown; total?: unknown; lastPage?: unknown };
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The items and meta of a list answer, or undefined when the answer has neither. */
export function readPage(bodyText: string, items: string, meta: string): Page | undefined {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return undefined;
  }
  if (!isObject(body) || !Array.isArray(body[items]) || !isObject(body[meta])) return undefined;
  return { items: body[items] as unknown[], meta: body[meta] as Page['meta'] };
}

/** How an item is told apart from the others: its `id` when it has one, else all of it. */
function identity(item: unknown): string {
  return isObject(item) && item.id !== undefined ? `id:${JSON.stringify(item.id)}` : JSON.stringify(item);
}

/**
 * The problems of a walk: `pages` are pages 1..n asked with `perPage`, then the page after the
 * last (`after`). Empty when the list is consistent.
 */
export function paginationProblems(pages: Page[], after: Page | undefined, perPage: number): string[] {
  const first = pages[0];
  if (!first) return ['no first page'];
  const total = first.meta.total;
  if (typeof total !== 'number') return ['meta.total is not a number'];
  const problems: string[] = [];
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  if (first.meta.lastPage !== lastPage)
    problems.push(`meta.lastPage is ${String(first.meta.lastPage)}, total ${total} at ${perPage} a page gives ${lastPage}`);
  pages.forEach((page, i) => {
    if (page.meta.total !== total) problems.push(`page ${i + 1} says total ${String(page.meta.total)}, page 1 said ${total}`);
    if (page.meta.currentPage !== i + 1) problems.push(`page ${i + 1} says currentPage ${String(page.meta.currentPage)}`);
    if (i < pages.length - 1 && page.items.length !== perPage)
      problems.push(`page ${i + 1} of ${pages.length} has ${page.items.length} items, not ${perPage}`);
  });
  const walked = pages.flatMap((page) => page.items);
  if (walked.length !== total) problems.push(`walking ${pages.length} page(s) gave ${walked.length} items; meta.total is ${total}`);
  const seen = new Set<string>();
  const repeated = walked.map(identity).filter((key) => (seen.has(key) ? true : (seen.add(key), false)));
  if (repeated.length > 0) problems.push(`${repeated.length} item(s) came on two pages (${repeated.slice(0, 3).join(', ')})`);
  if (after && after.items.length > 0) problems.push(`the page after the last (${pages.length + 1}) has ${after.items.length} items`);
  return problems;
}
