// Identifiers and small enums shared by several operator API areas.
import { z } from '../common/zod.js';

/** D-02: 32 characters from this alphabet follow every key prefix; ids use it too. */
const BASE62 = '[0-9A-Za-z]';

export const Environment = z.enum(['live', 'test']).openapi({ description: 'Live or test environment (D-01).', example: 'test' });

export const AccountId = z
  .string()
  .regex(new RegExp(`^acct_${BASE62}{24}$`))
  .openapi({ description: 'Account id: `acct_` and 24 letters or digits.', example: 'acct_7Hq2LmN4pQr8sTu1vWx3yZa5' });

export const KeyId = z
  .string()
  .regex(new RegExp(`^key_${BASE62}{24}$`))
  .openapi({
    description: 'Key id: `key_` and 24 letters or digits. Not a secret; the key itself is never stored (D-02).',
    example: 'key_2Bc4De6Fg8Hj1Kl3Mn5Pq7Rs',
  });

/** Full key as shown once on create or roll (D-02). */
export const FullKey = z
  .string()
  .regex(new RegExp(`^svc_(sk|pk)_(live|test)_${BASE62}{32}$`))
  .openapi({
    description:
      'The whole key: `svc_{sk|pk}_{live|test}_` and 32 letters or digits from a CSPRNG (D-02). Shown only in this response; the service keeps a SHA-256 hash and the last 4 characters.',
    example: 'svc_sk_test_4eC39HqLyjWDarjtT1zdp7dcAbCdEfGh',
  });

export function fullKeyOf(type: 'sk' | 'pk', environment: 'live' | 'test') {
  return z
    .string()
    .regex(new RegExp(`^svc_${type}_${environment}_${BASE62}{32}$`))
    .openapi({ description: `\`svc_${type}_${environment}_\` and 32 letters or digits (D-02).` });
}

/**
 * Path parameters are plain strings, not the id patterns: a malformed id is just an unknown one,
 * so the answer is 404 `not_found`, never a 422 about the URL.
 */
export const AccountIdParam = z.strictObject({
  accountId: z.string().min(1).max(64).openapi({ description: 'Account id (`acct_…`).', example: 'acct_7Hq2LmN4pQr8sTu1vWx3yZa5' }),
});

/** An overview's query filter: only the rows of this account. Plain like the path ids (see above). */
export const AccountFilter = z
  .string()
  .min(1)
  .max(64)
  .optional()
  .openapi({ description: 'Only this account (`acct_…`).', example: 'acct_7Hq2LmN4pQr8sTu1vWx3yZa5' });

export const KeyIdParam = z.strictObject({
  keyId: z
    .string()
    .min(1)
    .max(64)
    .openapi({ description: 'Key id (`key_…`), as listed on the account.', example: 'key_2Bc4De6Fg8Hj1Kl3Mn5Pq7Rs' }),
});

/** PATCH bodies must change something: an empty one is almost certainly a script bug (pairs with `minProperties: 1`). */
export function requireSomeField(value: object, ctx: z.RefinementCtx): void {
  if (Object.keys(value).length === 0)
    ctx.addIssue({ code: 'custom', path: [], message: 'Send at least one field.', params: { code: 'empty_body' } });
}
