// Who owns a webhook endpoint (spec 2.2: the API key that created it, and so its environment).
import { and, eq, isNull, type Placeholder } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { Caller } from '../caller.js';
import type { Environment } from '../../ids.js';
import { apiKeys, webhookEndpoints } from '../../store/schema/index.js';
import type { WebhookEndpointRow } from '../../store/schema/webhooks.js';
import { NotFoundError } from '../errors.js';
import { ownedBy as inScope } from '../../store/scope.js';

export type EndpointCaller = Pick<Caller, 'account' | 'key' | 'environment'>;

export interface EndpointOwner {
  accountId: string;
  environment: Environment;
  /** Stored in `webhook_endpoints.key_id`. */
  keyId: string;
}

/** Far more rolls than any key sees; only a guard against a cycle in bad data. */
const MAX_ROLL_CHAIN = 100;

/**
 * The owning key id of the caller's endpoints.
 *
 * A rolled key is the same key with a new secret (3.7): the new key inherits the endpoints, and during
 * a delayed roll old and new key see the same ones. So endpoints are stored against the FIRST key of
 * the roll chain (`rolledToKeyId` links old to new) and both ends resolve to it.
 *
 * V1 personal access tokens have no API key: every token of an account shares the owner
 * `pat:<accountId>` (per environment, like keys), separate from all of the account's API keys.
 */
/**
 * Key id -> the first key of its roll chain. A key's predecessors are fixed before it exists (a roll
 * creates the new key and points the old one at it in one transaction), so the answer never changes
 * and is kept for the life of the process: endpoint operations then cost no chain walk.
 */
const rollRoots = new Map<string, string>();
const MAX_REMEMBERED_ROOTS = 10_000;

function rememberRoot(keyId: string, rootId: string): void {
  if (rollRoots.size >= MAX_REMEMBERED_ROOTS) rollRoots.delete(rollRoots.keys().next().value!);
  rollRoots.set(keyId, rootId);
}

export async function endpointOwner(deps: Pick<AppDeps, 'db'>, caller: EndpointCaller): Promise<EndpointOwner> {
  const base = { accountId: caller.account.id, environment: caller.environment };
  if (!caller.key) return { ...base, keyId: `pat:${caller.account.id}` };
  const known = rollRoots.get(caller.key.id);
  if (known) return { ...base, keyId: known };
  let keyId = caller.key.id;
  for (let i = 0; i < MAX_ROLL_CHAIN; i++) {
    const [previous] = await deps.db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.rolledToKeyId, keyId)).limit(1);
    if (!previous) break;
    keyId = previous.id;
  }
  rememberRoot(caller.key.id, keyId);
  return { ...base, keyId };
}

/** An owner's fields, or placeholders for them in a prepared statement. */
export type OwnerValues = { [K in keyof EndpointOwner]: EndpointOwner[K] | Placeholder };

/** The condition every read and write of an endpoint carries: this owner, not deleted. */
export function ownedBy(owner: OwnerValues) {
  return and(inScope(webhookEndpoints, owner), eq(webhookEndpoints.keyId, owner.keyId), isNull(webhookEndpoints.deletedAt));
}

/** The owner's endpoint with this id; any other (another key, environment or account, or deleted) is 404. */
export async function findOwnedEndpoint(deps: Pick<AppDeps, 'db'>, owner: EndpointOwner, id: string): Promise<WebhookEndpointRow> {
  const [row] = await deps.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), ownedBy(owner)))
    .limit(1);
  if (!row) throw new NotFoundError('webhook endpoint');
  return row;
}
