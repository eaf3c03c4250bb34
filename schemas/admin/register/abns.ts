// ABNs on the simulated ABR (sandbox.md "Simulated registers"): create or replace, and change.
import { GST_DATE_NEEDS_REGISTRATION, SOME_FIELD, superRefineStated } from '../../common/stated-rules.js';
import { z } from '../../common/zod.js';
import { NAME_NOTE, nameText } from '../../common/names.js';
import { IsoDate, IsoDateTime } from '../../common/dates.js';
import { Abn, Acn } from '../../common/identifiers.js';
import { defineOperation } from '../../common/operation.js';
import { validationFailed } from '../error-responses.js';
import { requireSomeField } from '../shared.js';
import { ADMIN_TAGS } from '../tags.js';
import { magicValueRefused } from './sandbox-magic.js';
import { BusinessNames, CHECK_NOTE, EntityTypeCode, GstDate, GstRegistered, checkGst } from './shared.js';

export const AbnStatus = z.enum(['active', 'cancelled']).openapi({
  description: 'ABR status. `cancelled` makes a monitoring order answer `abn_not_active`; a change is a `status_change` event.',
  example: 'active',
});

export const AbnRecord = z
  .strictObject({
    abn: Abn,
    entityName: z.string(),
    status: AbnStatus,
    entityType: EntityTypeCode,
    acn: Acn.nullable(),
    gstRegistered: z.boolean(),
    gstDate: IsoDate.nullable(),
    businessNames: z.array(z.string()),
    updatedAt: IsoDateTime.openapi({ description: 'Last change, by the service clock.' }),
  })
  .openapi('RegisterAbn', { description: 'An ABN as the simulated ABR reports it.' });

const abnFields = {
  entityName: nameText({ min: 1, max: 200 }).openapi({
    description: `Name of the ABN holder. A change is a \`name_change\` event. ${NAME_NOTE}`,
    example: 'JANE CITIZEN',
  }),
  status: AbnStatus,
  entityType: EntityTypeCode.openapi({ example: 'IND' }),
  acn: Acn.nullable().openapi({
    description:
      'The company this ABN belongs to, or null. Pointing an ABN at another company produces `abn_acn_mismatch` for orders that pair it with a different ACN.',
  }),
  gstRegistered: GstRegistered,
  gstDate: GstDate.nullable(),
  businessNames: BusinessNames,
};

export const UpsertAbnRequest = superRefineStated(
  z.strictObject({
    abn: Abn,
    entityName: abnFields.entityName,
    status: abnFields.status,
    entityType: abnFields.entityType,
    acn: abnFields.acn.optional(),
    gstRegistered: abnFields.gstRegistered.optional(),
    gstDate: abnFields.gstDate.optional(),
    businessNames: abnFields.businessNames.optional(),
  }),
  [GST_DATE_NEEDS_REGISTRATION],
  (value, ctx) => checkGst(value, ctx, false),
).openapi('UpsertAbnRequest', {
  description: 'The whole ABN record. Fields left out take their defaults: no company, not GST registered, no business names.',
});

export const UpdateAbnRequest = superRefineStated(
  z.strictObject(abnFields).partial(),
  [SOME_FIELD, GST_DATE_NEEDS_REGISTRATION],
  (value, ctx) => {
    requireSomeField(value, ctx);
    checkGst(value, ctx, false);
  },
).openapi('UpdateAbnRequest', { description: 'The fields to change, at least one; `null` clears a nullable field.', minProperties: 1 });

export const AbnParam = z.strictObject({
  abn: z.string().min(1).max(20).openapi({ description: 'The ABN, 11 digits.', example: '51824753556' }),
});

/**
 * A sole trader's ABN as the operator API answers it: a number outside the documented magic values,
 * which the register API refuses to change.
 */
const abnExample = {
  abn: '51824753556',
  entityName: 'ALEX CITIZEN',
  status: 'active',
  entityType: 'IND',
  acn: null,
  gstRegistered: false,
  gstDate: null,
  businessNames: ["ALEX'S BOOKKEEPING"],
  updatedAt: '2026-11-22T03:00:00Z',
} satisfies z.infer<typeof AbnRecord>;

export const upsertAbn = defineOperation({
  method: 'post',
  path: '/admin/register/abns',
  operationId: 'upsertAbn',
  summary: 'Create or replace an ABN',
  description: `Creates the ABN record, or replaces it whole when the ABN is already known. Use it for ABN holders that are not companies (sole traders, partnerships, trusts) and to point an ABN at a company with \`acn\`; a company's own ABN can also be set on the company. ${CHECK_NOTE}`,
  tag: ADMIN_TAGS.register,
  access: 'admin',
  body: {
    schema: UpsertAbnRequest,
    examples: {
      soleTrader: {
        summary: 'Sole trader',
        value: {
          abn: '51824753556',
          entityName: 'ALEX CITIZEN',
          status: 'active',
          entityType: 'IND',
          businessNames: ["ALEX'S BOOKKEEPING"],
        },
      },
      ofCompany: {
        summary: 'ABN of another company',
        value: {
          abn: '62100000084',
          entityName: 'HARBOUR LIGHTS INVESTMENTS PTY LTD',
          status: 'active',
          entityType: 'PRV',
          acn: '100000084',
        },
      },
    },
  },
  success: {
    200: {
      description: 'Replaced an existing ABN record.',
      schema: AbnRecord,
      examples: { replaced: { summary: 'Replaced', value: abnExample } },
    },
    201: {
      description: 'Created a new ABN record.',
      schema: AbnRecord,
      examples: {
        created: {
          summary: 'Created',
          value: {
            abn: '62100000084',
            entityName: 'HARBOUR LIGHTS INVESTMENTS PTY LTD',
            status: 'active',
            entityType: 'PRV',
            acn: '100000084',
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
    409: magicValueRefused('ABN', '53900000001'),
    422: validationFailed('a bad ABN or ACN checksum, an unknown status, or a missing `entityName` or `entityType`.', 'Bad ABN', {
      abn: [{ code: 'invalid_abn', message: 'Not a valid ABN (checksum failed).' }],
    }),
  },
});

export const updateAbn = defineOperation({
  method: 'patch',
  path: '/admin/register/abns/{abn}',
  operationId: 'updateAbn',
  summary: 'Change an ABN',
  description: `Changes the given fields of an ABN the register knows (including fixtures and generated ones). ${CHECK_NOTE}`,
  tag: ADMIN_TAGS.register,
  access: 'admin',
  params: AbnParam,
  body: {
    schema: UpdateAbnRequest,
    examples: {
      cancel: { summary: 'Cancel the ABN', value: { status: 'cancelled' } },
      gst: { summary: 'Register for GST', value: { gstRegistered: true, gstDate: '2026-11-01' } },
    },
  },
  success: {
    200: {
      description: 'The ABN record as changed.',
      schema: AbnRecord,
      examples: { cancelled: { summary: 'Cancelled', value: { ...abnExample, status: 'cancelled', updatedAt: '2026-11-23T00:00:00Z' } } },
    },
  },
  errors: {
    404: {
      description: '`not_found`: the register has no such ABN (for example ABN 15 900 000 003).',
      examples: { notFound: { summary: 'No such ABN', value: { error: 'not_found', message: 'No such ABN.' } } },
    },
    409: magicValueRefused('ABN', '53900000001'),
    422: validationFailed('an empty body (`empty_body`), an unknown field or status, or a bad ACN checksum.', 'Unknown status', {
      status: [{ code: 'invalid_enum', message: 'Must be one of: active, cancelled.' }],
    }),
  },
});
