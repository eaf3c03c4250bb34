// Helper lookups (spec 4.1, D-45): callable with publishable keys from allowed domains.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from './common/zod.js';
import { apiError } from './common/errors.js';
import { IsoDateTime } from './common/dates.js';
import { PageMeta, PageQuery } from './common/pagination.js';
import { registerOperation } from './common/operation.js';
import { TAGS } from './tags.js';

export const HELPERS_OPERATIONS = {
  getCompanyNameAvailability: 'getCompanyNameAvailability',
  listIndustries: 'listIndustries',
} as const;

export const CompanyNameAvailabilityQuery = z.strictObject({
  name: z.string().min(1).max(200).openapi({ description: 'Proposed company name.', example: 'Sandbox Trading Pty Ltd' }),
});

export const NameConflict = z
  .strictObject({
    name: z.string().openapi({ example: 'SANDBOX TRADING PTY LTD' }),
    acn: z.string().openapi({ example: '100000011' }),
  })
  .openapi('NameConflict');

export const CompanyNameAvailability = z
  .strictObject({
    name: z.string().openapi({ description: 'The name as asked.' }),
    normalisedName: z.string().openapi({
      description:
        'The name as compared: upper case, punctuation removed, `PROPRIETARY` read as `PTY`, `LIMITED` as `LTD`, `&` as `AND` (D-45).',
    }),
    available: z.boolean().openapi({ description: 'False when a registered company has an identical name.' }),
    conflicts: z.array(NameConflict).openapi({ description: 'Registered companies whose names are identical under these rules.' }),
    checkedAt: IsoDateTime,
  })
  .openapi('CompanyNameAvailability');

export const IndustriesQuery = PageQuery.extend({
  q: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .openapi({ description: 'Words or a code to search for; omit to list everything.', example: 'takeaway' }),
});

export const Industry = z
  .strictObject({
    code: z.string().openapi({ description: 'ANZSIC 2006 code: a division letter, or 2, 3 or 4 digits.', example: '4512' }),
    title: z.string().openapi({ example: 'Takeaway Food Services' }),
    level: z.enum(['division', 'subdivision', 'group', 'class']),
    divisionCode: z.string().openapi({ description: 'The division letter this entry belongs to.', example: 'H' }),
  })
  .openapi('Industry');

export const IndustryList = z.strictObject({ data: z.array(Industry), meta: PageMeta }).openapi('IndustryList');

export function registerHelpersPaths(registry: OpenAPIRegistry): void {
  registerOperation(registry, {
    method: 'get',
    path: '/helpers/company-name-availability',
    operationId: HELPERS_OPERATIONS.getCompanyNameAvailability,
    summary: 'Check company name availability',
    description:
      'Checks a proposed company name against the company register. Names that differ only in case, punctuation, `PTY`/`PROPRIETARY`, `LTD`/`LIMITED` or `&`/`AND` are identical (D-45). In the sandbox, `SANDBOX TRADING PTY LTD` is taken.',
    tag: TAGS.helpers,
    access: 'publishable',
    family: 'api',
    rateLimit: 'helpers',
    query: CompanyNameAvailabilityQuery,
    success: {
      200: {
        description: 'The availability of the name.',
        schema: CompanyNameAvailability,
        examples: {
          taken: {
            summary: 'Identical to a registered company',
            value: {
              name: 'Sandbox Trading Proprietary Limited',
              normalisedName: 'SANDBOX TRADING PTY LTD',
              available: false,
              conflicts: [{ name: 'SANDBOX TRADING PTY LTD', acn: '100000011' }],
              checkedAt: '2026-11-22T03:00:00Z',
            },
          },
          available: {
            summary: 'Available',
            value: {
              name: 'Harbour Lights Pty Ltd',
              normalisedName: 'HARBOUR LIGHTS PTY LTD',
              available: true,
              conflicts: [],
              checkedAt: '2026-11-22T03:00:00Z',
            },
          },
        },
      },
    },
    errors: {
      422: {
        description: '`validation_failed`: `name` missing, empty or over 200 characters.',
        examples: {
          missingName: {
            summary: 'No name',
            value: apiError('validation_failed', 'The request is not valid.', {
              errors: { name: [{ code: 'required', message: 'Required.' }] },
            }),
          },
        },
      },
    },
  });

  registerOperation(registry, {
    method: 'get',
    path: '/helpers/industries',
    operationId: HELPERS_OPERATIONS.listIndustries,
    summary: 'Search industries',
    description:
      'Searches the ANZSIC 2006 industry classification (divisions, subdivisions, groups and classes) by words in the title or by code prefix, best matches first.',
    tag: TAGS.helpers,
    access: 'publishable',
    family: 'api',
    rateLimit: 'helpers',
    query: IndustriesQuery,
    success: {
      200: {
        description: 'Matching industries.',
        schema: IndustryList,
        examples: {
          coffee: {
            summary: 'Search for "takeaway"',
            value: {
              data: [{ code: '4512', title: 'Takeaway Food Services', level: 'class', divisionCode: 'H' }],
              meta: { currentPage: 1, perPage: 25, total: 1, lastPage: 1 },
            },
          },
        },
      },
    },
    errors: {
      422: {
        description: '`validation_failed`: a query parameter is out of range (`perPage` over 100, `q` over 100 characters).',
        examples: {
          perPage: {
            summary: 'perPage over 100',
            value: apiError('validation_failed', 'The request is not valid.', {
              errors: { perPage: [{ code: 'too_big', message: 'Must be at most 100.' }] },
            }),
          },
        },
      },
    },
  });
}
