// Lodgements other than Form 484 and business accounts (spec 1, 6.1; D-36): kinds, statuses, the
// status record, the ABN application body and the 6.1 event payload.
import { z } from '../common/zod.js';
import { Abn, Acn } from '../common/identifiers.js';
import { IsoDateTime } from '../common/dates.js';
import { AustralianState, NAME_NOTE, Postcode, nameText } from '../common/names.js';

export const LODGEMENT_KINDS = ['company_registration', 'abn_registration', 'business_name_registration', 'business_name_renewal'] as const;
export const LodgementKind = z.enum(LODGEMENT_KINDS);

/** Interaction names of spec 6.1, by kind. */
export const INTERACTION_BY_KIND = {
  company_registration: 'company-registration',
  abn_registration: 'abnreg.lodge',
  business_name_registration: 'business-name-registration',
  business_name_renewal: 'business-name-renewal',
} as const satisfies Record<(typeof LODGEMENT_KINDS)[number], string>;

export const LODGEMENT_STATUSES = [
  'new',
  'submitted',
  'processing',
  'manual review',
  'validation failed',
  'finished',
  'rejected',
  'error',
] as const;
export const LodgementStatus = z.enum(LODGEMENT_STATUSES);

/** Statuses that send a 6.1 event, per kind (`validation failed` only for company registration). */
export const NOTIFIABLE_STATUSES = {
  company_registration: ['finished', 'rejected', 'validation failed', 'manual review', 'error'],
  abn_registration: ['finished', 'rejected', 'manual review', 'error'],
  business_name_registration: ['finished', 'rejected', 'manual review', 'error'],
  business_name_renewal: ['finished', 'rejected', 'manual review', 'error'],
} as const satisfies Record<(typeof LODGEMENT_KINDS)[number], readonly (typeof LODGEMENT_STATUSES)[number][]>;

export const EVENT_BY_KIND = {
  company_registration: 'company_registration.status_changed',
  abn_registration: 'abn_registration.status_changed',
  business_name_registration: 'business_name_registration.status_changed',
  business_name_renewal: 'business_name_renewal.status_changed',
} as const satisfies Record<(typeof LODGEMENT_KINDS)[number], string>;

export const RequestIdParam = z.strictObject({
  requestId: z.coerce
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .openapi({ description: 'Request id returned at creation.', example: 1001 }),
});

export const Lodgement = z
  .strictObject({
    requestId: z.int().min(1),
    kind: LodgementKind,
    interaction: z.enum(['company-registration', 'abnreg.lodge', 'business-name-registration', 'business-name-renewal']),
    status: LodgementStatus,
    entityName: z.string().nullable(),
    acn: z.string().nullable(),
    abn: z.string().nullable(),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  })
  .openapi('Lodgement', {
    description: 'Status record of a lodgement (D-36). The status endpoint is the source of truth; webhooks only nudge.',
  });

const BusinessAddress = z.strictObject({
  street: z.string().min(1).max(52).openapi({ example: '1 EAGLE STREET' }),
  locality: z.string().min(1).max(30).openapi({ example: 'BRISBANE CITY' }),
  state: AustralianState,
  postcode: Postcode,
});

export const AbnRegistrationRequest = z
  .strictObject({
    entityName: nameText({ min: 1, max: 200 }).openapi({ description: NAME_NOTE, example: 'JANE CITIZEN' }),
    entityType: z.enum(['individual', 'partnership', 'company', 'trust']).openapi({ example: 'individual' }),
    businessAddress: BusinessAddress,
    contactEmail: z.email().openapi({ example: 'jane@example.com' }),
  })
  .openapi('AbnRegistrationRequest', { description: 'Provisional minimal ABN application (D-36).' });

export const LodgementStatusEvent = z
  .strictObject({
    event: z.enum(Object.values(EVENT_BY_KIND) as [string, ...string[]]),
    requestId: z.int().min(1).openapi({ description: 'Pair with `GET /lodgements/{requestId}`.' }),
    interaction: z.enum(['company-registration', 'abnreg.lodge', 'business-name-registration', 'business-name-renewal']),
    status: z.enum(['finished', 'rejected', 'validation failed', 'manual review', 'error']),
    timestamp: IsoDateTime.openapi({ description: 'ISO 8601, UTC.' }),
    entityName: z.string().optional().openapi({ description: 'Omitted entirely (never null) when not applicable.' }),
    acn: Acn.optional(),
    abn: Abn.optional(),
    deliveryId: z
      .string()
      .openapi({ description: 'Stable across retries; use it to de-duplicate.', example: 'dlv_3kTq9ZmW2xYb7NcR4vLp8sQe' }),
  })
  .openapi('LodgementStatusEvent', { description: 'Payload of a lodgement status change (spec 6.1).' });
