// PPSR alert subscriptions (D-34, provisional): list, create and delete, scoped to the caller's
// account and environment. An organisation is watched at most once per account and environment.
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { PpsrAlertCreateRequest, PpsrAlert } from '../../../schemas/ppsr/index.js';
import { ppsrAlerts } from '../../store/schema/index.js';
import { newId } from '../../ids.js';
import { scopeOf } from '../caller.js';
import { DomainError, NotFoundError } from '../errors.js';
import type { PpsrCallerContext } from './context.js';
import type { PpsrAlertRow } from '../../store/schema/ppsr.js';
import { ownedBy } from '../../store/scope.js';
import type { VerbArgs } from '../verb.js';

export type PpsrAlertView = z.infer<typeof PpsrAlert>;

export function alertView(row: PpsrAlertRow): PpsrAlertView {
  return {
    id: row.id,
    organisationNumberType: row.organisationNumberType as PpsrAlertView['organisationNumberType'],
    organisationNumber: row.organisationNumber,
    createdAt: row.createdAt.toISOString(),
  };
}

type Ctx = Omit<PpsrCallerContext, 'prefix'>;

export async function listAlerts({ ctx }: { ctx: Ctx; input?: undefined }): Promise<PpsrAlertView[]> {
  const scope = scopeOf(ctx.caller);
  const rows = await ctx.db
    .select()
    .from(ppsrAlerts)
    .where(and(ownedBy(ppsrAlerts, scope)))
    .orderBy(asc(ppsrAlerts.createdAt), asc(ppsrAlerts.id));
  return rows.map(alertView);
}

/** Subscribes; the body passed the alert rules (the operation's refiner) and the pipeline's Zod parse. */
export async function createAlert({ ctx, input }: VerbArgs<Ctx, { body: PpsrAlertCreateRequest }>): Promise<PpsrAlertView> {
  const { body } = input;
  const scope = scopeOf(ctx.caller);
  const [row] = await ctx.db
    .insert(ppsrAlerts)
    .values({ id: newId('pal'), ...scope, ...body, createdAt: ctx.clock.now() })
    .onConflictDoNothing()
    .returning();
  if (row) return alertView(row);
  const [existing] = await ctx.db
    .select()
    .from(ppsrAlerts)
    .where(
      and(
        ownedBy(ppsrAlerts, scope),
        eq(ppsrAlerts.organisationNumberType, body.organisationNumberType),
        eq(ppsrAlerts.organisationNumber, body.organisationNumber),
      ),
    )
    .limit(1);
  throw new DomainError(
    'already_subscribed',
    `${body.organisationNumberType} ${body.organisationNumber} is already watched by alert ${existing?.id ?? 'another request'}.`,
  );
}

export async function deleteAlert({ ctx, input }: VerbArgs<Ctx, { id: string }>): Promise<void> {
  const scope = scopeOf(ctx.caller);
  const removed = await ctx.db
    .delete(ppsrAlerts)
    .where(and(eq(ppsrAlerts.id, input.id), ownedBy(ppsrAlerts, scope)))
    .returning({ id: ppsrAlerts.id });
  if (removed.length === 0) throw new NotFoundError('PPSR alert');
}
