// Companies on the simulated ASIC register (sandbox.md "Simulated registers"): create or replace,
// and change. Documents and insolvency notices hang off a company by its ACN.
import { GST_DATE_NEEDS_REGISTRATION, GST_NEEDS_ABN, SOME_FIELD, superRefineStated } from '../../common/stated-rules.js';
import { z } from '../../common/zod.js';
import { IsoDate, IsoDateTime } from '../../common/dates.js';
import { Abn, Acn } from '../../common/identifiers.js';
import { AustralianState, NAME_NOTE, Postcode, nameText } from '../../common/names.js';
import { defineOperation, type AdminErrorResponse } from '../../common/operation.js';
import { validationFailed } from '../error-responses.js';
import { requireSomeField } from '../shared.js';
import { ADMIN_TAGS } from '../tags.js';
import { magicValueRefused } from './sandbox-magic.js';
import { BusinessNames, CHECK_NOTE, EntityTypeCode, GstDate, GstRegistered, checkGst } from './shared.js';

export const CompanyStatus = z.enum(['registered', 'deregistered', 'external_administration', 'strike_off_proposed']).openapi({
  description: 'ASIC status. `deregistered` makes a monitoring order answer `acn_not_eligible`; a change is a `status_change` event.',
  example: 'registered',
});

export const RegisterAddress = z
  .strictObject({
    street: z.string().min(1).max(100).openapi({ example: '1 EAGLE STREET' }),
    locality: z.string().min(1).max(50).openapi({ example: 'BRISBANE CITY' }),
    state: AustralianState,
    postcode: Postcode,
  })
  .openapi('RegisterAddress', { description: 'Registered office address. Monitoring events show it as one line (spec 2.7).' });

const CompanyName = z
  .string()
  .min(1)
  .max(200)
  .openapi({ description: 'Name as the register holds it.', example: 'SANDBOX TRADING PTY LTD' });
/** The name as a request gives it (D-57): no control or invisible formatting characters. */
const CompanyNameInput = nameText({ min: 1, max: 200 }).openapi({
  description: `Name as the register holds it. ${NAME_NOTE}`,
  example: 'SANDBOX TRADING PTY LTD',
});

export const Company = z
  .strictObject({
    acn: Acn,
    name: CompanyName,
    status: CompanyStatus,
    abn: Abn.nullable(),
    entityType: EntityTypeCode,
    address: RegisterAddress.nullable(),
    gstRegistered: z.boolean(),
    gstDate: IsoDate.nullable(),
    businessNames: z.array(z.string()),
    updatedAt: IsoDateTime.openapi({ description: 'Last change, by the service clock.' }),
  })
  .openapi('RegisterCompany', { description: 'A company as the simulated ASIC register (and, for its ABN, the ABR) reports it.' });

const companyFields = {
  name: CompanyNameInput,
  status: CompanyStatus,
  abn: Abn.nullable().openapi({ description: "The company's ABN; a lookup of that ABN then answers with this company. Null: no ABN." }),
  entityType: EntityTypeCode,
  address: RegisterAddress.nullable(),
  gstRegistered: GstRegistered,
  gstDate: GstDate.nullable(),
  businessNames: BusinessNames,
};

export const UpsertCompanyRequest = superRefineStated(
  z.strictObject({
    acn: Acn,
    name: companyFields.name,
    status: companyFields.status,
    abn: companyFields.abn.optional(),
    entityType: companyFields.entityType.optional(),
    address: companyFields.address.optional(),
    gstRegistered: companyFields.gstRegistered.optional(),
    gstDate: companyFields.gstDate.optional(),
    businessNames: companyFields.businessNames.optional(),
  }),
  [GST_NEEDS_ABN, GST_DATE_NEEDS_REGISTRATION],
  (value, ctx) => checkGst(value, ctx, true),
).openapi('UpsertCompanyRequest', {
  description:
    'The whole company. Fields left out take their defaults: no ABN, `entityType` `APTY`, no address, not GST registered, no business names.',
});

export const UpdateCompanyRequest = superRefineStated(
  z.strictObject(companyFields).partial(),
  // Only what is sent changes; the ABN rule is checked against the stored record by the server.
  [SOME_FIELD, GST_DATE_NEEDS_REGISTRATION],
  (value, ctx) => {
    requireSomeField(value, ctx);
    checkGst(value, ctx, false);
  },
).openapi('UpdateCompanyRequest', {
  description: 'The fields to change, at least one; `null` clears a nullable field.',
  minProperties: 1,
});

export const AcnParam = z.strictObject({
  acn: z.string().min(1).max(20).openapi({ description: "The company's ACN, 9 digits.", example: '100000084' }),
});

/**
 * A company as the operator API answers it (fields in the document's order): a name-check fixture,
 * not one of the documented magic values, which the register API refuses to change.
 */
const companyExample = {
  acn: '100000084',
  name: 'HARBOUR LIGHTS INVESTMENTS PTY LTD',
  status: 'registered',
  abn: '62100000084',
  entityType: 'APTY',
  address: { street: '1 EAGLE STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000' },
  gstRegistered: true,
  gstDate: '2020-07-01',
  businessNames: ['HARBOUR LIGHTS MARINA'],
  updatedAt: '2026-11-22T03:00:00Z',
} satisfies z.infer<typeof Company>;

export const companyNotFound: AdminErrorResponse = {
  description: '`not_found`: the register has no company with this ACN (for example ACN 100 000 066, or a number with a bad checksum).',
  examples: { notFound: { summary: 'No such company', value: { error: 'not_found', message: 'No such company.' } } },
};

export const upsertCompany = defineOperation({
  method: 'post',
  path: '/admin/register/companies',
  operationId: 'upsertCompany',
  summary: 'Create or replace a company',
  description: `Creates the company, or replaces it whole when the ACN is already known (a fixture, a generated company or an earlier upsert). ${CHECK_NOTE}`,
  tag: ADMIN_TAGS.register,
  access: 'admin',
  body: {
    schema: UpsertCompanyRequest,
    examples: {
      full: {
        summary: 'Registered company with ABN, GST and a business name',
        value: (({ updatedAt: _updatedAt, ...company }) => company)(companyExample),
      },
      minimal: { summary: 'Just a name and a status', value: { acn: '123456780', name: 'NEW HORIZONS PTY LTD', status: 'registered' } },
    },
  },
  success: {
    200: {
      description: 'Replaced an existing company.',
      schema: Company,
      examples: { replaced: { summary: 'Replaced', value: companyExample } },
    },
    201: {
      description: 'Created a new company.',
      schema: Company,
      examples: {
        created: {
          summary: 'Created with defaults',
          value: {
            acn: '123456780',
            name: 'NEW HORIZONS PTY LTD',
            status: 'registered',
            abn: null,
            entityType: 'APTY',
            address: null,
            gstRegistered: false,
            gstDate: null,
            businessNames: [],
            updatedAt: '2026-11-22T03:00:00Z',
          },
        },
      },
    },
  },
  errors: {
    409: magicValueRefused('ACN', '100000011'),
    422: validationFailed(
      'a bad ACN or ABN checksum (`invalid_acn`, `invalid_abn`), an unknown status, or GST registration without an ABN (`abn_required`).',
      'Bad ACN, GST without ABN',
      {
        acn: [{ code: 'invalid_acn', message: 'Not a valid ACN (checksum failed).' }],
        gstRegistered: [{ code: 'abn_required', message: 'GST registration needs an ABN.' }],
      },
    ),
  },
});

export const updateCompany = defineOperation({
  method: 'patch',
  path: '/admin/register/companies/{acn}',
  operationId: 'updateCompany',
  summary: 'Change a company',
  description: `Changes the given fields of a company the register knows (including fixtures and, in the test environment, the generated company of any valid unlisted ACN). \`businessNames\` replaces the whole list. ${CHECK_NOTE}`,
  tag: ADMIN_TAGS.register,
  access: 'admin',
  params: AcnParam,
  body: {
    schema: UpdateCompanyRequest,
    examples: {
      rename: { summary: 'Change the name', value: { name: 'HARBOUR LIGHTS HOLDINGS PTY LTD' } },
      administration: { summary: 'Enter external administration', value: { status: 'external_administration' } },
      gstCancelled: { summary: 'Cancel GST registration', value: { gstRegistered: false, gstDate: null } },
      businessNames: { summary: 'Add a business name', value: { businessNames: ['SANDBOX COFFEE', 'SANDBOX ROASTERS'] } },
    },
  },
  success: {
    200: {
      description: 'The company as changed.',
      schema: Company,
      examples: {
        renamed: {
          summary: 'Renamed',
          value: { ...companyExample, name: 'HARBOUR LIGHTS HOLDINGS PTY LTD', updatedAt: '2026-11-23T00:00:00Z' },
        },
      },
    },
  },
  errors: {
    404: companyNotFound,
    409: magicValueRefused('ACN', '100000011'),
    422: validationFailed(
      'an empty body (`empty_body`), an unknown field or status, a bad ABN checksum, or GST registration without an ABN (`abn_required`).',
      'Unknown status',
      {
        status: [
          { code: 'invalid_enum', message: 'Must be one of: registered, deregistered, external_administration, strike_off_proposed.' },
        ],
      },
    ),
  },
});
