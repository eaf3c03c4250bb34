// What an account was charged or credited (D-33, spec 1 charges) and the mail the service sent it
// (spec 3.6, 6.2 rule 2): read-only, so tests can assert on money and mail without a real
// payment provider or SMTP server.
import { z } from '../common/zod.js';
import { IsoDateTime } from '../common/dates.js';
import { AccountIdParam, Environment } from './shared.js';
import { defineOperation } from '../common/operation.js';
import { notFound } from './error-responses.js';
import { ADMIN_TAGS } from './tags.js';

/** Known charge kinds; documented as known values of a string so a new kind is not a breaking change (as D-30). */
export const CHARGE_KINDS = ['ppsr_search', 'monitoring_order', 'monitoring_renewal', 'business_account_credit'] as const;

export const Charge = z
  .strictObject({
    id: z
      .string()
      .regex(/^ch_[0-9A-Za-z]{24}$/)
      .openapi({ description: 'Charge id: `ch_` and 24 letters or digits.', example: 'ch_1Ab3Cd5Ef7Gh9Jk2Lm4Np6Qr' }),
    amount: z.int().openapi({
      description:
        'Whole cents, GST inclusive where GST applies; negative for a credit. A PPSR search is 600 (D-33); a business account activation credits -5000.',
      example: 600,
    }),
    kind: z.string().openapi({
      description: `What was charged. Known values: ${CHARGE_KINDS.map((k) => `\`${k}\``).join(', ')}. Treat others as unknown charges, not as errors.`,
      example: 'ppsr_search',
    }),
    reference: z.string().openapi({
      description:
        'What the charge is for, as text: the PPSR search or business account `requestId`, or the monitored entity ids of an order or renewal (comma-separated).',
      example: '1001',
    }),
    environment: Environment,
    createdAt: IsoDateTime.openapi({ description: 'When it was recorded, by the service clock.' }),
  })
  .openapi('Charge', { description: 'One ledger entry of an account: a charge or a credit.' });

export const ChargeList = z
  .strictObject({ data: z.array(Charge).openapi({ description: 'Every entry of the account, oldest first.' }) })
  .openapi('ChargeList');

export const Mail = z
  .strictObject({
    to: z.email().openapi({ example: 'owner@example.com' }),
    subject: z.string().openapi({ example: 'Monitoring for SANDBOX TRADING PTY LTD ends in 30 days' }),
    text: z.string().openapi({
      description: 'The plain-text body.',
      example: 'Monitoring of SANDBOX TRADING PTY LTD (ACN 100 000 011) ends on 2027-11-22. Renew it to keep receiving changes.',
    }),
    createdAt: IsoDateTime.openapi({ description: 'When it was sent, by the service clock.' }),
  })
  .openapi('Mail', { description: 'A mail the service sent to the account owner (kept even when `SMTP_URL` is unset).' });

export const MailList = z
  .strictObject({ data: z.array(Mail).openapi({ description: 'Every mail sent to the account, oldest first.' }) })
  .openapi('MailList');

export const listCharges = defineOperation({
  method: 'get',
  path: '/admin/accounts/{accountId}/charges',
  operationId: 'listCharges',
  summary: 'List charges',
  description:
    'Lists every charge and credit of the account in both environments, oldest first: PPSR searches charged at submission for card-billed live accounts (D-33), monitoring orders and renewals, and the 50.00 credit when a business account is activated (spec 3.3). Test keys are never charged (D-33); any entry made in the test environment says `environment: test`.',
  tag: ADMIN_TAGS.ledger,
  access: 'admin',
  params: AccountIdParam,
  success: {
    200: {
      description: "The account's ledger.",
      schema: ChargeList,
      examples: {
        ledger: {
          summary: 'A search, a monitoring order and a credit',
          value: {
            data: [
              {
                id: 'ch_1Ab3Cd5Ef7Gh9Jk2Lm4Np6Qr',
                amount: 600,
                kind: 'ppsr_search',
                reference: '1001',
                environment: 'live',
                createdAt: '2026-11-22T03:00:00Z',
              },
              {
                id: 'ch_8St1Uv3Wx5Yz7Ab9Cd2Ef4Gh',
                amount: 3600,
                kind: 'monitoring_order',
                reference: '17,18',
                environment: 'live',
                createdAt: '2026-11-22T03:10:00Z',
              },
              {
                id: 'ch_5Jk7Lm9Np2Qr4St6Uv8Wx1Yz',
                amount: -5000,
                kind: 'business_account_credit',
                reference: '2001',
                environment: 'live',
                createdAt: '2026-11-23T01:00:00Z',
              },
            ],
          },
        },
        empty: { summary: 'Nothing charged yet', value: { data: [] } },
      },
    },
  },
  errors: { 404: notFound('account') },
});

export const listMails = defineOperation({
  method: 'get',
  path: '/admin/accounts/{accountId}/mails',
  operationId: 'listMails',
  summary: 'List mails',
  description:
    'Lists every mail the service sent for the account, oldest first: expiry warnings for live monitored entities (spec 6.2 rule 2) and the notice that a webhook endpoint was disabled after 20 consecutive failures (D-22). Recorded whether or not a mail transport (`SMTP_URL`) is configured.',
  tag: ADMIN_TAGS.ledger,
  access: 'admin',
  params: AccountIdParam,
  success: {
    200: {
      description: 'The mails.',
      schema: MailList,
      examples: {
        mails: {
          summary: 'One expiry warning',
          value: {
            data: [
              {
                to: 'owner@example.com',
                subject: 'Monitoring for SANDBOX TRADING PTY LTD ends in 30 days',
                text: 'Monitoring of SANDBOX TRADING PTY LTD (ACN 100 000 011) ends on 2027-11-22. Renew it to keep receiving changes.',
                createdAt: '2027-10-23T00:00:00Z',
              },
            ],
          },
        },
        empty: { summary: 'No mail yet', value: { data: [] } },
      },
    },
  },
  errors: { 404: notFound('account') },
});
