// The `ppsr-processing` job (spec 3.2, sandbox.md "PPSR"): `new` -> `processing` as the worker takes
// the search, then `completed` with results and certificates, or `failed` with a reason (D-33).
// Each step commits on its own and names the status it expects, so a worker killed mid-search leaves
// a `processing` search whose job another worker reruns after the lease (the register answers the
// same again), and a job run twice cannot move a search twice.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { Database } from '../../store/db.js';
import { enqueue } from '../../jobs/queue.js';
import { ppsrCertificates, ppsrSearches } from '../../store/schema/index.js';
import { brisbaneOffsetDateTime, brisbaneYymmdd } from '../../../schemas/common/dates.js';
import type { PpsrAnswer } from '../../registers/ppsr/ppsr-register.js';
import { PpsrSearchRequest } from '../../../schemas/ppsr/index.js';
import { planSearch, type SearchPlan } from './query.js';
import { PPSR_PROCESSING_JOB } from './searches.js';
import { CERTIFICATE_JOB } from './certificates.js';
import type { JobRow } from '../../store/schema/jobs.js';
import type { PpsrSearchRow } from '../../store/schema/ppsr.js';

const Payload = z.object({ requestId: z.number().int().min(1) });

async function lockSearch(db: Database, requestId: number): Promise<PpsrSearchRow | undefined> {
  const [row] = await db.select().from(ppsrSearches).where(eq(ppsrSearches.requestId, requestId)).for('update').limit(1);
  return row;
}

/** `261122000001001`: the Brisbane date of the search and the request id, as the examples show. */
export function ppsrSearchNumber(requestId: number, at: Date): string {
  return `${brisbaneYymmdd(at)}${String(requestId).padStart(9, '0')}`;
}

async function complete(deps: AppDeps, tx: Database, row: PpsrSearchRow, plan: SearchPlan, answer: PpsrAnswer): Promise<void> {
  const now = deps.clock.now();
  if (answer.outcome === 'failed') {
    await tx
      .update(ppsrSearches)
      .set({ status: 'failed', failureReason: answer.reason, updatedAt: now })
      .where(eq(ppsrSearches.requestId, row.requestId));
    return;
  }
  const result = {
    entity: answer.entity,
    search: {
      type: plan.type,
      number: plan.number,
      ppsrSearchNumber: ppsrSearchNumber(row.requestId, now),
      resultCount: answer.registrations.length,
      resultSummary: null,
      searchedAt: brisbaneOffsetDateTime(now),
    },
    registrations: answer.registrations,
    ...(plan.vehicleData && answer.nevdis ? { nevdisData: answer.nevdis } : {}),
  };
  await tx.update(ppsrSearches).set({ status: 'completed', result, updatedAt: now }).where(eq(ppsrSearches.requestId, row.requestId));
  if (!plan.certificates) return;
  // One certificate per registration, or one stating that nothing was found (D-32). They are made
  // one after the other, each taking SVC_SANDBOX_CERT_DELAY_MS, so they complete independently.
  const entries =
    answer.registrations.length > 0
      ? answer.registrations.map((r) => ({ kind: 'registration', registrationNumber: r.registrationNumber as string | null }))
      : [{ kind: 'no_registrations', registrationNumber: null }];
  const delay = deps.config.SVC_SANDBOX_CERT_DELAY_MS;
  for (const [index, entry] of entries.entries()) {
    const certificateNumber = `CERT-${row.requestId}-${index + 1}`;
    const dueAt = new Date(now.getTime() + delay * (index + 1));
    await tx.insert(ppsrCertificates).values({
      certificateNumber,
      requestId: row.requestId,
      position: index + 1,
      ...entry,
      status: 'processing',
      createdAt: now,
      dueAt,
    });
    await enqueue(tx, { name: CERTIFICATE_JOB, payload: { certificateNumber }, runAt: dueAt }, now);
  }
}

export async function runPpsrProcessing(deps: AppDeps, job: JobRow): Promise<void> {
  const { requestId } = Payload.parse(job.payload);
  const register = deps.registers.ppsr;
  // Read before the transaction: PGlite has one connection, which the transaction holds.
  const availability = await register.availability();
  const taken = await deps.db.transaction(async (tx) => {
    const row = await lockSearch(tx, requestId);
    if (!row || (row.status !== 'new' && row.status !== 'processing')) return undefined;
    if (row.status === 'new') {
      if (!availability.available) {
        // The register went down after the search was accepted: try again later; the search stays `new`.
        const now = deps.clock.now();
        const runAt = new Date(now.getTime() + availability.retryAfterSeconds * 1000);
        await enqueue(tx, { name: PPSR_PROCESSING_JOB, payload: { requestId }, runAt }, now);
        return undefined;
      }
      const [moved] = await tx
        .update(ppsrSearches)
        .set({ status: 'processing', updatedAt: deps.clock.now() })
        .where(eq(ppsrSearches.requestId, requestId))
        .returning();
      return moved;
    }
    return row;
  });
  if (!taken) return;
  const plan = planSearch(PpsrSearchRequest.parse(taken.request));
  // Asked outside a transaction: a real register answers in seconds, and no row lock is held meanwhile.
  const answer = await register.search(plan.query);
  await deps.db.transaction(async (tx) => {
    const row = await lockSearch(tx, requestId);
    if (!row || row.status !== 'processing') return;
    await complete(deps, tx, row, plan, answer);
  });
}
