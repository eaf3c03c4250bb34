// The simulated registers (sandbox.md "Simulated registers"): companies, ABNs, company documents,
// insolvency notices and PPSR registrations. Changing a record here is how a test makes the next
// monitoring check, PPSR search or alert see a real difference, without touching the fixtures.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from '../common/zod.js';
import { IsoDate, IsoDateTime } from '../common/dates.js';
import { Abn, Acn, isValidAbn, isValidAcn } from '../common/identifiers.js';
import { AustralianState, Postcode } from '../common/names.js';
import { registerAdminOperation, validationFailed, type AdminErrorResponse } from './operation.js';
import { requireSomeField } from './shared.js';
import { ADMIN_TAGS } from './tags.js';

export const ADMIN_REGISTER_OPERATIONS = {
  upsertCompany: 'upsertCompany',
  updateCompany: 'updateCompany',
  upsertAbn: 'upsertAbn',
  updateAbn: 'updateAbn',
  createCompanyDocument: 'createCompanyDocument',
  createInsolvencyNotice: 'createInsolvencyNotice',
  createPpsrRegistration: 'createPpsrRegistration',
} as const;

export const CompanyStatus = z.enum(['registered', 'deregistered', 'external_administration', 'strike_off_proposed']).openapi({
  description: 'ASIC status. `deregistered` makes a monitoring order answer `acn_not_eligible`; a change is a `status_change` event.',
  example: 'registered',
});

export const AbnStatus = z.enum(['active', 'cancelled']).openapi({
  description: 'ABR status. `cancelled` makes a monitoring order answer `abn_not_active`; a change is a `status_change` event.',
  example: 'active',
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
const EntityTypeCode = z.string().min(1).max(20).openapi({
  description:
    "The register's own type code, such as `APTY` (proprietary company) or `APUB` (public company) for ASIC, `IND` (individual) or `PRV` (private company) for the ABR. Monitoring shows known codes as words and an unknown code as itself (spec 2.6); a change is a `type_change` event.",
  example: 'APTY',
});
const GstRegistered = z.boolean().openapi({ description: 'Registered for GST; needs an ABN. A change is a `gst_change` event.' });
const GstDate = IsoDate.openapi({ description: 'Date of GST registration, when registered.', example: '2020-07-01' });
const BusinessNames = z
  .array(z.string().min(1).max(200))
  .max(50)
  .openapi({
    description:
      'Current business names, replacing the whole list. Names added or removed are `business_name_added` and `business_name_removed` events.',
    uniqueItems: true,
    example: ['SANDBOX COFFEE'],
  });

/** GST registration belongs to an ABN, and a GST date only makes sense while registered. */
function checkGst(
  value: { abn?: string | null; gstRegistered?: boolean | null; gstDate?: string | null },
  ctx: z.RefinementCtx,
  needsAbn: boolean,
): void {
  if (needsAbn && value.gstRegistered === true && !value.abn) {
    ctx.addIssue({ code: 'custom', path: ['gstRegistered'], message: 'GST registration needs an ABN.', params: { code: 'abn_required' } });
  }
  if (value.gstDate && value.gstRegistered === false) {
    ctx.addIssue({
      code: 'custom',
      path: ['gstDate'],
      message: 'A GST date needs gstRegistered true.',
      params: { code: 'gst_not_registered' },
    });
  }
}

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
  name: CompanyName,
  status: CompanyStatus,
  abn: Abn.nullable().openapi({ description: "The company's ABN; a lookup of that ABN then answers with this company. Null: no ABN." }),
  entityType: EntityTypeCode,
  address: RegisterAddress.nullable(),
  gstRegistered: GstRegistered,
  gstDate: GstDate.nullable(),
  businessNames: BusinessNames,
};

export const UpsertCompanyRequest = z
  .strictObject({
    acn: Acn,
    name: companyFields.name,
    status: companyFields.status,
    abn: companyFields.abn.optional(),
    entityType: companyFields.entityType.optional(),
    address: companyFields.address.optional(),
    gstRegistered: companyFields.gstRegistered.optional(),
    gstDate: companyFields.gstDate.optional(),
    businessNames: companyFields.businessNames.optional(),
  })
  .superRefine((value, ctx) => checkGst(value, ctx, true))
  .openapi('UpsertCompanyRequest', {
    description:
      'The whole company. Fields left out take their defaults: no ABN, `entityType` `APTY`, no address, not GST registered, no business names.',
  });

export const UpdateCompanyRequest = z
  .strictObject({
    name: companyFields.name.optional(),
    status: companyFields.status.optional(),
    abn: companyFields.abn.optional(),
    entityType: companyFields.entityType.optional(),
    address: companyFields.address.optional(),
    gstRegistered: companyFields.gstRegistered.optional(),
    gstDate: companyFields.gstDate.optional(),
    businessNames: companyFields.businessNames.optional(),
  })
  // Only what is sent changes; the ABN rule is checked against the stored record by the server.
  .superRefine((value, ctx) => {
    requireSomeField(value, ctx);
    checkGst(value, ctx, false);
  })
  .openapi('UpdateCompanyRequest', {
    description: 'The fields to change, at least one; `null` clears a nullable field.',
    minProperties: 1,
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
  entityName: z
    .string()
    .min(1)
    .max(200)
    .openapi({ description: 'Name of the ABN holder. A change is a `name_change` event.', example: 'JANE CITIZEN' }),
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

export const UpsertAbnRequest = z
  .strictObject({
    abn: Abn,
    entityName: abnFields.entityName,
    status: abnFields.status,
    entityType: abnFields.entityType,
    acn: abnFields.acn.optional(),
    gstRegistered: abnFields.gstRegistered.optional(),
    gstDate: abnFields.gstDate.optional(),
    businessNames: abnFields.businessNames.optional(),
  })
  .superRefine((value, ctx) => checkGst(value, ctx, false))
  .openapi('UpsertAbnRequest', {
    description: 'The whole ABN record. Fields left out take their defaults: no company, not GST registered, no business names.',
  });

export const UpdateAbnRequest = z
  .strictObject({
    entityName: abnFields.entityName.optional(),
    status: abnFields.status.optional(),
    entityType: abnFields.entityType.optional(),
    acn: abnFields.acn.optional(),
    gstRegistered: abnFields.gstRegistered.optional(),
    gstDate: abnFields.gstDate.optional(),
    businessNames: abnFields.businessNames.optional(),
  })
  .superRefine((value, ctx) => {
    requireSomeField(value, ctx);
    checkGst(value, ctx, false);
  })
  .openapi('UpdateAbnRequest', { description: 'The fields to change, at least one; `null` clears a nullable field.', minProperties: 1 });

const DocumentType = z
  .string()
  .regex(/^[0-9A-Z]{1,6}$/)
  .openapi({ description: 'ASIC form code.', example: '484' });
const DocumentNumber = z
  .string()
  .regex(/^[0-9A-Z]{9}$/)
  .openapi({ description: 'ASIC document number: 9 letters and digits (as D-35).', example: '7EAA12345' });

export const CompanyDocument = z
  .strictObject({
    acn: Acn,
    documentType: DocumentType,
    documentNumber: DocumentNumber,
    description: z.string(),
    lodgedAt: IsoDateTime,
  })
  .openapi('RegisterCompanyDocument', {
    description: 'A document lodged with ASIC for a company; a new one is a `document_lodged` event.',
  });

export const CreateCompanyDocumentRequest = z
  .strictObject({
    documentType: DocumentType,
    documentNumber: DocumentNumber.optional().openapi({ description: 'Generated when left out; must not already exist.' }),
    description: z.string().min(1).max(200).openapi({ example: 'Change to company details' }),
    lodgedAt: IsoDateTime.optional().openapi({ description: "Defaults to the clock's `now`." }),
  })
  .openapi('CreateCompanyDocumentRequest');

export const InsolvencyNotice = z
  .strictObject({
    acn: Acn,
    noticeUrl: z.url(),
    appointmentDate: IsoDate,
    description: z.string(),
    publishedAt: IsoDateTime.openapi({ description: 'When it was published, by the service clock.' }),
  })
  .openapi('RegisterInsolvencyNotice', {
    description: 'A published insolvency notice about a company; each one (a reissue too) is an `insolvency_notice` event.',
  });

export const CreateInsolvencyNoticeRequest = z
  .strictObject({
    noticeUrl: z.url().max(2048).openapi({
      description: 'Where the notice is published. Posting the same URL again is a reissue.',
      example: 'https://insolvencynotices.example.gov.au/notices/12345',
    }),
    appointmentDate: IsoDate.openapi({ description: 'Date of the appointment.', example: '2026-11-20' }),
    description: z.string().min(1).max(500).openapi({ example: 'Appointment of Voluntary Administrator' }),
  })
  .openapi('CreateInsolvencyNoticeRequest');

export const GrantorNumberType = z
  .enum(['ACN', 'ABN', 'ARBN', 'ARSN'])
  .openapi({ description: 'Kind of the grantor number (as D-34).', example: 'ACN' });

const PpsrRegistrationNumber = z
  .string()
  .regex(/^\d{1,20}$/)
  .openapi({ description: 'PPSR registration number: digits only, at most 20 (spec 2.3).', example: '202611220001234' });
const CollateralClass = z.string().min(1).max(100).openapi({
  description: 'PPSR collateral class, such as `Motor Vehicle`, `Other Goods` or `All Present and After-Acquired Property`.',
  example: 'Motor Vehicle',
});
const SecuredPartyName = z.string().min(1).max(200).openapi({ example: 'EXAMPLE FINANCE LIMITED' });
const SerialNumber = z
  .string()
  .regex(/^[A-Z0-9-]{1,17}$/)
  .openapi({
    description: 'Serial number of the collateral; a VIN makes the registration show in VIN searches.',
    example: '1HGCM82633A004352',
  });

export const PpsrRegistration = z
  .strictObject({
    registrationNumber: PpsrRegistrationNumber,
    grantorNumberType: GrantorNumberType,
    grantorNumber: z.string().regex(/^(\d{9}|\d{11})$/),
    collateralClass: z.string(),
    securedPartyName: z.string(),
    registrationStart: IsoDateTime,
    serialNumber: z.string().nullable(),
  })
  .openapi('RegisterPpsrRegistration', { description: 'A registration on the simulated PPSR.' });

export const CreatePpsrRegistrationRequest = z
  .strictObject({
    grantorNumberType: GrantorNumberType,
    grantorNumber: z
      .string()
      .regex(/^(\d{9}|\d{11})$/)
      .openapi({
        description: '9 digits with the ACN checksum for `ACN`, `ARBN` and `ARSN`; 11 digits with the ABN checksum for `ABN`.',
        example: '100000011',
      }),
    collateralClass: CollateralClass,
    securedPartyName: SecuredPartyName,
    registrationStart: IsoDateTime.openapi({ description: 'Start of the registration.', example: '2026-11-22T03:00:00Z' }),
    serialNumber: SerialNumber.optional(),
    registrationNumber: PpsrRegistrationNumber.optional().openapi({ description: 'Generated when left out; must not already exist.' }),
  })
  .superRefine((value, ctx) => {
    const ok = value.grantorNumberType === 'ABN' ? isValidAbn(value.grantorNumber) : isValidAcn(value.grantorNumber);
    if (!ok) {
      const code = value.grantorNumberType === 'ABN' ? 'invalid_abn' : 'invalid_acn';
      ctx.addIssue({
        code: 'custom',
        path: ['grantorNumber'],
        message: `Not a valid ${value.grantorNumberType} for grantorNumberType ${value.grantorNumberType}.`,
        params: { code },
      });
    }
  })
  .openapi('CreatePpsrRegistrationRequest');

export const AcnParam = z.strictObject({
  acn: z.string().min(1).max(20).openapi({ description: "The company's ACN, 9 digits.", example: '100000011' }),
});

export const AbnParam = z.strictObject({
  abn: z.string().min(1).max(20).openapi({ description: 'The ABN, 11 digits.', example: '53900000001' }),
});

const companyExample = {
  acn: '100000011',
  name: 'SANDBOX TRADING PTY LTD',
  status: 'registered',
  abn: '60100000011',
  entityType: 'APTY',
  address: { street: '1 EAGLE STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000' },
  gstRegistered: true,
  gstDate: '2020-07-01',
  businessNames: ['SANDBOX COFFEE'],
  updatedAt: '2026-11-22T03:00:00Z',
} satisfies z.infer<typeof Company>;

const abnExample = {
  abn: '53900000001',
  entityName: 'JANE CITIZEN',
  status: 'active',
  entityType: 'IND',
  acn: null,
  gstRegistered: false,
  gstDate: null,
  businessNames: ["JANE'S BOOKKEEPING"],
  updatedAt: '2026-11-22T03:00:00Z',
} satisfies z.infer<typeof AbnRecord>;

const companyNotFound: AdminErrorResponse = {
  description: '`not_found`: the register has no company with this ACN (for example ACN 100 000 066, or a number with a bad checksum).',
  examples: { notFound: { summary: 'No such company', value: { error: 'not_found', message: 'No such company.' } } },
};

const CHECK_NOTE =
  'The next register check of a monitored entity with this number reports the difference as events (run `monitoring-daily-check` or move the clock to see them at once).';

export function registerAdminRegisterPaths(registry: OpenAPIRegistry): void {
  registerAdminOperation(registry, {
    method: 'post',
    path: '/admin/register/companies',
    operationId: ADMIN_REGISTER_OPERATIONS.upsertCompany,
    summary: 'Create or replace a company',
    description: `Creates the company, or replaces it whole when the ACN is already known (a fixture, a generated company or an earlier upsert). ${CHECK_NOTE}`,
    tag: ADMIN_TAGS.register,
    body: {
      schema: UpsertCompanyRequest,
      examples: {
        full: {
          summary: 'Registered company with ABN, GST and a business name',
          value: {
            acn: '100000011',
            name: 'SANDBOX TRADING PTY LTD',
            status: 'registered',
            abn: '60100000011',
            entityType: 'APTY',
            address: { street: '1 EAGLE STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000' },
            gstRegistered: true,
            gstDate: '2020-07-01',
            businessNames: ['SANDBOX COFFEE'],
          },
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

  registerAdminOperation(registry, {
    method: 'patch',
    path: '/admin/register/companies/{acn}',
    operationId: ADMIN_REGISTER_OPERATIONS.updateCompany,
    summary: 'Change a company',
    description: `Changes the given fields of a company the register knows (including fixtures and, in the test environment, the generated company of any valid unlisted ACN). \`businessNames\` replaces the whole list. ${CHECK_NOTE}`,
    tag: ADMIN_TAGS.register,
    params: AcnParam,
    body: {
      schema: UpdateCompanyRequest,
      examples: {
        rename: { summary: 'Change the name', value: { name: 'SANDBOX HOLDINGS PTY LTD' } },
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
            value: { ...companyExample, name: 'SANDBOX HOLDINGS PTY LTD', updatedAt: '2026-11-23T00:00:00Z' },
          },
        },
      },
    },
    errors: {
      404: companyNotFound,
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

  registerAdminOperation(registry, {
    method: 'post',
    path: '/admin/register/abns',
    operationId: ADMIN_REGISTER_OPERATIONS.upsertAbn,
    summary: 'Create or replace an ABN',
    description: `Creates the ABN record, or replaces it whole when the ABN is already known. Use it for ABN holders that are not companies (sole traders, partnerships, trusts) and to point an ABN at a company with \`acn\`; a company's own ABN can also be set on the company. ${CHECK_NOTE}`,
    tag: ADMIN_TAGS.register,
    body: {
      schema: UpsertAbnRequest,
      examples: {
        soleTrader: {
          summary: 'Sole trader',
          value: {
            abn: '53900000001',
            entityName: 'JANE CITIZEN',
            status: 'active',
            entityType: 'IND',
            businessNames: ["JANE'S BOOKKEEPING"],
          },
        },
        ofCompany: {
          summary: 'ABN of another company',
          value: { abn: '62100000020', entityName: 'SECOND SANDBOX PTY LTD', status: 'active', entityType: 'PRV', acn: '100000020' },
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
              abn: '62100000020',
              entityName: 'SECOND SANDBOX PTY LTD',
              status: 'active',
              entityType: 'PRV',
              acn: '100000020',
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
      422: validationFailed('a bad ABN or ACN checksum, an unknown status, or a missing `entityName` or `entityType`.', 'Bad ABN', {
        abn: [{ code: 'invalid_abn', message: 'Not a valid ABN (checksum failed).' }],
      }),
    },
  });

  registerAdminOperation(registry, {
    method: 'patch',
    path: '/admin/register/abns/{abn}',
    operationId: ADMIN_REGISTER_OPERATIONS.updateAbn,
    summary: 'Change an ABN',
    description: `Changes the given fields of an ABN the register knows (including fixtures and generated ones). ${CHECK_NOTE}`,
    tag: ADMIN_TAGS.register,
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
      422: validationFailed('an empty body (`empty_body`), an unknown field or status, or a bad ACN checksum.', 'Unknown status', {
        status: [{ code: 'invalid_enum', message: 'Must be one of: active, cancelled.' }],
      }),
    },
  });

  registerAdminOperation(registry, {
    method: 'post',
    path: '/admin/register/companies/{acn}/documents',
    operationId: ADMIN_REGISTER_OPERATIONS.createCompanyDocument,
    summary: 'Lodge a company document',
    description: `Adds a document to the company's ASIC record, as if it had been lodged. ${CHECK_NOTE} The event carries \`documentType\`, \`documentNumber\` and the description (spec 2.7).`,
    tag: ADMIN_TAGS.register,
    params: AcnParam,
    body: {
      schema: CreateCompanyDocumentRequest,
      examples: {
        form484: {
          summary: 'A Form 484',
          value: {
            documentType: '484',
            documentNumber: '7EAA12345',
            description: 'Change to company details',
            lodgedAt: '2026-11-22T03:00:00Z',
          },
        },
        generated: { summary: 'Number and time generated', value: { documentType: '492', description: 'Request for correction' } },
      },
    },
    success: {
      201: {
        description: 'The stored document.',
        schema: CompanyDocument,
        examples: {
          created: {
            summary: 'Created',
            value: {
              acn: '100000011',
              documentType: '484',
              documentNumber: '7EAA12345',
              description: 'Change to company details',
              lodgedAt: '2026-11-22T03:00:00Z',
            },
          },
        },
      },
    },
    errors: {
      404: companyNotFound,
      409: {
        description: '`duplicate_document`: a document with this `documentNumber` already exists.',
        examples: {
          duplicate: { summary: 'Number taken', value: { error: 'duplicate_document', message: 'Document 7EAA12345 already exists.' } },
        },
      },
      422: validationFailed('a form code or document number in the wrong format, or a missing description.', 'Bad document number', {
        documentNumber: [{ code: 'invalid_format', message: 'Must be 9 upper-case letters and digits.' }],
      }),
    },
  });

  registerAdminOperation(registry, {
    method: 'post',
    path: '/admin/register/companies/{acn}/insolvency-notices',
    operationId: ADMIN_REGISTER_OPERATIONS.createInsolvencyNotice,
    summary: 'Publish an insolvency notice',
    description: `Publishes an insolvency notice about the company. Publishing the same \`noticeUrl\` again is a reissue and yields a second \`insolvency_notice\` event (spec 6.2). ${CHECK_NOTE}`,
    tag: ADMIN_TAGS.register,
    params: AcnParam,
    body: {
      schema: CreateInsolvencyNoticeRequest,
      examples: {
        administrator: {
          summary: 'Voluntary administrator appointed',
          value: {
            noticeUrl: 'https://insolvencynotices.example.gov.au/notices/12345',
            appointmentDate: '2026-11-20',
            description: 'Appointment of Voluntary Administrator',
          },
        },
      },
    },
    success: {
      201: {
        description: 'The stored notice.',
        schema: InsolvencyNotice,
        examples: {
          created: {
            summary: 'Published',
            value: {
              acn: '100000011',
              noticeUrl: 'https://insolvencynotices.example.gov.au/notices/12345',
              appointmentDate: '2026-11-20',
              description: 'Appointment of Voluntary Administrator',
              publishedAt: '2026-11-22T03:00:00Z',
            },
          },
        },
      },
    },
    errors: {
      404: companyNotFound,
      422: validationFailed('`noticeUrl` not a URL, `appointmentDate` not a `YYYY-MM-DD` date, or a missing description.', 'Bad date', {
        appointmentDate: [{ code: 'invalid_date', message: 'Must be a date in YYYY-MM-DD form.' }],
      }),
    },
  });

  registerAdminOperation(registry, {
    method: 'post',
    path: '/admin/register/ppsr-registrations',
    operationId: ADMIN_REGISTER_OPERATIONS.createPpsrRegistration,
    summary: 'Add a PPSR registration',
    description:
      'Adds a registration against a grantor to the simulated PPSR. Later grantor searches of that number find it, and VIN searches too when `serialNumber` is a VIN. An active PPSR alert subscription watching the number receives `ppsr.alert.grantor_registration_changed` (spec 6.1, D-34), and the next register check of a monitored company with that ACN reports a `ppsr_registration` event.',
    tag: ADMIN_TAGS.register,
    body: {
      schema: CreatePpsrRegistrationRequest,
      examples: {
        vehicle: {
          summary: 'Motor vehicle financed by a company',
          value: {
            grantorNumberType: 'ACN',
            grantorNumber: '100000011',
            collateralClass: 'Motor Vehicle',
            securedPartyName: 'EXAMPLE FINANCE LIMITED',
            registrationStart: '2026-11-22T03:00:00Z',
            serialNumber: '1HGCM82633A004352',
          },
        },
        allPap: {
          summary: 'All present and after-acquired property of an ABN holder',
          value: {
            grantorNumberType: 'ABN',
            grantorNumber: '53900000001',
            collateralClass: 'All Present and After-Acquired Property',
            securedPartyName: 'EXAMPLE BANK LIMITED',
            registrationStart: '2026-11-22T03:00:00Z',
          },
        },
      },
    },
    success: {
      201: {
        description: 'The stored registration.',
        schema: PpsrRegistration,
        examples: {
          created: {
            summary: 'Created',
            value: {
              registrationNumber: '202611220001234',
              grantorNumberType: 'ACN',
              grantorNumber: '100000011',
              collateralClass: 'Motor Vehicle',
              securedPartyName: 'EXAMPLE FINANCE LIMITED',
              registrationStart: '2026-11-22T03:00:00Z',
              serialNumber: '1HGCM82633A004352',
            },
          },
        },
      },
    },
    errors: {
      409: {
        description: '`duplicate_registration`: a registration with this `registrationNumber` already exists.',
        examples: {
          duplicate: {
            summary: 'Number taken',
            value: { error: 'duplicate_registration', message: 'Registration 202611220001234 already exists.' },
          },
        },
      },
      422: validationFailed(
        'an unknown `grantorNumberType`, a `grantorNumber` that fails the checksum of its type (`invalid_acn`, `invalid_abn`), or a missing field.',
        'ABN with an ACN type',
        {
          grantorNumber: [{ code: 'invalid_acn', message: 'Not a valid ACN for grantorNumberType ACN.' }],
        },
      ),
    },
  });
}
