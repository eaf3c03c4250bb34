// PPSR alert subscriptions (D-34, provisional): the request, the subscription and the payload of
// its webhook `ppsr.alert.grantor_registration_changed` (spec 6.1).
import { z } from '../common/zod.js';
import { IsoDateTime } from '../common/dates.js';
import { Abn, Acn, Arbn, Arsn } from '../common/identifiers.js';

export const PPSR_ALERT_EVENT = 'ppsr.alert.grantor_registration_changed';

export const ORGANISATION_NUMBER_TYPES = ['ACN', 'ABN', 'ARBN', 'ARSN'] as const;
export const OrganisationNumberType = z
  .enum(ORGANISATION_NUMBER_TYPES)
  .openapi({ description: 'Kind of `organisationNumber` (D-34).', example: 'ACN' });

/** Nine digits (ACN, ARBN, ARSN) or eleven (ABN); the checksum is checked on create. */
const OrganisationNumber = z
  .string()
  .regex(/^([0-9]{9}|[0-9]{11})$/)
  .openapi({ description: 'The watched number, digits only.', example: '100000011' });

// Alert ids follow the webhook endpoint ids of D-16 (prefix plus 24 base62 characters) so that an
// id says what it names; the spec says only that entity and request ids are integers.
const AlertId = z
  .string()
  .regex(/^pal_[0-9A-Za-z]{24}$/)
  .openapi({ description: 'Alert subscription id: `pal_` and 24 letters and digits.', example: 'pal_7Qm2Xc9LpR4tVb8NwZ3kHs6J' });

export const PpsrAlertIdParam = z.strictObject({ id: AlertId });

// One variant per number type so the number is checked with its own checksum (ARBN and ARSN use
// the ACN checksum, spec 2.3) and a mismatched pair (ABN digits with type ACN) is refused.
export const PpsrAlertCreateRequest = z
  .discriminatedUnion('organisationNumberType', [
    z.strictObject({ organisationNumberType: z.literal('ACN'), organisationNumber: Acn }),
    z.strictObject({ organisationNumberType: z.literal('ABN'), organisationNumber: Abn }),
    z.strictObject({ organisationNumberType: z.literal('ARBN'), organisationNumber: Arbn }),
    z.strictObject({ organisationNumberType: z.literal('ARSN'), organisationNumber: Arsn }),
  ])
  .openapi('PpsrAlertCreateRequest', {
    description: 'The organisation to watch on the PPSR (D-34).',
    example: { organisationNumberType: 'ACN', organisationNumber: '100000011' },
  });
export type PpsrAlertCreateRequest = z.infer<typeof PpsrAlertCreateRequest>;

export const PpsrAlert = z
  .strictObject({
    id: AlertId,
    organisationNumberType: OrganisationNumberType,
    organisationNumber: OrganisationNumber,
    createdAt: IsoDateTime,
  })
  .openapi('PpsrAlert', {
    description: 'An active PPSR alert subscription (provisional, D-34).',
    example: {
      id: 'pal_7Qm2Xc9LpR4tVb8NwZ3kHs6J',
      organisationNumberType: 'ACN',
      organisationNumber: '100000011',
      createdAt: '2026-11-22T03:00:00Z',
    },
  });

export const PpsrAlertList = z
  .strictObject({ data: z.array(PpsrAlert) })
  .openapi('PpsrAlertList', { description: 'Every alert subscription of the account in this environment.' });

export const PpsrRegistrationSummary = z
  .strictObject({
    registrationNumber: z.string().openapi({ example: '202611220004567' }),
    collateralClass: z.string().openapi({ example: 'Motor Vehicle' }),
    securedPartyName: z.string().openapi({ example: 'SANDBOX MOTOR FINANCE PTY LTD' }),
    registrationStart: IsoDateTime.openapi({ example: '2026-11-22T09:14:03+10:00' }),
  })
  .openapi('PpsrRegistrationSummary', { description: 'The new registration against the watched organisation (D-34).' });

export const PpsrAlertEvent = z
  .strictObject({
    event: z.literal(PPSR_ALERT_EVENT),
    timestamp: IsoDateTime.openapi({ description: 'ISO 8601, UTC.' }),
    deliveryId: z
      .string()
      .openapi({ description: 'Stable across retries; use it to de-duplicate.', example: 'dlv_9RfK2mQ7xT4vB8nW3cY6pLsA' }),
    organisationNumberType: OrganisationNumberType,
    organisationNumber: OrganisationNumber,
    registrationSummary: PpsrRegistrationSummary,
  })
  .openapi('PpsrAlertEvent', {
    description: 'Payload of `ppsr.alert.grantor_registration_changed` (spec 6.1, D-34). It has no `requestId` or `interaction`.',
  });
export type PpsrAlertEvent = z.infer<typeof PpsrAlertEvent>;
