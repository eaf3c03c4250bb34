// API keys of an account: create, restrict, roll, revoke (spec 2.1, 3.7, 5; D-02, D-05, D-06).
import { z } from '../common/zod.js';
import { IsoDateTime } from '../common/dates.js';
import { AccountId, AccountIdParam, Environment, FullKey, KeyId, KeyIdParam } from './shared.js';
import { defineOperation } from '../common/operation.js';
import { notFound, validationFailed } from './error-responses.js';
import { ADMIN_TAGS } from './tags.js';

/** Spec 2.1 and 8: a publishable key carries at most 5 domains. */
export const MAX_KEY_DOMAINS = 5;

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/** D-06: DNS host name syntax; a wildcard only as a leading `*.`. */
export const KEY_DOMAIN_PATTERN = new RegExp(`^(?:\\*\\.)?(?:${LABEL}\\.)*${LABEL}$`);

export const KeyDomain = z.string().max(253).regex(KEY_DOMAIN_PATTERN).openapi({
  description:
    'A host name such as `app.example.com`, or a wildcard `*.example.com` (only as a leading `*.`). Checked for syntax only; not resolved in DNS (D-06). `localhost`, `127.0.0.1`, `*.test` and `*.local` are always allowed and need not be listed.',
  example: 'app.example.com',
});

export const KeyDomains = z
  .array(KeyDomain)
  .max(MAX_KEY_DOMAINS)
  .openapi({
    description: `Allowed browser origins of a publishable key: at most ${MAX_KEY_DOMAINS}, no duplicates (spec 2.1, D-06).`,
    uniqueItems: true,
    example: ['app.example.com', '*.example.org'],
  });

export const KeyType = z.enum(['secret', 'publishable']).openapi({
  description:
    'Secret keys (`svc_sk_…`) reach every endpoint from servers; publishable keys (`svc_pk_…`) reach helpers only, from their domains.',
});

export const KeyStatus = z.enum(['active', 'rolling', 'revoked', 'expired']).openapi({
  description:
    '`active`: works. `rolling`: replaced by a delayed roll and still working until `expiresAt` (D-05). `revoked`: stopped by a revoke or an instant roll. `expired`: a rolling key past `expiresAt`.',
});

export const ApiKey = z
  .strictObject({
    id: KeyId,
    accountId: AccountId,
    type: KeyType,
    environment: Environment,
    last4: z
      .string()
      .regex(/^[0-9A-Za-z]{4}$/)
      .openapi({ description: 'Last 4 characters of the key, for display (D-02).', example: 'EfGh' }),
    status: KeyStatus,
    domains: KeyDomains.openapi({ description: 'Allowed domains of a publishable key; always empty for a secret key.' }),
    createdAt: IsoDateTime,
    expiresAt: IsoDateTime.nullable().openapi({
      description: 'When a delayed-rolled key stops working (24 hours after the roll by the service clock, D-05); null otherwise.',
    }),
  })
  .openapi('ApiKey', { description: 'An API key as the service stores it: never the key itself, only its last 4 characters (D-02).' });

export const KeyWithSecret = z
  .strictObject({
    key: ApiKey,
    secret: FullKey,
  })
  .openapi('KeyWithSecret', { description: 'A new key and, this once, the whole key (D-02).' });

export const CreateSecretKeyRequest = z
  .strictObject({
    type: z.literal('secret'),
    environment: Environment,
  })
  .openapi('CreateSecretKeyRequest', { description: 'A secret key. `domains` is refused: only publishable keys have them.' });

export const CreatePublishableKeyRequest = z
  .strictObject({
    type: z.literal('publishable'),
    environment: Environment,
    domains: KeyDomains.optional().openapi({
      description: 'Allowed domains (at most 5, D-06); omitted means none beyond the always-allowed ones.',
    }),
  })
  .openapi('CreatePublishableKeyRequest', { description: 'A publishable key and its allowed domains.' });

export const CreateKeyRequest = z
  .discriminatedUnion('type', [CreateSecretKeyRequest, CreatePublishableKeyRequest])
  .openapi('CreateKeyRequest', { description: 'The key to create; `type` decides which fields apply.' });

export const UpdateKeyRequest = z
  .strictObject({ domains: KeyDomains })
  .openapi('UpdateKeyRequest', { description: 'Replaces the allowed domains of a publishable key.' });

export const RollKeyRequest = z
  .strictObject({
    strategy: z.enum(['instant', 'delayed']).openapi({
      description:
        '`instant`: the old key stops now. `delayed`: the old key keeps working for 24 hours by the service clock, then stops (spec 3.7, D-05).',
      example: 'delayed',
    }),
  })
  .openapi('RollKeyRequest');

const CREATED_AT = '2026-11-22T03:00:00Z';

export const secretKeyExample = {
  id: 'key_2Bc4De6Fg8Hj1Kl3Mn5Pq7Rs',
  accountId: 'acct_7Hq2LmN4pQr8sTu1vWx3yZa5',
  type: 'secret',
  environment: 'test',
  last4: 'EfGh',
  status: 'active',
  domains: [],
  createdAt: CREATED_AT,
  expiresAt: null,
} satisfies z.infer<typeof ApiKey>;

export const publishableKeyExample = {
  id: 'key_9Zy8Xw7Vu6Ts5Rq4Po3Nm2Lk',
  accountId: 'acct_7Hq2LmN4pQr8sTu1vWx3yZa5',
  type: 'publishable',
  environment: 'live',
  last4: 'Qr5t',
  status: 'active',
  domains: ['app.example.com', '*.example.org'],
  createdAt: CREATED_AT,
  expiresAt: null,
} satisfies z.infer<typeof ApiKey>;

const keyNotFound = notFound('key');

export const createKey = defineOperation({
  method: 'post',
  path: '/admin/accounts/{accountId}/keys',
  operationId: 'createKey',
  summary: 'Create a key',
  description:
    'Creates a secret or publishable key for the account in one environment and returns it in full, once (D-02). A publishable key may carry up to 5 allowed domains (D-06); a secret key has none.',
  tag: ADMIN_TAGS.keys,
  access: 'admin',
  params: AccountIdParam,
  body: {
    schema: CreateKeyRequest,
    examples: {
      secret: { summary: 'Secret test key', value: { type: 'secret', environment: 'test' } },
      publishable: {
        summary: 'Publishable live key with domains',
        value: { type: 'publishable', environment: 'live', domains: ['app.example.com', '*.example.org'] },
      },
    },
  },
  success: {
    201: {
      description: 'The key record and the whole key, shown only now.',
      schema: KeyWithSecret,
      examples: {
        secret: { summary: 'Secret test key', value: { key: secretKeyExample, secret: 'svc_sk_test_4eC39HqLyjWDarjtT1zdp7dcAbCdEfGh' } },
        publishable: {
          summary: 'Publishable live key',
          value: { key: publishableKeyExample, secret: 'svc_pk_live_Tm9QzX2vB8nL4kJ6hG1fD3sA7pW5Qr5t' },
        },
      },
    },
  },
  errors: {
    404: notFound('account'),
    422: validationFailed(
      'unknown `type` or `environment`, `domains` on a secret key (`publishable_only`), more than 5 domains (`too_many_domains`), or a domain that is not a host name (`invalid_domain`).',
      'Bad domain and too many',
      {
        'domains.1': [{ code: 'invalid_domain', message: 'Must be a host name; a wildcard is allowed only as a leading "*.".' }],
        domains: [{ code: 'too_many_domains', message: 'At most 5 domains.' }],
      },
    ),
  },
});

export const updateKey = defineOperation({
  method: 'patch',
  path: '/admin/keys/{keyId}',
  operationId: 'updateKey',
  summary: 'Change the domains of a key',
  description:
    'Replaces the allowed domains of a publishable key; takes effect on the next request (spec 5 rule 4). An empty list leaves only the always-allowed `localhost`, `127.0.0.1`, `*.test` and `*.local`.',
  tag: ADMIN_TAGS.keys,
  access: 'admin',
  params: KeyIdParam,
  body: {
    schema: UpdateKeyRequest,
    examples: { domains: { summary: 'Two domains', value: { domains: ['app.example.com', '*.example.org'] } } },
  },
  success: {
    200: {
      description: 'The key with its new domains.',
      schema: ApiKey,
      examples: { updated: { summary: 'Updated', value: publishableKeyExample } },
    },
  },
  errors: {
    404: keyNotFound,
    422: validationFailed('`domains` missing, more than 5, not host names, or sent for a secret key (`publishable_only`).', 'Secret key', {
      domains: [{ code: 'publishable_only', message: 'Only publishable keys have domains.' }],
    }),
  },
});

export const rollKey = defineOperation({
  method: 'post',
  path: '/admin/keys/{keyId}/roll',
  operationId: 'rollKey',
  summary: 'Roll a key',
  description:
    'Replaces a key with a new one of the same type, environment and domains, returned in full once (spec 3.7, D-05). `instant`: the old key is `revoked` at once. `delayed`: the old key becomes `rolling` and keeps working until its `expiresAt`, 24 hours later by the service clock (so `POST /admin/clock/advance` moves it on), then it is `expired`. The response describes the new key.',
  tag: ADMIN_TAGS.keys,
  access: 'admin',
  params: KeyIdParam,
  body: {
    schema: RollKeyRequest,
    examples: {
      delayed: { summary: 'Keep the old key for 24 hours', value: { strategy: 'delayed' } },
      instant: { summary: 'Stop the old key now', value: { strategy: 'instant' } },
    },
  },
  success: {
    200: {
      description: 'The new key and, this once, the whole new key.',
      schema: KeyWithSecret,
      examples: {
        rolled: {
          summary: 'Rolled',
          value: {
            key: { ...secretKeyExample, id: 'key_5Tg7Yh9Uj2Ik4Ol6Pm8Qn1Rb', last4: 'x9Zk', createdAt: '2026-11-22T04:00:00Z' },
            secret: 'svc_sk_test_Hn3Kp7Qs1Wv5Zy9Bc2Df6Gj8Lm4Nx9Zk',
          },
        },
      },
    },
  },
  errors: {
    404: keyNotFound,
    409: {
      description: '`key_not_active`: only an `active` key can be rolled; a rolling, revoked or expired key cannot.',
      examples: {
        notActive: {
          summary: 'Key already rolling',
          value: { error: 'key_not_active', message: 'Only an active key can be rolled; this key is rolling.' },
        },
      },
    },
    422: validationFailed('`strategy` missing or not `instant` or `delayed`.', 'Unknown strategy', {
      strategy: [{ code: 'invalid_enum', message: 'Must be one of: instant, delayed.' }],
    }),
  },
});

export const revokeKey = defineOperation({
  method: 'delete',
  path: '/admin/keys/{keyId}',
  operationId: 'revokeKey',
  summary: 'Revoke a key',
  description:
    'Stops the key at once: every later request with it gets 401 (D-03). Also stops a `rolling` key before its 24 hours are up. Revoking a key that is already revoked or expired changes nothing and answers 204 too, so a script can repeat it safely.',
  tag: ADMIN_TAGS.keys,
  access: 'admin',
  params: KeyIdParam,
  success: { 204: { description: 'Revoked.' } },
  errors: { 404: keyNotFound },
});
