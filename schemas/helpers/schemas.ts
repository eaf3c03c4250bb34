// Helper lookups (spec 4.1, D-45): the query and response schemas.
import { z } from '../common/zod.js';
import { IsoDateTime } from '../common/dates.js';
import { PageMeta, PageQuery } from '../common/pagination.js';
import { NAME_NOTE, foldName, nameText } from '../common/names.js';
import { NAME_HAS_LETTER_OR_DIGIT, refineStated } from '../common/stated-rules.js';

/**
 * A name the D-45 comparison can read: after folding (schemas/common/names.ts), a letter, mark or digit
 * in any script, or `&` (read as AND). Punctuation alone would normalise to nothing and match nothing.
 */
export function hasLetterOrDigit(name: string): boolean {
  return /[\p{L}\p{M}\p{N}&]/u.test(foldName(name));
}

export const CompanyNameAvailabilityQuery = z.strictObject({
  name: refineStated(nameText({ min: 1, max: 200 }), NAME_HAS_LETTER_OR_DIGIT, hasLetterOrDigit).openapi({
    description: `Proposed company name: at least one letter or digit, in any script. ${NAME_NOTE}`,
    example: 'Sandbox Trading Pty Ltd',
  }),
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
        'The name as compared: NFKC-normalised (fullwidth and ligature forms read as their plain letters), upper case, punctuation removed, `PROPRIETARY` read as `PTY`, `LIMITED` as `LTD`, `&` as `AND` (D-45, D-57).',
    }),
    available: z
      .boolean()
      .openapi({ description: 'False when a registered company has an identical name, or one that looks identical (D-57).' }),
    conflicts: z.array(NameConflict).openapi({
      description:
        'Registered companies whose names are identical under these rules, or look identical: Cyrillic or Greek letters drawn like Latin ones read as those Latin letters (`АСМЕ` written in Cyrillic looks like `ACME`; D-57).',
    }),
    reason: z.string().optional().openapi({
      description:
        'Present when the answer needs explaining: a conflict only looks identical, or the name mixes Latin letters with Cyrillic or Greek ones in one word, which readers cannot tell apart (D-57). Words for people; do not parse.',
      example: 'Looks like the name of a registered company: it uses Cyrillic or Greek letters drawn like Latin ones (D-57).',
    }),
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
