// Accounts and the settings that decide how the public API answers them (plans, billing, card
// state, monitoring availability), plus V1 personal access tokens (D-02, D-04, D-40, D-41, D-43).
import { SOME_FIELD, superRefineStated } from '../common/stated-rules.js';
import { z } from '../common/zod.js';
import { NAME_NOTE, nameText } from '../common/names.js';
import { IsoDateTime } from '../common/dates.js';
import { AccountId, AccountIdParam, fullKeyOf, requireSomeField } from './shared.js';
import { ApiKey, publishableKeyExample, secretKeyExample } from './keys.js';
import { defineOperation } from '../common/operation.js';
import { notFound, validationFailed } from './error-responses.js';
import { ADMIN_TAGS } from './tags.js';

export const Plan = z.enum(['free', 'standard', 'pro', 'enterprise']).openapi({
  description:
    '`free`: sandbox only; a live key gets 403 `sandbox_only` (D-04). `standard`, `pro`, `enterprise`: paid plans with the monitoring discounts of D-41 and the register lookup limits of D-43.',
  example: 'standard',
});

export const Billing = z.enum(['card', 'invoice', 'none']).openapi({
  description:
    '`card`: live charges are taken from the card at once (D-33). `invoice`: charges are recorded for invoicing, register lookups are uncapped (D-43), and live monitoring orders, renewals and resumes get 403 `card_billing_required` (spec 7). `none`: no payment arrangement, as for a free account.',
  example: 'card',
});

export const CardStatus = z.enum(['valid', 'expired', 'declining', 'unavailable', 'none']).openapi({
  description:
    'How the simulated payment provider treats the card when a live charge is taken (codes as the monitoring API reports them, spec 7): `valid` succeeds; `expired` gives 402 `payment_method_expired`; `declining` gives 402 `payment_failed`; `unavailable` gives 503 `payment_unavailable` with `Retry-After`; `none` gives 402 `payment_method_required`. Test keys are never charged.',
  example: 'valid',
});

const MonitoringAvailable = z.boolean().openapi({ description: 'When false, monitoring endpoints answer 403 `monitoring_unavailable`.' });
const Locked = z
  .boolean()
  .openapi({ description: 'Set by the operator. A locked account is sent no expiry-warning mail (spec 6.2 rule 2).' });
const LodgementCount = z.int().min(0).max(Number.MAX_SAFE_INTEGER).openapi({
  description:
    'Lodgements in the last 12 months, which set the Pro and Enterprise monitoring discount band (D-41): under 100: 0 %; 100-499: 5 %; 500-1,999: 10 %; 2,000 or more: 15 %.',
  example: 0,
});
const MonitoringEntityLimit = z.int().min(0).max(1_000_000).openapi({
  description:
    'Active live monitored entities the account may hold (spec 8: 1,000 by default). An order or renewal that would pass it gets 422 `entity_limit` with `limit` and `active`.',
  example: 1000,
});
const AccountName = z.string().min(1).max(200).openapi({ description: 'Display name of the account.', example: 'Harbour Lights Pty Ltd' });
/** The name as a request gives it (D-57): no control or invisible formatting characters. */
const AccountNameInput = nameText({ min: 1, max: 200 }).openapi({
  description: `Display name of the account. ${NAME_NOTE}`,
  example: 'Harbour Lights Pty Ltd',
});
const OwnerEmail = z.email().max(254).openapi({
  description: 'Where the service mails the account owner (expiry warnings, disabled webhook endpoints).',
  example: 'owner@example.com',
});

export const Account = z
  .strictObject({
    id: AccountId,
    name: AccountName,
    ownerEmail: OwnerEmail,
    plan: Plan,
    billing: Billing,
    cardStatus: CardStatus,
    monitoringAvailable: MonitoringAvailable,
    locked: Locked,
    lodgementCount: LodgementCount,
    monitoringEntityLimit: MonitoringEntityLimit,
    createdAt: IsoDateTime,
    keys: z
      .array(ApiKey)
      .openapi({ description: 'Every key of the account, oldest first, including rolled and revoked ones. Never the keys themselves.' }),
  })
  .openapi('Account', { description: 'An account and its key records.' });

export const AccountKeys = z
  .strictObject({
    secretLive: fullKeyOf('sk', 'live'),
    secretTest: fullKeyOf('sk', 'test'),
    publishableLive: fullKeyOf('pk', 'live'),
    publishableTest: fullKeyOf('pk', 'test'),
  })
  .openapi('AccountKeys', { description: 'The four keys every new account starts with, in full. Shown only in this response (D-02).' });

export const CreatedAccount = z
  .strictObject({ account: Account, keys: AccountKeys })
  .openapi('CreatedAccount', { description: 'The new account and, this once, its four keys in full.' });

export const CreateAccountRequest = z
  .strictObject({
    name: AccountNameInput,
    ownerEmail: OwnerEmail,
    plan: Plan,
    billing: Billing,
    cardStatus: CardStatus,
    monitoringAvailable: MonitoringAvailable.default(true),
    lodgementCount: LodgementCount.default(0),
    monitoringEntityLimit: MonitoringEntityLimit.default(1000),
  })
  .openapi('CreateAccountRequest');

export const UpdateAccountRequest = superRefineStated(
  z.strictObject({
    name: AccountNameInput.optional(),
    ownerEmail: OwnerEmail.optional(),
    plan: Plan.optional(),
    billing: Billing.optional(),
    cardStatus: CardStatus.optional(),
    monitoringAvailable: MonitoringAvailable.optional(),
    locked: Locked.optional(),
    lodgementCount: LodgementCount.optional(),
    monitoringEntityLimit: MonitoringEntityLimit.optional(),
  }),
  [SOME_FIELD],
  requireSomeField,
).openapi('UpdateAccountRequest', {
  description: 'The fields to change; at least one. Takes effect on the next request.',
  minProperties: 1,
});

export const CreatePersonalAccessTokenRequest = z
  .strictObject({
    name: nameText({ min: 1, max: 100 }).openapi({
      description: `What the token is for, shown to the operator. ${NAME_NOTE}`,
      example: 'Legacy ERP integration',
    }),
  })
  .openapi('CreatePersonalAccessTokenRequest');

export const PersonalAccessToken = z
  .strictObject({
    token: z.string().min(32).openapi({
      description: 'The token, shown only in this response; the service keeps a hash. Opaque: do not parse it.',
      example: 'svc_pat_Vb7Nc2Xm9Lk4Jh6Gf1Ds8Aq3Wp5Eo0RiTu2Yt7Mn',
    }),
  })
  .openapi('PersonalAccessToken', { description: 'A V1 personal access token (D-40).' });

export const accountExample = {
  id: 'acct_7Hq2LmN4pQr8sTu1vWx3yZa5',
  name: 'Harbour Lights Pty Ltd',
  ownerEmail: 'owner@example.com',
  plan: 'standard',
  billing: 'card',
  cardStatus: 'valid',
  monitoringAvailable: true,
  locked: false,
  lodgementCount: 0,
  monitoringEntityLimit: 1000,
  createdAt: '2026-11-22T03:00:00Z',
  keys: [secretKeyExample, publishableKeyExample],
} satisfies z.infer<typeof Account>;

const accountNotFound = notFound('account');

export const createAccount = defineOperation({
  method: 'post',
  path: '/admin/accounts',
  operationId: 'createAccount',
  summary: 'Create an account',
  description:
    'Creates an account with one secret and one publishable key in each environment and returns the four keys in full, once (D-02). Plan, billing and card state decide how the public API treats the account: use them to produce `sandbox_only`, `card_billing_required`, `payment_*` and discount cases.',
  tag: ADMIN_TAGS.accounts,
  access: 'admin',
  body: {
    schema: CreateAccountRequest,
    examples: {
      standard: {
        summary: 'Standard plan paying by card',
        value: {
          name: 'Harbour Lights Pty Ltd',
          ownerEmail: 'owner@example.com',
          plan: 'standard',
          billing: 'card',
          cardStatus: 'valid',
        },
      },
      proDiscount: {
        summary: 'Pro plan in the 5 % discount band',
        value: {
          name: 'Bulk Monitor Pty Ltd',
          ownerEmail: 'ops@example.com',
          plan: 'pro',
          billing: 'card',
          cardStatus: 'valid',
          monitoringAvailable: true,
          lodgementCount: 150,
        },
      },
      free: {
        summary: 'Free sandbox-only account',
        value: { name: 'Trial User', ownerEmail: 'trial@example.com', plan: 'free', billing: 'none', cardStatus: 'none' },
      },
    },
  },
  success: {
    201: {
      description: 'The account and its four keys in full.',
      schema: CreatedAccount,
      examples: {
        created: {
          summary: 'Created',
          value: {
            account: {
              ...accountExample,
              keys: [
                secretKeyExample,
                { ...secretKeyExample, id: 'key_3Cd5Ef7Gh9Jk2Lm4Np6Qr8St', environment: 'live', last4: 'a1B2' },
                { ...publishableKeyExample, domains: [], last4: 'Qr5t' },
                { ...publishableKeyExample, id: 'key_6Uv8Wx1Yz3Ab5Cd7Ef9Gh2Jk', environment: 'test', domains: [], last4: 'Zz9y' },
              ],
            },
            keys: {
              secretLive: 'svc_sk_live_Pq8Rs2Tu4Vw6Xy1Za3Bc5De7Fg9Ha1B2',
              secretTest: 'svc_sk_test_4eC39HqLyjWDarjtT1zdp7dcAbCdEfGh',
              publishableLive: 'svc_pk_live_Tm9QzX2vB8nL4kJ6hG1fD3sA7pW5Qr5t',
              publishableTest: 'svc_pk_test_Lk3Jh5Gf7Ds9Aq2Wp4Eo6Ri8Tu1YZz9y',
            },
          },
        },
      },
    },
  },
  errors: {
    422: validationFailed(
      'a required field is missing, `ownerEmail` is not an e-mail address, or an enum value is unknown.',
      'Bad e-mail and plan',
      {
        ownerEmail: [{ code: 'invalid_format', message: 'Must be an e-mail address.' }],
        plan: [{ code: 'invalid_enum', message: 'Must be one of: free, standard, pro, enterprise.' }],
      },
    ),
  },
});

export const AccountList = z
  .strictObject({ data: z.array(Account).openapi({ description: 'Every account, newest first.' }) })
  .openapi('AccountList');

export const listAccounts = defineOperation({
  method: 'get',
  path: '/admin/accounts',
  operationId: 'listAccounts',
  summary: 'List accounts',
  description:
    'Lists every account, newest first, with its settings and key records (never the keys themselves): the sandbox console starts here.',
  tag: ADMIN_TAGS.accounts,
  access: 'admin',
  success: {
    200: {
      description: 'The accounts.',
      schema: AccountList,
      examples: {
        accounts: { summary: 'One account', value: { data: [accountExample] } },
        empty: { summary: 'No account yet', value: { data: [] } },
      },
    },
  },
});

export const getAccount = defineOperation({
  method: 'get',
  path: '/admin/accounts/{accountId}',
  operationId: 'getAccount',
  summary: 'Get an account',
  description:
    'Returns the account, its settings and its keys (by id, type, environment, last 4 characters, status and domains; never the keys themselves).',
  tag: ADMIN_TAGS.accounts,
  access: 'admin',
  params: AccountIdParam,
  success: {
    200: { description: 'The account.', schema: Account, examples: { account: { summary: 'Standard account', value: accountExample } } },
  },
  errors: { 404: accountNotFound },
});

export const updateAccount = defineOperation({
  method: 'patch',
  path: '/admin/accounts/{accountId}',
  operationId: 'updateAccount',
  summary: 'Change an account',
  description:
    'Changes any of the account settings; fields not sent keep their values. Takes effect on the next request, so a test can, for example, let a card expire and expect 402 `payment_method_expired` on its next live order.',
  tag: ADMIN_TAGS.accounts,
  access: 'admin',
  params: AccountIdParam,
  body: {
    schema: UpdateAccountRequest,
    examples: {
      expireCard: { summary: 'Let the card expire', value: { cardStatus: 'expired' } },
      lock: { summary: 'Lock the account', value: { locked: true } },
      upgrade: { summary: 'Move to Enterprise on invoice', value: { plan: 'enterprise', billing: 'invoice', lodgementCount: 2400 } },
    },
  },
  success: {
    200: {
      description: 'The account as changed.',
      schema: Account,
      examples: { expired: { summary: 'Card expired', value: { ...accountExample, cardStatus: 'expired' } } },
    },
  },
  errors: {
    404: accountNotFound,
    422: validationFailed('an empty body (`empty_body`), an unknown field, or a value out of range.', 'Negative lodgement count', {
      lodgementCount: [{ code: 'too_small', message: 'Must be at least 0.' }],
    }),
  },
});

export const createPersonalAccessToken = defineOperation({
  method: 'post',
  path: '/admin/accounts/{accountId}/tokens',
  operationId: 'createPersonalAccessToken',
  summary: 'Create a personal access token',
  description:
    'Issues a personal access token for the legacy V1 API only: it is accepted as `Authorization: Bearer <token>` on `/api/v1` and `/api/test/v1` and refused (401) on V2 (spec 5 rule 7, D-40). Shown once.',
  tag: ADMIN_TAGS.accounts,
  access: 'admin',
  params: AccountIdParam,
  body: {
    schema: CreatePersonalAccessTokenRequest,
    examples: { erp: { summary: 'For a legacy integration', value: { name: 'Legacy ERP integration' } } },
  },
  success: {
    201: {
      description: 'The token, shown only now.',
      schema: PersonalAccessToken,
      examples: { created: { summary: 'Created', value: { token: 'svc_pat_Vb7Nc2Xm9Lk4Jh6Gf1Ds8Aq3Wp5Eo0RiTu2Yt7Mn' } } },
    },
  },
  errors: {
    404: accountNotFound,
    422: validationFailed('`name` missing, empty or over 100 characters.', 'No name', {
      name: [{ code: 'required', message: 'Required.' }],
    }),
  },
});
