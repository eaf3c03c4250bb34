// Helper lookups (spec 4.1, D-45): callable with publishable keys from allowed domains.
import { defineOperation } from '../common/operation.js';
import { TAGS } from '../tags.js';
import { CompanyNameAvailability, CompanyNameAvailabilityQuery, IndustriesQuery, IndustryList } from './schemas.js';
import { validationExample } from '../common/validation-example.js';

export const getCompanyNameAvailability = defineOperation({
  method: 'get',
  path: '/helpers/company-name-availability',
  operationId: 'getCompanyNameAvailability',
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
        missingName: validationExample('No name', { name: [{ code: 'required', message: 'Required.' }] }),
      },
    },
  },
});

export const listIndustries = defineOperation({
  method: 'get',
  path: '/helpers/industries',
  operationId: 'listIndustries',
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
        perPage: validationExample('perPage over 100', { perPage: [{ code: 'too_big', message: 'Must be at most 100.' }] }),
      },
    },
  },
});
