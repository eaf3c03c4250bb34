import { z } from './zod.js';

/** D-38: every list takes `page` (from 1) and `perPage` (default 25, max 100). */
export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

export const PageQuery = z.strictObject({
  // The largest page is the largest safe integer, as for every integer a request takes (the typed
  // parse refuses more, D-72), and its row offset (at most 100 per page) stays inside PostgreSQL's bigint.
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .default(1)
    .optional()
    .openapi({ description: 'Page number, from 1 to 9007199254740991 (2^53 - 1); a larger value is 422.', example: 1 }),
  perPage: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PER_PAGE)
    .default(DEFAULT_PER_PAGE)
    .optional()
    .openapi({ description: 'Items per page (default 25, max 100).', example: 25 }),
});

export const PageMeta = z
  .strictObject({
    currentPage: z.int().min(1),
    perPage: z.int().min(1).max(MAX_PER_PAGE),
    total: z.int().min(0),
    lastPage: z.int().min(1),
  })
  .openapi('PageMeta', {
    description: 'Pagination of a list response (spec 2.6).',
    example: { currentPage: 1, perPage: 25, total: 1, lastPage: 1 },
  });

export type PageMetaView = z.infer<typeof PageMeta>;

/** A list's `page` and `perPage` as the query gave them (either may be absent). */
export interface PageRequest {
  page?: number | undefined;
  perPage?: number | undefined;
}

export interface PageWindow {
  page: number;
  perPage: number;
  /** Rows to skip before this page. */
  offset: number;
}

/** The page asked for, with the D-38 defaults; the document already refused values out of range. */
export function pageWindow(input: PageRequest): PageWindow {
  const page = input.page ?? 1;
  const perPage = input.perPage ?? DEFAULT_PER_PAGE;
  return { page, perPage, offset: (page - 1) * perPage };
}

/** The `meta` of a list response: an empty list still has one (empty) last page. */
export function pageMeta(window: Pick<PageWindow, 'page' | 'perPage'>, total: number): PageMetaView {
  return { currentPage: window.page, perPage: window.perPage, total, lastPage: Math.max(1, Math.ceil(total / window.perPage)) };
}
