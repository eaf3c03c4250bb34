// Helper lookups (spec 4.1, D-45): the query and response schemas.
import { z } from '../common/zod.js';
import { IsoDateTime } from '../common/dates.js';
import { PageMeta, PageQuery } from '../common/pagination.js';

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
