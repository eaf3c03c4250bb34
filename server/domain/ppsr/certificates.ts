// Search certificates (spec 3.2, 4.3; D-32): the `certificate-generation` job makes each PDF when it
// is due, and the download answers 202 with `Retry-After` until then, the PDF afterwards.
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ppsrCertificates, ppsrSearches } from '../../store/schema/index.js';
import type { PpsrRegistrationRecord } from '../../registers/ppsr/ppsr-register.js';
import { DomainError } from '../errors.js';
import { scopeOf } from '../caller.js';
import type { PpsrCallerContext } from './context.js';
import { renderCertificatePdf } from './certificate-pdf.js';
import { findSearch } from './searches.js';
import type { JobRow } from '../../store/schema/jobs.js';
import { callerText } from '../../../schemas/common/caller-text.js';
import type { VerbArgs } from '../verb.js';

export const CERTIFICATE_JOB = 'certificate-generation';

const Payload = z.object({ certificateNumber: z.string().min(1) });

interface StoredResult {
  search: { type: string; number: string; ppsrSearchNumber: string; searchedAt: string };
  registrations: PpsrRegistrationRecord[];
}

export async function runCertificateGeneration(deps: AppDeps, job: JobRow): Promise<void> {
  const { certificateNumber } = Payload.parse(job.payload);
  await deps.db.transaction(async (tx) => {
    const [certificate] = await tx
      .select()
      .from(ppsrCertificates)
      .where(eq(ppsrCertificates.certificateNumber, certificateNumber))
      .for('update')
      .limit(1);
    if (!certificate || certificate.status !== 'processing') return;
    const [search] = await tx.select().from(ppsrSearches).where(eq(ppsrSearches.requestId, certificate.requestId)).limit(1);
    if (!search?.result) return;
    const result = search.result as unknown as StoredResult;
    const now = deps.clock.now();
    const pdf = await renderCertificatePdf({
      certificateNumber,
      environment: search.environment === 'live' ? 'live' : 'test',
      ppsrSearchNumber: result.search.ppsrSearchNumber,
      searchType: result.search.type,
      searched: result.search.number,
      searchedAt: result.search.searchedAt,
      registration: result.registrations.find((r) => r.registrationNumber === certificate.registrationNumber) ?? null,
      issuedAt: now,
    });
    await tx
      .update(ppsrCertificates)
      .set({ status: 'completed', pdf: pdf.toString('base64'), completedAt: now })
      .where(eq(ppsrCertificates.certificateNumber, certificateNumber));
  });
}

export type CertificateDownload =
  { kind: 'pdf'; pdf: Buffer; certificateNumber: string } | { kind: 'processing'; certificateNumber: string; retryAfterSeconds: number };

export async function getCertificate({
  ctx,
  input,
}: VerbArgs<PpsrCallerContext, { requestId: number; certificateNumber: string }>): Promise<CertificateDownload> {
  const search = await findSearch(ctx.db, scopeOf(ctx.caller), input.requestId);
  const request = search.request;
  if ('registrationNumber' in request) throw new DomainError('not_found', 'Registration number searches have no certificates.');
  const [certificate] = await ctx.db
    .select()
    .from(ppsrCertificates)
    .where(and(eq(ppsrCertificates.requestId, search.requestId), eq(ppsrCertificates.certificateNumber, input.certificateNumber)))
    .limit(1);
  if (!certificate)
    throw new DomainError('not_found', `No certificate ${callerText(input.certificateNumber)} on PPSR search ${search.requestId}.`);
  if (certificate.status === 'completed' && certificate.pdf)
    return { kind: 'pdf', pdf: Buffer.from(certificate.pdf, 'base64'), certificateNumber: certificate.certificateNumber };
  const waitMs = certificate.dueAt.getTime() - ctx.clock.now().getTime();
  return { kind: 'processing', certificateNumber: certificate.certificateNumber, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}
