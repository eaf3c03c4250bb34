// PPSR searches (spec 2.3, 3.2, 4.3; D-17, D-30..D-33): submit (checked, charged, queued) and read
// back, scoped to the caller's account and environment; another's id is a 404 like a missing one.
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PpsrSearchRequest, PpsrSearch, PpsrSearchCreated } from '../../../schemas/ppsr/index.js';
import { ppsrCertificates, ppsrSearches } from '../../store/schema/index.js';
import { rowWithJob } from '../../jobs/row-with-job.js';
import { DomainError } from '../errors.js';
import { scopeOf } from '../caller.js';
import { chargeSearchFee, searchFeeDue } from './billing.js';
import type { PpsrCallerContext } from './context.js';
import type { Database } from '../../store/db.js';
import { perHandle } from '../../store/per-handle.js';
import type { PpsrCertificateRow, PpsrSearchRow } from '../../store/schema/ppsr.js';
import type { VerbArgs } from '../verb.js';
import { findOwned } from '../owned.js';

export type PpsrSearchView = z.infer<typeof PpsrSearch>;

export const PPSR_PROCESSING_JOB = 'ppsr-processing';

/**
 * Submits a search: refused with 503 while the register is down, and on the live prefix charged
 * first (402/403/503 refusals leave nothing behind), then queued for the `ppsr-processing` job.
 */
export async function createSearch({
  ctx,
  input,
}: VerbArgs<PpsrCallerContext, { body: PpsrSearchRequest }>): Promise<{ created: z.infer<typeof PpsrSearchCreated>; location: string }> {
  // The body passed the search rules (the operation's refiner) and the Zod parse in the pipeline.
  const { body } = input;
  const availability = await ctx.registers.ppsr.availability();
  if (!availability.available)
    throw new DomainError('registry_unavailable', 'The PPSR is unavailable. Nothing was searched or charged; retry later.', {
      retryAfter: availability.retryAfterSeconds,
    });
  const scope = scopeOf(ctx.caller);
  const now = ctx.clock.now();
  const values = { ...scope, request: body, now, job: { runAt: now, createdAt: now } };
  // The search and its processing job are one statement; a charged search also takes its fee in
  // the same transaction (a refused charge leaves nothing behind).
  const row = !searchFeeDue(scope.environment)
    ? await submitSearch(ctx.db, values)
    : await ctx.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const inserted = await submitSearch(tx, values);
        const chargeId = await chargeSearchFee(tx, ctx.clock, ctx.caller.account, scope.environment, inserted.requestId);
        if (chargeId) await tx.update(ppsrSearches).set({ chargeId }).where(eq(ppsrSearches.requestId, inserted.requestId));
        return inserted;
      });
  return {
    created: { requestId: row.requestId, status: 'new' },
    location: `${ctx.prefix}/ppsr/searches/${row.requestId}`,
  };
}

/** A search in `new` and its `ppsr-processing` job, due at once. */
const submitSearch = rowWithJob({
  name: 'submit_ppsr_search',
  table: ppsrSearches,
  values: (p) => ({
    accountId: p('accountId'),
    environment: p('environment'),
    status: 'new',
    request: p('request'),
    createdAt: p('now'),
    updatedAt: p('now'),
  }),
  job: { name: PPSR_PROCESSING_JOB, payload: {}, idKey: 'requestId', idColumn: ppsrSearches.requestId },
});

/** The caller's search; any other (another account, the other environment, none) is not found. */
export async function findSearch(db: Database, scope: ReturnType<typeof scopeOf>, requestId: number): Promise<PpsrSearchRow> {
  return findOwned(db, ppsrSearches, ppsrSearches.requestId, { id: requestId, scope, what: 'PPSR search' });
}

/** Read with every poll of a search (GET /ppsr/searches/{requestId}): prepared once per database handle (owned.ts). */
const certificatesQueryOf = perHandle((db: Database) =>
  db
    .select()
    .from(ppsrCertificates)
    .where(eq(ppsrCertificates.requestId, sql.placeholder('requestId')))
    .orderBy(asc(ppsrCertificates.position))
    .prepare('ppsr_certificates_of_search'),
);

export async function certificatesOf(db: Database, requestId: number): Promise<PpsrCertificateRow[]> {
  return certificatesQueryOf(db).execute({ requestId });
}

export function certificateUrl(prefix: string, requestId: number, certificateNumber: string): string {
  return `${prefix}/ppsr/searches/${requestId}/certificates/${encodeURIComponent(certificateNumber)}`;
}

type SearchResultData = Extract<PpsrSearchView, { status: 'completed' }>['data'];

/** The status resource of 2.3: `data` only when completed, `failureReason` only when failed. */
export function searchView(row: PpsrSearchRow, certificates: PpsrCertificateRow[], prefix: string): PpsrSearchView {
  if (row.status === 'failed') return { requestId: row.requestId, status: 'failed', failureReason: row.failureReason ?? '' };
  if (row.status !== 'completed' || !row.result)
    return { requestId: row.requestId, status: row.status === 'processing' ? 'processing' : 'new' };
  const data = structuredClone(row.result) as Omit<SearchResultData, 'certificates'>;
  const hasCertificates = certificates.length > 0;
  return {
    requestId: row.requestId,
    status: 'completed',
    data: {
      ...data,
      ...(hasCertificates
        ? {
            certificates: certificates.map((c) =>
              c.kind === 'no_registrations'
                ? {
                    kind: 'no_registrations' as const,
                    certificateNumber: c.certificateNumber,
                    registrationNumber: null,
                    status: c.status === 'completed' ? ('completed' as const) : ('processing' as const),
                    downloadUrl: certificateUrl(prefix, row.requestId, c.certificateNumber),
                  }
                : {
                    kind: 'registration' as const,
                    certificateNumber: c.certificateNumber,
                    registrationNumber: c.registrationNumber ?? '',
                    status: c.status === 'completed' ? ('completed' as const) : ('processing' as const),
                    downloadUrl: certificateUrl(prefix, row.requestId, c.certificateNumber),
                  },
            ),
          }
        : {}),
    },
  };
}

export async function getSearch({ ctx, input }: VerbArgs<PpsrCallerContext, { requestId: number }>): Promise<PpsrSearchView> {
  const row = await findSearch(ctx.db, scopeOf(ctx.caller), input.requestId);
  return searchView(row, await certificatesOf(ctx.db, row.requestId), ctx.prefix);
}
