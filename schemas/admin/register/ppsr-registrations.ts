// Registrations on the simulated PPSR: grantor and VIN searches find them, PPSR alerts and monitoring
// checks report them.
import { GRANTOR_ABN_CHECKSUM, GRANTOR_ACN_CHECKSUM, superRefineStated } from '../../common/stated-rules.js';
import { z } from '../../common/zod.js';
import { NAME_NOTE, nameText } from '../../common/names.js';
import { IsoDateTime } from '../../common/dates.js';
import { isValidAbn, isValidAcn } from '../../common/identifiers.js';
import { defineOperation } from '../../common/operation.js';
import { validationFailed } from '../error-responses.js';
import { ADMIN_TAGS } from '../tags.js';
import { callerText } from '../../common/caller-text.js';

export const GrantorNumberType = z
  .enum(['ACN', 'ABN', 'ARBN', 'ARSN'])
  .openapi({ description: 'Kind of the grantor number (as D-34).', example: 'ACN' });

const PpsrRegistrationNumber = z
  .string()
  .regex(/^[0-9]{1,20}$/)
  .openapi({ description: 'PPSR registration number: digits only, at most 20 (spec 2.3).', example: '202611220001234' });
const CollateralClass = z.string().min(1).max(100).openapi({
  description: 'PPSR collateral class, such as `Motor Vehicle`, `Other Goods` or `All Present and After-Acquired Property`.',
  example: 'Motor Vehicle',
});
const SecuredPartyName = nameText({ min: 1, max: 200 }).openapi({ description: NAME_NOTE, example: 'EXAMPLE FINANCE LIMITED' });
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
    grantorNumber: z.string().regex(/^([0-9]{9}|[0-9]{11})$/),
    collateralClass: z.string(),
    securedPartyName: z.string(),
    registrationStart: IsoDateTime,
    serialNumber: z.string().nullable(),
  })
  .openapi('RegisterPpsrRegistration', { description: 'A registration on the simulated PPSR.' });

export const CreatePpsrRegistrationRequest = superRefineStated(
  z.strictObject({
    grantorNumberType: GrantorNumberType,
    grantorNumber: z
      .string()
      .regex(/^([0-9]{9}|[0-9]{11})$/)
      .openapi({
        description: '9 digits with the ACN checksum for `ACN`, `ARBN` and `ARSN`; 11 digits with the ABN checksum for `ABN`.',
        example: '100000011',
      }),
    collateralClass: CollateralClass,
    securedPartyName: SecuredPartyName,
    registrationStart: IsoDateTime.openapi({ description: 'Start of the registration.', example: '2026-11-22T03:00:00Z' }),
    serialNumber: SerialNumber.optional(),
    registrationNumber: PpsrRegistrationNumber.optional().openapi({ description: 'Generated when left out; must not already exist.' }),
  }),
  [GRANTOR_ACN_CHECKSUM, GRANTOR_ABN_CHECKSUM],
  (value, ctx) => {
    const ok = value.grantorNumberType === 'ABN' ? isValidAbn(value.grantorNumber) : isValidAcn(value.grantorNumber);
    if (!ok) {
      const code = value.grantorNumberType === 'ABN' ? 'invalid_abn' : 'invalid_acn';
      ctx.addIssue({
        code: 'custom',
        path: ['grantorNumber'],
        message: `Not a valid ${callerText(value.grantorNumberType)} for grantorNumberType ${callerText(value.grantorNumberType)}.`,
        params: { code },
      });
    }
  },
).openapi('CreatePpsrRegistrationRequest');

export const createPpsrRegistration = defineOperation({
  method: 'post',
  path: '/admin/register/ppsr-registrations',
  operationId: 'createPpsrRegistration',
  summary: 'Add a PPSR registration',
  description:
    'Adds a registration against a grantor to the simulated PPSR. Later grantor searches of that number find it, and VIN searches too when `serialNumber` is a VIN. An active PPSR alert subscription watching the number receives `ppsr.alert.grantor_registration_changed` (spec 6.1, D-34), and the next register check of a monitored company with that ACN reports a `ppsr_registration` event.',
  tag: ADMIN_TAGS.register,
  access: 'admin',
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
