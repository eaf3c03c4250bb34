// The operator overview of PPSR searches (the sandbox console): newest first, by account.
import { desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { Environment } from '../../ids.js';
import { ppsrSearches } from '../../store/schema/index.js';
import type { VerbArgs } from '../verb.js';

export interface PpsrSearchOverview {
  requestId: number;
  accountId: string;
  environment: Environment;
  status: 'new' | 'processing' | 'completed' | 'failed';
  request: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

export const PPSR_OVERVIEW_LIMIT = 200;

export async function listPpsrSearchOverview({
  ctx,
  input,
}: VerbArgs<Pick<AppDeps, 'db'>, { accountId?: string | undefined }>): Promise<PpsrSearchOverview[]> {
  const rows = await ctx.db
    .select()
    .from(ppsrSearches)
    .where(input.accountId ? eq(ppsrSearches.accountId, input.accountId) : undefined)
    .orderBy(desc(ppsrSearches.createdAt), desc(ppsrSearches.requestId))
    .limit(PPSR_OVERVIEW_LIMIT);
  return rows.map((row) => ({
    requestId: row.requestId,
    accountId: row.accountId,
    environment: row.environment as Environment,
    status: row.status as PpsrSearchOverview['status'],
    request: row.request,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
