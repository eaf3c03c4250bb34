// Every job the worker knows. Features add their handlers here as they land.
import type { AppDeps } from './deps.js';
import type { Config } from './config.js';
import { pruneIdempotencyRecords } from './http/idempotency.js';
import { pruneRateLimitCounters } from './http/rate-limit.js';
import { sendPendingMail } from './mail/outbox.js';
import { idempotencyRecords, rateLimitCounters } from './store/schema/index.js';
import { vacuumTable } from './store/vacuum.js';
import type { JobHandler, JobRegistry, RecurringJob } from './jobs/runner.js';
import { pruneDoneJobs } from './jobs/retention.js';
import type { JobName } from '../schemas/admin/clock.js';
import { REGULATOR_PROGRESS_JOB, runRegulatorProgress } from './domain/lodgements/regulator-progress.js';
import { PARTNER_PROGRESS_JOB, runPartnerProgress } from './domain/business-accounts/partner-progress.js';
import { WEBHOOK_DELIVERY_JOB } from './delivery/events.js';
import { runDeliveryStream } from './delivery/delivery.js';
import { LISTEN_EXPIRY_JOB } from './delivery/listen-hold.js';
import { expireListenAttempt } from './delivery/listen-close.js';
import { PPSR_PROCESSING_JOB } from './domain/ppsr/searches.js';
import { runPpsrProcessing } from './domain/ppsr/processing.js';
import { CERTIFICATE_JOB, runCertificateGeneration } from './domain/ppsr/certificates.js';
import { MONITORING_JOBS, dailyCheckJob, expiryWarningsJob, setupJob, termEndJob, weeklyCheckJob } from './domain/monitoring/jobs.js';
import { nextBrisbaneTime } from '../schemas/common/dates.js';

const DAY = 86_400;

/**
 * Monitoring on the calendar (spec 6.2, 3.4): terms end, then warnings go out, at midnight in Brisbane
 * (the first day not covered has begun); register checks run daily at 03:00 and weekly on Sundays.
 */
const monitoringJobs: (RecurringJob & { name: JobName })[] = [
  { name: MONITORING_JOBS.termEnd, everySeconds: DAY, handler: termEndJob, firstRunAt: (now) => nextBrisbaneTime(now, 0) },
  { name: MONITORING_JOBS.expiryWarnings, everySeconds: DAY, handler: expiryWarningsJob, firstRunAt: (now) => nextBrisbaneTime(now, 0) },
  { name: MONITORING_JOBS.dailyCheck, everySeconds: DAY, handler: dailyCheckJob, firstRunAt: (now) => nextBrisbaneTime(now, 3) },
  { name: MONITORING_JOBS.weeklyCheck, everySeconds: 7 * DAY, handler: weeklyCheckJob, firstRunAt: (now) => nextBrisbaneTime(now, 4, 0) },
];

const cleanup: RecurringJob & { name: JobName } = {
  name: 'idempotency-cleanup',
  everySeconds: 86_400,
  handler: async (deps: AppDeps) => {
    await pruneIdempotencyRecords(deps);
    await pruneRateLimitCounters(deps);
    // Vacuums the jobs table itself when enough were deleted (D-91).
    await pruneDoneJobs(deps);
    // What the day's records and windows took is used again by the next day's (D-90).
    const failed = (error: unknown): void => deps.logger.warn({ err: error }, 'idempotency-cleanup: a table could not be vacuumed');
    await vacuumTable(deps.db, idempotencyRecords, failed);
    await vacuumTable(deps.db, rateLimitCounters, failed);
  },
};

/** Sends the mail outbox through SMTP_URL; without it mail stays readable in the operator API only. */
const mailSend: RecurringJob & { name: JobName } = {
  name: 'mail-send',
  everySeconds: 60,
  handler: async (deps: AppDeps) => {
    await sendPendingMail(deps);
  },
};

export function createJobRegistry(config: Pick<Config, 'SMTP_URL'>): JobRegistry {
  // The mail job exists only with a transport: without one a per-minute no-op would crowd the queue.
  const recurring = [...(config.SMTP_URL ? [cleanup, mailSend] : [cleanup]), ...monitoringJobs];
  const handlers: Partial<Record<JobName, JobHandler>> = {
    [cleanup.name]: cleanup.handler,
    [mailSend.name]: mailSend.handler,
    [REGULATOR_PROGRESS_JOB]: runRegulatorProgress,
    [PARTNER_PROGRESS_JOB]: runPartnerProgress,
    [PPSR_PROCESSING_JOB]: runPpsrProcessing,
    [CERTIFICATE_JOB]: runCertificateGeneration,
    [MONITORING_JOBS.setup]: setupJob,
    [LISTEN_EXPIRY_JOB]: expireListenAttempt,
    ...Object.fromEntries(monitoringJobs.map((job) => [job.name, job.handler])),
  };
  return {
    handlers,
    recurring,
    streamed: {
      // Many attempts in flight per worker, a bounded few per endpoint.
      [WEBHOOK_DELIVERY_JOB]: { run: runDeliveryStream, perGroup: (deps) => deps.config.SVC_WEBHOOK_ENDPOINT_CONCURRENCY },
    },
  };
}
