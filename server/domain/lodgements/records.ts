// Lodgement records (D-36): created by the operator or by a public lodgement operation, read by the
// owning account in the environment it was lodged in. No HTTP here.
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { accounts, lodgements } from '../../store/schema/index.js';
import { DomainError, ValidationError } from '../errors.js';
import type { Environment } from '../../ids.js';
import { INTERACTION_BY_KIND, type Lodgement, type LODGEMENT_KINDS, type LODGEMENT_STATUSES } from '../../../schemas/lodgements/index.js';
import { scopeOf, type Caller } from '../caller.js';
import type { LodgementRow } from '../../store/schema/lodgements.js';
import type { VerbArgs } from '../verb.js';
import { findOwned } from '../owned.js';

export type LodgementKindName = (typeof LODGEMENT_KINDS)[number];
export type LodgementStatusName = (typeof LODGEMENT_STATUSES)[number];
export type LodgementView = z.infer<typeof Lodgement>;

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** Who may read a lodgement: its account, on the prefix of its environment. */
export interface LodgementScope {
  accountId: string;
  environment: Environment;
}

export interface NewLodgement extends LodgementScope {
  kind: LodgementKindName;
  entityName?: string;
  acn?: string;
  abn?: string;
  /** The body the customer lodged, kept for the (simulated) regulator. */
  payload?: Record<string, unknown>;
}

export function lodgementView(row: LodgementRow): LodgementView {
  const kind = row.kind as LodgementKindName;
  return {
    requestId: row.requestId,
    kind,
    interaction: INTERACTION_BY_KIND[kind],
    status: row.status as LodgementStatusName,
    entityName: row.entityName,
    acn: row.acn,
    abn: row.abn,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Inserts a lodgement with status `new`. `new` is not notifiable, so no event is sent. */
export async function insertLodgement(deps: Deps, input: NewLodgement): Promise<LodgementRow> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(lodgements)
    .values({
      accountId: input.accountId,
      environment: input.environment,
      kind: input.kind,
      status: 'new',
      entityName: input.entityName ?? null,
      acn: input.acn ?? null,
      abn: input.abn ?? null,
      payload: input.payload ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('lodgement insert returned no row');
  return row;
}

/**
 * Operator API: the account comes from the body, so an unknown one is a field problem (422
 * `account_not_found`, as the admin document says), not a 404 about the URL.
 */
export async function createLodgement({ ctx, input }: VerbArgs<Deps, Omit<NewLodgement, 'payload'>>): Promise<LodgementView> {
  const [account] = await ctx.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, input.accountId)).limit(1);
  if (!account) throw new ValidationError({ accountId: [{ code: 'account_not_found', message: 'No such account.' }] });
  const { accountId, environment, kind, entityName, acn, abn } = input;
  return lodgementView(await insertLodgement(ctx, { accountId, environment, kind, entityName, acn, abn }));
}

/** Another account's or environment's lodgement is indistinguishable from a missing one (404). */
export async function getLodgement({
  ctx,
  input,
}: VerbArgs<Pick<AppDeps, 'db'> & { caller: Pick<Caller, 'account' | 'environment'> }, { requestId: number }>): Promise<LodgementView> {
  const row = await findOwned(ctx.db, lodgements, lodgements.requestId, {
    id: input.requestId,
    scope: scopeOf(ctx.caller),
    what: 'lodgement',
  });
  return lodgementView(row);
}

/** The operator sees every account, so only the id scopes the lookup. */
export function lodgementNotFound(): DomainError {
  return new DomainError('not_found', 'No such lodgement.');
}
