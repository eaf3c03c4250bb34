// Listen sessions (D-78): a webhook endpoint of the account whose deliveries the command line
// collects instead of receiving a POST. One per account, environment and device name, so `listen`
// started again resumes the session with its id and secret and finds what arrived meanwhile.
// The endpoint row's owner key is `listen:<account>`, which no API key is: the `/webhooks`
// operations never see a session and it takes no place in their per-key limit.
import { and, count, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { Caller } from '../caller.js';
import { newId } from '../../ids.js';
import { listenAttempts, listenSessions, webhookEndpoints } from '../../store/schema/index.js';
import type { WebhookEndpointRow } from '../../store/schema/webhooks.js';
import type { ListenSessionRow } from '../../store/schema/listen.js';
import { sealEndpointSecret, signingSecretOf } from '../../delivery/endpoint-secrets.js';
import { generateWebhookSecret } from '../webhooks/endpoints.js';
import { NotFoundError } from '../errors.js';
import type { VerbArgs } from '../verb.js';
import type { ListenSession } from '../../../schemas/cli/index.js';

export type ListenSessionView = z.infer<typeof ListenSession>;
export type ListenContext = Pick<AppDeps, 'db' | 'clock' | 'sealer'> & { caller: Pick<Caller, 'account' | 'environment'> };

export const DEFAULT_DEVICE_NAME = 'default';

export interface OwnedSession {
  session: ListenSessionRow;
  endpoint: WebhookEndpointRow;
}

/** The owner key of every session endpoint of an account: no API key has this id. */
function sessionOwnerKey(accountId: string): string {
  return `listen:${accountId}`;
}

/** The caller's session with this id; another account's or environment's is 404, like any id (spec 2.2). */
export async function findOwnedSession(ctx: ListenContext, id: string): Promise<OwnedSession> {
  const [row] = await ctx.db
    .select({ session: listenSessions, endpoint: webhookEndpoints })
    .from(listenSessions)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, listenSessions.id))
    .where(
      and(
        eq(listenSessions.id, id),
        eq(listenSessions.accountId, ctx.caller.account.id),
        eq(listenSessions.environment, ctx.caller.environment),
        isNull(webhookEndpoints.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw new NotFoundError('listen session');
  return row;
}

async function waitingCount(ctx: Pick<AppDeps, 'db'>, sessionId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(listenAttempts)
    .where(and(eq(listenAttempts.sessionId, sessionId), isNull(listenAttempts.closedAt), isNull(listenAttempts.leasedUntil)));
  return row?.n ?? 0;
}

async function viewOf(ctx: ListenContext, owned: OwnedSession, resumed: boolean): Promise<ListenSessionView> {
  return {
    id: owned.session.id,
    deviceName: owned.session.deviceName,
    eventTypes: owned.endpoint.eventTypes,
    // Opened for this answer only: `listen` prints it so the local app can verify what it forwards.
    secret: await signingSecretOf(ctx, owned.endpoint),
    resumed,
    pendingDeliveries: await waitingCount(ctx, owned.session.id),
    consecutiveFailures: owned.endpoint.consecutiveFailures,
    createdAt: owned.session.createdAt.toISOString(),
    updatedAt: owned.endpoint.updatedAt.toISOString(),
  };
}

export interface StartListenInput {
  eventTypes?: string[] | undefined;
  deviceName?: string | undefined;
}

/**
 * Creates the session of this device name, or resumes it: its events replaced, enabled again and its
 * failure count reset (a listener is back), with the same id and secret.
 */
export async function startListenSession({ ctx, input }: VerbArgs<ListenContext, StartListenInput>): Promise<ListenSessionView> {
  const deviceName = input.deviceName ?? DEFAULT_DEVICE_NAME;
  const eventTypes = [...new Set(input.eventTypes ?? ['*'])];
  const existing = await sessionIdOf(ctx, deviceName);
  const createdId = existing ? null : await createSession(ctx, deviceName, eventTypes);
  if (createdId) return viewOf(ctx, await findOwnedSession(ctx, createdId), false);
  // Resumed, or created by a concurrent start of the same name a moment ago.
  const id = existing ?? (await sessionIdOf(ctx, deviceName));
  if (!id) throw new NotFoundError('listen session');
  const now = ctx.clock.now();
  await ctx.db
    .update(webhookEndpoints)
    .set({ eventTypes, enabled: true, disabledReason: null, consecutiveFailures: 0, updatedAt: now })
    .where(eq(webhookEndpoints.id, id));
  await ctx.db.update(listenSessions).set({ updatedAt: now }).where(eq(listenSessions.id, id));
  return viewOf(ctx, await findOwnedSession(ctx, id), true);
}

async function sessionIdOf(ctx: ListenContext, deviceName: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ id: listenSessions.id })
    .from(listenSessions)
    .where(
      and(
        eq(listenSessions.accountId, ctx.caller.account.id),
        eq(listenSessions.environment, ctx.caller.environment),
        eq(listenSessions.deviceName, deviceName),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** The endpoint row and the session row together; null when a concurrent start took the name first. */
async function createSession(ctx: ListenContext, deviceName: string, eventTypes: string[]): Promise<string | null> {
  const scope = { accountId: ctx.caller.account.id, environment: ctx.caller.environment };
  const now = ctx.clock.now();
  const id = newId('ls');
  const secret = generateWebhookSecret();
  return ctx.db.transaction(async (tx) => {
    await tx.insert(webhookEndpoints).values({
      id,
      ...scope,
      keyId: sessionOwnerKey(scope.accountId),
      url: `svc-cli://listen/${deviceName}`,
      eventTypes,
      enabled: true,
      // Sealed like every endpoint secret (D-21); opened only to sign and to answer a start.
      secretSealed: sealEndpointSecret(ctx.sealer, id, secret),
      secret: null,
      consecutiveFailures: 0,
      disabledReason: null,
      receiver: 'cli',
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    });
    const [session] = await tx
      .insert(listenSessions)
      .values({ id, ...scope, deviceName, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: listenSessions.id });
    // The name was taken meanwhile: this endpoint row never became a session.
    if (!session) await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    return session?.id ?? null;
  });
}
