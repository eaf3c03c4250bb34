// Who is calling (spec 5, D-02 to D-06, D-40). Runs before the body is read, so unauthenticated
// callers never get their payload parsed. Every refusal uses the shared shape, except `sandbox_only`
// on monitoring endpoints, which uses the monitoring shape (D-04).
import { eq, sql } from 'drizzle-orm';
import type { Request } from 'express';
import type { AppDeps } from '../deps.js';
import type { Database } from '../store/db.js';
import { perHandle } from '../store/per-handle.js';
import { accounts, apiKeys, personalAccessTokens } from '../store/schema/index.js';
import { parseApiKey } from '../domain/keys/key-format.js';
import type { Environment } from '../ids.js';
import { hashSecret } from '../ids.js';
import { isHostAllowed, requestHost } from '../domain/keys/domains.js';
import type { Caller } from '../domain/caller.js';
import { fromBrowser, fromOwnConsole } from './browser-rules.js';
import { refusal } from './error-mappers.js';
import type { LookupGate } from './refusal-limit.js';
import type { HttpResult } from './responses.js';
import { callerText } from '../../schemas/common/caller-text.js';

export interface OperationAuthInfo {
  allowsPublishable: boolean;
  monitoring: boolean;
}

export interface ApiPrefix {
  environment: Environment;
  version: 'v1' | 'v2';
}

const UNAUTHORIZED = { 'WWW-Authenticate': 'Bearer' };
/** The shape of a personal access token as issued (server/domain/accounts/accounts.ts). */
const PERSONAL_ACCESS_TOKEN = /^svc_pat_[A-Za-z0-9]{40}$/;

function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function bearer(req: Request): string | undefined {
  const value = header(req, 'authorization');
  if (!value) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return match ? match[1] : '';
}

type Credential = { kind: 'key'; value: string } | { kind: 'token'; value: string };

function credentialOf(req: Request, prefix: ApiPrefix): Credential | undefined | '' {
  const token = bearer(req);
  if (prefix.version === 'v1') {
    const legacy = header(req, 'x-auth-svc');
    if (legacy) return { kind: 'key', value: legacy.trim() };
    if (token) return parseApiKey(token) ? { kind: 'key', value: token } : { kind: 'token', value: token };
    return token === '' ? '' : undefined;
  }
  if (token === undefined || token === '') return token;
  return { kind: 'key', value: token };
}

/**
 * Key and account in one round trip, built once per database as a prepared statement: this runs on
 * every request, and building the query each time cost more than running it (`npm run bench:http`).
 */
function buildKeyLookup(db: Database) {
  return db
    .select({ key: apiKeys, account: accounts })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(eq(apiKeys.keyHash, sql.placeholder('keyHash')))
    .limit(1)
    .prepare('auth_key_lookup');
}

const keyLookupOf = perHandle(buildKeyLookup);

/**
 * `lookups` runs the database lookups of a credential (the bad-credential budget queues them for an
 * address past it, D-52); a credential that cannot be an issued one is refused without any.
 */
export async function authenticate(
  deps: AppDeps,
  req: Request,
  prefix: ApiPrefix,
  op: OperationAuthInfo,
  lookups: LookupGate = (run) => run(),
): Promise<Caller | HttpResult> {
  const credential = credentialOf(req, prefix);
  if (credential === undefined)
    return refusal('shared', 'unauthorized', 'Missing Authorization header. Use "Authorization: Bearer <API key>".', UNAUTHORIZED);
  if (credential === '') return refusal('shared', 'unauthorized', 'The Authorization header must be "Bearer <API key>".', UNAUTHORIZED);

  const now = deps.clock.now();
  if (credential.kind === 'token') {
    // Only a string shaped like an issued token is looked up: anything else is refused for free.
    if (!PERSONAL_ACCESS_TOKEN.test(credential.value)) return refusal('shared', 'unauthorized', 'Invalid API key or token.', UNAUTHORIZED);
    const [row] = await lookups(() =>
      deps.db
        .select({ account: accounts })
        .from(personalAccessTokens)
        .innerJoin(accounts, eq(accounts.id, personalAccessTokens.accountId))
        .where(eq(personalAccessTokens.tokenHash, hashSecret(credential.value)))
        .limit(1),
    );
    if (!row) return refusal('shared', 'unauthorized', 'Invalid API key or token.', UNAUTHORIZED);
    // A token reaches every environment of its account: no browser may send it, the console included (D-03).
    if (fromBrowser(req))
      return refusal('shared', 'forbidden', 'Personal access tokens must not be used from a browser; use a publishable key.');
    const { account } = row;
    return refuseByAccount({ account, key: null, environment: prefix.environment, version: prefix.version }, op);
  }

  const parsed = parseApiKey(credential.value);
  if (!parsed) return refusal('shared', 'unauthorized', 'Invalid API key.', UNAUTHORIZED);
  const keyHash = hashSecret(credential.value);
  let row = deps.authCache.get(keyHash);
  if (!row) {
    const readAt = deps.authCache.generation();
    [row] = await lookups(() => keyLookupOf(deps.db).execute({ keyHash }));
    if (row) deps.authCache.store(keyHash, row, readAt);
  }
  if (!row || row.key.status === 'revoked' || (row.key.expiresAt && row.key.expiresAt.getTime() <= now.getTime())) {
    return refusal('shared', 'unauthorized', row ? 'This API key has been revoked or rolled.' : 'Invalid API key.', UNAUTHORIZED);
  }
  const { key } = row;
  if (key.environment !== prefix.environment) {
    return refusal(
      'shared',
      'forbidden',
      `A ${key.environment} key cannot be used on the ${prefix.environment} prefix (${prefix.environment === 'live' ? '/api/v2' : '/api/test/v2'}).`,
    );
  }
  if (key.type === 'publishable') {
    if (!op.allowsPublishable)
      return refusal('shared', 'forbidden', 'Publishable keys can only call helper endpoints; use a secret key on your server.');
    const host = requestHost(header(req, 'origin'), header(req, 'referer'));
    if (!host) return refusal('shared', 'forbidden', 'A publishable key needs an Origin or Referer header naming an allowed domain.');
    if (!isHostAllowed(host, key.domains))
      return refusal('shared', 'forbidden', `Origin ${callerText(host)} is not allowed for this publishable key.`);
  } else {
    // Secret keys, as Bearer or V1's X-Auth-SVC, from a browser: only a test key from the console (D-03, D-49).
    if (fromBrowser(req) && !fromOwnConsole(req, key.environment, deps.config)) {
      return refusal('shared', 'forbidden', 'Secret keys must not be used from a browser; use a publishable key.');
    }
  }
  return refuseByAccount({ account: row.account, key, environment: prefix.environment, version: prefix.version }, op);
}

function refuseByAccount(caller: Caller, op: OperationAuthInfo): Caller | HttpResult {
  if (caller.account.plan === 'free' && caller.environment === 'live') {
    const message = 'This is a sandbox account: use test keys on /api/test/v2.';
    if (op.monitoring) return refusal('api', 'sandbox_only', message);
    return refusal('shared', 'forbidden', `sandbox_only: ${message}`);
  }
  return caller;
}

export function isCaller(value: Caller | HttpResult): value is Caller {
  return 'account' in value;
}
