// The operator overview of every request kind (the sandbox console): Form 484 lodgements,
// business account applications and the D-36 lodgements, listed together, newest first.
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { Environment } from '../../ids.js';
import { businessAccountApplications, form484Lodgements, lodgements } from '../../store/schema/index.js';
import type { OVERVIEW_KINDS } from '../../../schemas/admin/lodgements.js';
import type { Form484Row } from '../../store/schema/form484.js';
import type { VerbArgs } from '../verb.js';

export type OverviewKindName = (typeof OVERVIEW_KINDS)[number];

export interface LodgementSummaryView {
  kind: OverviewKindName;
  requestId: number;
  accountId: string;
  environment: Environment;
  status: string;
  entityName: string | null;
  acn: string | null;
  abn: string | null;
  createdAt: string;
  updatedAt: string;
}

/** At most this many rows in one overview. */
export const OVERVIEW_LIMIT = 500;

export function form484Summary(row: Form484Row): LodgementSummaryView {
  return {
    kind: 'form484',
    requestId: row.requestId,
    accountId: row.accountId,
    environment: row.environment,
    status: row.status,
    entityName: row.companyName,
    acn: row.acn,
    abn: null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns business account applications and D-36 lodgements share, as one summary row. */
function summaryOf(
  kind: OverviewKindName,
  row: Omit<LodgementSummaryView, 'kind' | 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date },
): LodgementSummaryView {
  return {
    kind,
    requestId: row.requestId,
    accountId: row.accountId,
    environment: row.environment,
    status: row.status,
    entityName: row.entityName,
    acn: row.acn,
    abn: row.abn,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The overview's filters: one account, one kind, or neither. */
export interface OverviewFilters {
  accountId?: string | undefined;
  kind?: OverviewKindName | undefined;
}

export async function listLodgementOverview({
  ctx,
  input,
}: VerbArgs<Pick<AppDeps, 'db'>, OverviewFilters>): Promise<LodgementSummaryView[]> {
  const { accountId, kind } = input;
  const rows: LodgementSummaryView[] = [];
  if (!kind || kind === 'form484') {
    const found = await ctx.db
      .select()
      .from(form484Lodgements)
      .where(accountId ? eq(form484Lodgements.accountId, accountId) : undefined)
      .orderBy(desc(form484Lodgements.createdAt))
      .limit(OVERVIEW_LIMIT);
    rows.push(...found.map(form484Summary));
  }
  if (!kind || kind === 'business_account') {
    const found = await ctx.db
      .select()
      .from(businessAccountApplications)
      .where(accountId ? eq(businessAccountApplications.accountId, accountId) : undefined)
      .orderBy(desc(businessAccountApplications.createdAt))
      .limit(OVERVIEW_LIMIT);
    rows.push(...found.map((row) => summaryOf('business_account', row)));
  }
  if (!kind || (kind !== 'form484' && kind !== 'business_account')) {
    const filters: SQL[] = [];
    if (accountId) filters.push(eq(lodgements.accountId, accountId));
    if (kind) filters.push(eq(lodgements.kind, kind));
    const found = await ctx.db
      .select()
      .from(lodgements)
      .where(filters.length ? and(...filters) : undefined)
      .orderBy(desc(lodgements.createdAt))
      .limit(OVERVIEW_LIMIT);
    rows.push(...found.map((row) => summaryOf(row.kind as OverviewKindName, row)));
  }
  return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.requestId - a.requestId).slice(0, OVERVIEW_LIMIT);
}
