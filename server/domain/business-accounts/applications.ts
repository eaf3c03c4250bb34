// Business account applications (spec 2.4, 3.3, 4.4; D-17, D-37): submitted, deduplicated per ACN
// and ABN, read with the partner's outcome and the polling limit. No HTTP here.
import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { enqueue } from '../../jobs/queue.js';
import { businessAccountApplications } from '../../store/schema/index.js';
import { ownedBy } from '../../store/scope.js';
import {
  ACCOUNT_MASK,
  BUSINESS_ACCOUNT_NON_TERMINAL_STATUSES,
  BUSINESS_ACCOUNT_POLL_INTERVAL_SECONDS,
  type BusinessAccountApplication,
  type BusinessAccountStatus,
} from '../../../schemas/business-accounts/index.js';
import { scopeOf, type Caller, type Scope } from '../caller.js';
import { DomainError } from '../errors.js';
import { PARTNER_PROGRESS_JOB } from './partner-progress.js';
import type { BusinessAccountApplicationRow } from '../../store/schema/business-accounts.js';
import { brisbaneDateTime } from '../../../schemas/common/dates.js';
import type { VerbArgs } from '../verb.js';
import { findOwned } from '../owned.js';

export type ApplicationStatus = 'new' | 'sent' | 'finished' | 'rejected';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
/** What a verb needs of the request: the database, the clock and who is calling. */
type Ctx = Deps & { caller: Pick<Caller, 'account' | 'environment'> };

export type ApplicationStatusView = z.input<typeof BusinessAccountStatus>;

/** Spec 2.4: `bsb` and `accountNumber` are masked until the account is activated. */
export function applicationStatusView(row: BusinessAccountApplicationRow): ApplicationStatusView {
  const common = {
    requestId: row.requestId,
    entityName: row.entityName,
    acn: row.acn,
    abn: row.abn,
    submittedAt: brisbaneDateTime(row.submittedAt),
  };
  if (row.status === 'finished' && row.activatedAt && row.bsb && row.accountNumber)
    return {
      ...common,
      status: 'finished',
      bsb: row.bsb,
      accountNumber: row.accountNumber,
      activatedAt: brisbaneDateTime(row.activatedAt),
    };
  const status = row.status === 'sent' || row.status === 'rejected' ? row.status : 'new';
  return { ...common, status, bsb: ACCOUNT_MASK, accountNumber: ACCOUNT_MASK, activatedAt: null };
}

/** A new application (`created`) or the open one it duplicates, with its current status. */
export interface SubmitOutcome {
  created: boolean;
  requestId: number;
  status: 'new' | 'sent';
}

const OPEN = [...BUSINESS_ACCOUNT_NON_TERMINAL_STATUSES];

/** The open (`new` or `sent`) application of the scope for this ACN or ABN, if any. */
async function openApplication(
  deps: Deps,
  scope: Scope,
  acn: string | null,
  abn: string | null,
): Promise<BusinessAccountApplicationRow | undefined> {
  const numbers = [
    ...(acn !== null ? [eq(businessAccountApplications.acn, acn)] : []),
    ...(abn !== null ? [eq(businessAccountApplications.abn, abn)] : []),
  ];
  const [row] = await deps.db
    .select()
    .from(businessAccountApplications)
    .where(and(ownedBy(businessAccountApplications, scope), inArray(businessAccountApplications.status, OPEN), or(...numbers)))
    .orderBy(businessAccountApplications.requestId)
    .limit(1);
  return row;
}

/**
 * What is stored and handed to the partner (spec 2.4 "passed to the banking partner unchanged"): the
 * validated application, serialised, never the bytes the request carried (D-56). Every value the
 * applicant sent reaches the partner as sent; what validation does not see (whitespace, escapes, a
 * repeated name's hidden value) cannot.
 */
export function partnerPayloadOf(body: BusinessAccountApplication): Buffer {
  return Buffer.from(JSON.stringify(body), 'utf8');
}

/**
 * Spec 3.3: a new application is stored and queued for the partner at once, unless one for the same
 * ACN or ABN is still open, which is returned instead. The partial unique indexes on open
 * applications decide races: of any number of concurrent submissions (from any number of API
 * processes) one inserts, the others find nothing inserted and read the winner. The validated body
 * is kept as the partner will receive it (partnerPayloadOf). Nothing is charged (spec 1).
 */
export async function submitApplication({ ctx: deps, input }: VerbArgs<Ctx, { body: BusinessAccountApplication }>): Promise<SubmitOutcome> {
  const scope = scopeOf(deps.caller);
  const acn = input.body.accountInformation.acn ?? null;
  const abn = input.body.accountInformation.abn ?? null;
  // A conflicting application can turn terminal between the insert and the read: then try again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const now = deps.clock.now();
    const inserted = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(businessAccountApplications)
        .values({
          accountId: scope.accountId,
          environment: scope.environment,
          status: 'new',
          entityName: input.body.generalInformation.companyName,
          acn,
          abn,
          payload: partnerPayloadOf(input.body),
          submittedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      // In the same transaction: an application is never left without the job that sends it.
      if (row) await enqueue(tx, { name: PARTNER_PROGRESS_JOB, payload: { requestId: row.requestId, expect: 'new' }, runAt: now }, now);
      return row;
    });
    if (inserted) return { created: true, requestId: inserted.requestId, status: 'new' };
    const existing = await openApplication(deps, scope, acn, abn);
    if (existing) return { created: false, requestId: existing.requestId, status: existing.status === 'sent' ? 'sent' : 'new' };
  }
  throw new Error('business account application: no insert and no open application after 5 attempts');
}

/** Another account's or environment's application is indistinguishable from a missing one (404). */
export async function getApplication(deps: Pick<AppDeps, 'db'>, scope: Scope, requestId: number): Promise<BusinessAccountApplicationRow> {
  return findOwned(deps.db, businessAccountApplications, businessAccountApplications.requestId, {
    id: requestId,
    scope,
    what: 'business account application',
  });
}

/**
 * Spec 4.4, D-37: one answered read per application per 15 minutes of service time. The read is
 * claimed by one conditional UPDATE, so API processes sharing the database share the limit and two
 * concurrent reads cannot both pass. A refused read is not counted.
 */
export async function readApplicationStatus({ ctx: deps, input }: VerbArgs<Ctx, { requestId: number }>): Promise<ApplicationStatusView> {
  const row = await getApplication(deps, scopeOf(deps.caller), input.requestId);
  const now = deps.clock.now();
  const earliest = new Date(now.getTime() - BUSINESS_ACCOUNT_POLL_INTERVAL_SECONDS * 1000);
  const [claimed] = await deps.db
    .update(businessAccountApplications)
    .set({ lastPolledAt: now })
    .where(
      and(
        eq(businessAccountApplications.requestId, row.requestId),
        or(isNull(businessAccountApplications.lastPolledAt), lte(businessAccountApplications.lastPolledAt, earliest)),
      ),
    )
    .returning();
  if (claimed) return applicationStatusView(claimed);
  const [last] = await deps.db
    .select({ at: businessAccountApplications.lastPolledAt })
    .from(businessAccountApplications)
    .where(eq(businessAccountApplications.requestId, row.requestId));
  const lastAt = last?.at ?? now;
  const retryAfter = Math.max(1, Math.ceil((lastAt.getTime() + BUSINESS_ACCOUNT_POLL_INTERVAL_SECONDS * 1000 - now.getTime()) / 1000));
  throw new DomainError(
    'rate_limited',
    `Business account application ${row.requestId} can be polled once every 15 minutes. Retry after the number of seconds in Retry-After.`,
    { retryAfter },
  );
}
