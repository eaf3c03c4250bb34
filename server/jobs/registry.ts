// Every job the worker knows. Features add their handlers here as they land.
import type { AppDeps } from '../deps.js';
import type { Config } from '../config.js';
import { pruneIdempotencyRecords } from '../http/idempotency.js';
import { pruneRateLimitCounters } from '../http/rate-limit.js';
import { sendPendingMail } from '../domain/mail/outbox.js';
import type { JobRegistry, RecurringJob } from './runner.js';
import { REGULATOR_PROGRESS_JOB, runRegulatorProgress } from '../domain/lodgements/regulator-progress.js';
import { WEBHOOK_DELIVERY_JOB } from '../webhooks/events.js';
import { runDeliveryJob } from '../webhooks/delivery.js';

const cleanup: RecurringJob = {
  name: 'idempotency-cleanup',
  everySeconds: 86_400,
  handler: async (deps: AppDeps) => {
    await pruneIdempotencyRecords(deps);
    await pruneRateLimitCounters(deps);
  },
};

/** Sends the mail outbox through SMTP_URL; without it mail stays readable in the operator API only. */
const mailSend: RecurringJob = {
  name: 'mail-send',
  everySeconds: 60,
  handler: async (deps: AppDeps) => {
    await sendPendingMail(deps);
  },
};

export function createJobRegistry(config: Pick<Config, 'SMTP_URL'>): JobRegistry {
  // The mail job exists only with a transport: without one a per-minute no-op would crowd the queue.
  const recurring = config.SMTP_URL ? [cleanup, mailSend] : [cleanup];
  return {
    handlers: {
      [cleanup.name]: cleanup.handler,
      [mailSend.name]: mailSend.handler,
      [REGULATOR_PROGRESS_JOB]: runRegulatorProgress,
      [WEBHOOK_DELIVERY_JOB]: runDeliveryJob,
    },
    recurring,
  };
}
