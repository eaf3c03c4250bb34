import { z } from './zod.js';

/** D-38: every list takes `page` (from 1) and `perPage` (default 25, max 100). */
export const PageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1).optional().openapi({ description: 'Page number, from 1.', example: 1 }),
  perPage: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(25)
    .optional()
    .openapi({ description: 'Items per page (default 25, max 100).', example: 25 }),
});

export const PageMeta = z
  .strictObject({
    currentPage: z.int().min(1),
    perPage: z.int().min(1).max(100),
    total: z.int().min(0),
    lastPage: z.int().min(1),
  })
  .openapi('PageMeta', {
    description: 'Pagination of a list response (spec 2.6).',
    example: { currentPage: 1, perPage: 25, total: 1, lastPage: 1 },
  });
