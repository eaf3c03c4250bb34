// Every job the worker knows. Features add their handlers here as they land.
import { pruneIdempotencyRecords } from '../http/idempotency.js';
import { pruneRateLimitCounters } from '../http/rate-limit.js';
import type { JobRegistry } from './runner.js';
import { REGULATOR_PROGRESS_JOB, runRegulatorProgress } from '../domain/lodgements/regulator-progress.js';
import { WEBHOOK_DELIVERY_JOB } from '../webhooks/events.js';
import { runDeliveryJob } from '../webhooks/delivery.js';

export function createJobRegistry(): JobRegistry {
  const cleanup = {
    name: 'idempotency-cleanup',
    everySeconds: 86_400,
    handler: async (deps: Parameters<JobRegistry['handlers'][string]>[0]) => {
      await pruneIdempotencyRecords(deps);
      await pruneRateLimitCounters(deps);
    },
  };
  return {
    handlers: {
      [cleanup.name]: cleanup.handler,
      [REGULATOR_PROGRESS_JOB]: runRegulatorProgress,
      [WEBHOOK_DELIVERY_JOB]: runDeliveryJob,
    },
    recurring: [cleanup],
  };
}
