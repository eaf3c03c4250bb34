// PPSR searches of every account (the sandbox console): what was searched and where each
// search is; its results and certificates are read through the public API (`getPpsrSearch`).
import { z } from '../common/zod.js';
import { IsoDateTime } from '../common/dates.js';
import { AccountFilter, AccountId, Environment } from './shared.js';
import { defineOperation } from '../common/operation.js';
import { validationFailed } from './error-responses.js';
import { ADMIN_TAGS } from './tags.js';

export const PpsrSearchSummary = z
  .strictObject({
    requestId: z.int().min(1).openapi({ example: 1001 }),
    accountId: AccountId,
    environment: Environment,
    status: z.enum(['new', 'processing', 'completed', 'failed']).openapi({ example: 'completed' }),
    request: z.record(z.string(), z.unknown()).openapi({ description: 'The search as submitted.', example: { vin: '1HGCM82633A004352' } }),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  })
  .openapi('PpsrSearchOverview', { description: 'One PPSR search as the operator overview lists it.' });

export const PpsrSearchOverviewList = z
  .strictObject({ data: z.array(PpsrSearchSummary).openapi({ description: 'Newest first, at most 200.' }) })
  .openapi('PpsrSearchOverviewList');

export const ListPpsrSearchesQuery = z.strictObject({
  accountId: AccountFilter,
});

export const listPpsrSearches = defineOperation({
  method: 'get',
  path: '/admin/ppsr/searches',
  operationId: 'listPpsrSearches',
  summary: 'List PPSR searches',
  description:
    'Lists PPSR searches of every account (or of one), newest first, at most 200, with what was searched and the status. The results and certificates are read with the public `GET /ppsr/searches/{requestId}` using a key of the account.',
  tag: ADMIN_TAGS.ppsr,
  access: 'admin',
  query: ListPpsrSearchesQuery,
  success: {
    200: {
      description: 'The searches.',
      schema: PpsrSearchOverviewList,
      examples: {
        one: {
          summary: 'One VIN search',
          value: {
            data: [
              {
                requestId: 1001,
                accountId: 'acct_7Hq2LmN4pQr8sTu1vWx3yZa5',
                environment: 'test',
                status: 'completed',
                request: { vin: '1HGCM82633A004352' },
                createdAt: '2026-11-22T03:00:00Z',
                updatedAt: '2026-11-22T03:00:01Z',
              },
            ],
          },
        },
        empty: { summary: 'No search yet', value: { data: [] } },
      },
    },
  },
  errors: {
    422: validationFailed('`accountId` empty or longer than 64 characters.', 'Empty account id', {
      accountId: [{ code: 'too_small', message: 'Must not be empty.' }],
    }),
  },
});
