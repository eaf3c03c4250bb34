// Business account applications (spec 2.4, 3.3, 4.4; D-17, D-37): statuses, amounts, and the
// responses of create and status.
import { z } from '../common/zod.js';

/** D-37 statuses; `finished` and `rejected` are terminal. */
export const BUSINESS_ACCOUNT_STATUSES = ['new', 'sent', 'finished', 'rejected'] as const;
export const BUSINESS_ACCOUNT_NON_TERMINAL_STATUSES = ['new', 'sent'] as const;

/** Six asterisks stand in for `bsb` and `accountNumber` until activation (spec 2.4). */
export const ACCOUNT_MASK = '******';
/** Credit to the account when the bank account is activated (spec 1), in cents. */
export const BUSINESS_ACCOUNT_ACTIVATION_CREDIT_CENTS = 5000;
/** Least time between two status reads of one application (spec 4.4, D-37). */
export const BUSINESS_ACCOUNT_POLL_INTERVAL_SECONDS = 15 * 60;

const RequestId = z.int().min(1).openapi({ description: 'Request id of the application.', example: 2001 });

// D-37: Australia/Brisbane local time (UTC+10 all year), in the spec's `YYYY-MM-DD HH:MM:SS` form.
// activatedAt's form is not shown; it takes the same form as submittedAt, its sibling in the record.
const BrisbaneDateTime = z
  .string()
  .regex(/^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01]) ([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$/)
  .openapi({
    description: '`YYYY-MM-DD HH:MM:SS`, Australia/Brisbane local time (UTC+10, no daylight saving).',
    example: '2026-11-22 13:00:00',
  });

export const BusinessAccountApplicationCreated = z
  .strictObject({ requestId: RequestId, status: z.literal('new') })
  .openapi('BusinessAccountApplicationCreated', {
    description: 'A new application, queued for the partner.',
    example: { requestId: 2001, status: 'new' },
  });

export const BusinessAccountApplicationExisting = z
  .strictObject({
    requestId: RequestId,
    status: z.enum(BUSINESS_ACCOUNT_NON_TERMINAL_STATUSES).openapi({ description: 'Current status of the existing application.' }),
  })
  .openapi('BusinessAccountApplicationExisting', {
    description: 'The application already open for this ACN or ABN; no duplicate was created.',
    example: { requestId: 2001, status: 'sent' },
  });

const statusFields = {
  requestId: RequestId,
  entityName: z.string().openapi({ description: 'The company name of the application.', example: 'SANDBOX TRADING PTY LTD' }),
  acn: z.string().nullable().openapi({ example: '100000011' }),
  abn: z.string().nullable().openapi({ example: '60100000011' }),
  submittedAt: BrisbaneDateTime.openapi({
    description: 'When the application was received: `YYYY-MM-DD HH:MM:SS`, Australia/Brisbane time (D-37).',
  }),
};

export const BusinessAccountStatusPending = z
  .strictObject({
    ...statusFields,
    status: z.enum(['new', 'sent', 'rejected']).openapi({
      description: '`new`: queued; `sent`: with the partner, which contacts the directors; `rejected`: refused by the partner.',
    }),
    bsb: z.literal(ACCOUNT_MASK).openapi({ description: 'Masked until activation.' }),
    accountNumber: z.literal(ACCOUNT_MASK).openapi({ description: 'Masked until activation.' }),
    activatedAt: z.null(),
  })
  .openapi('BusinessAccountStatusPending', {
    description: 'An application not (or never) activated: `bsb` and `accountNumber` hold the mask `******`.',
  });

export const BusinessAccountStatusActivated = z
  .strictObject({
    ...statusFields,
    status: z.literal('finished'),
    bsb: z.string().min(1).openapi({ description: 'The real BSB.', example: '062000' }),
    accountNumber: z.string().min(1).openapi({ description: 'The real account number.', example: '12345678' }),
    activatedAt: BrisbaneDateTime.openapi({
      description: 'When the account was activated, Australia/Brisbane time.',
      example: '2026-11-22 13:02:00',
    }),
  })
  .openapi('BusinessAccountStatusActivated', {
    description: 'An activated account: real `bsb` and `accountNumber`; the account has been credited 50.00.',
  });

export const BusinessAccountStatus = z
  .discriminatedUnion('status', [BusinessAccountStatusPending, BusinessAccountStatusActivated])
  .openapi('BusinessAccountStatus', {
    description: 'Status of a business account application: `new` -> `sent` -> `finished` or `rejected` (spec 3.3).',
  });
