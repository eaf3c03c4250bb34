// The service clock and its scheduled jobs (sandbox.md "Clock and jobs"). With SVC_CLOCK=manual
// time stands still unless a test moves it, which is what makes term ends, expiry warnings and
// webhook retries testable in seconds.
import { z } from '../common/zod.js';
import { IsoDateTime } from '../common/dates.js';
import { defineOperation } from '../common/operation.js';
import { notFound, validationFailed } from './error-responses.js';
import { ADMIN_TAGS } from './tags.js';

/** Every scheduled job, by the name used in `POST /admin/jobs/{name}/run`, with what it does. */
export const JOBS = {
  'webhook-delivery': 'webhook delivery attempts, first attempts and retries (spec 6.4)',
  'listen-attempt-expiry':
    'attempts held for a command-line listen session that were not collected within an hour, or not reported within their lease: each counts as a timeout and is retried on the schedule (D-79)',
  'ppsr-processing': 'PPSR searches `new` -> `processing` -> `completed` or `failed`',
  'certificate-generation': 'PPSR certificates `processing` -> `completed`',
  'partner-progress': 'business account applications at the banking partner (`new` -> `sent` -> `finished` or `rejected`)',
  'regulator-progress':
    'lodgements (ABN registrations, Form 484) at the corporate regulator (`new` -> `submitted`, `manual review` -> `finished` or `rejected`)',
  'monitoring-daily-check': 'daily register checks of active monitored entities',
  'monitoring-weekly-check': 'weekly register checks of deregistered companies and cancelled ABNs',
  'monitoring-expiry-warnings': 'expiry warnings 30 and 7 days before a term ends (webhook, and mail for live entities)',
  'monitoring-term-end': 'terms that end: active entities become `expired`',
  'monitoring-setup':
    'the first register check of entities a live order or renewal just made (`monitoringStatus` `pending` or `degraded` -> `active`), after activating those a live order left `processing` (`status` `processing` -> `active`)',
  'idempotency-cleanup':
    'removal of idempotency records older than 24 hours (D-18), of rate-limit windows that have passed, and of done jobs a week after they finished (D-91)',
  'mail-send': 'sends the mail outbox through `SMTP_URL` (scheduled only when it is set)',
} as const;

/** A job's name: the key of JOBS, so a misspelt name in the server fails `tsc`. */
export type JobName = keyof typeof JOBS;

export const JOB_NAMES = Object.keys(JOBS) as [keyof typeof JOBS, ...(keyof typeof JOBS)[]];

/** A guard against typos such as milliseconds for seconds: larger moves take several calls. */
export const MAX_ADVANCE_SECONDS = 1096 * 86_400;

const JobsRun = z.int().min(0).openapi({
  description:
    'How many jobs ran. Each occurrence counts once: a webhook delivery attempt, a search, certificate or progress step, or one run of a periodic job (a register check round, expiry warnings, term ends, clean-up). For an advance: the jobs of its interval, whichever worker process ran them.',
  example: 3,
});

export const Clock = z
  .strictObject({
    now: IsoDateTime.openapi({ description: "The service's current time, UTC." }),
    mode: z.enum(['manual', 'real']).openapi({
      description: '`manual` (`SVC_CLOCK=manual`): time moves only through `POST /admin/clock/advance`. `real`: wall-clock time.',
    }),
  })
  .openapi('Clock');

export const AdvanceClockRequest = z
  .strictObject({
    seconds: z
      .int()
      .min(1)
      .max(MAX_ADVANCE_SECONDS)
      .openapi({ description: `Seconds to move forward: a whole number from 1 to ${MAX_ADVANCE_SECONDS} (1,096 days).`, example: 86_400 }),
  })
  .openapi('AdvanceClockRequest');

export const AdvanceClockResult = z
  .strictObject({
    now: IsoDateTime.openapi({ description: 'The clock after the move.' }),
    jobsRun: JobsRun,
  })
  .openapi('AdvanceClockResult');

export const RunJobResult = z.strictObject({ jobsRun: JobsRun }).openapi('RunJobResult');

export const JobNameParam = z.strictObject({
  name: z.enum(JOB_NAMES).openapi({ description: 'The job to run.', example: 'monitoring-daily-check' }),
});

const jobList = Object.entries(JOBS)
  .map(([name, what]) => `- \`${name}\`: ${what}`)
  .join('\n');

export const getClock = defineOperation({
  method: 'get',
  path: '/admin/clock',
  operationId: 'getClock',
  summary: 'Read the clock',
  description: 'Returns the service clock, from which every time in the service is read (charges, terms, retries, timestamps).',
  tag: ADMIN_TAGS.clock,
  access: 'admin',
  success: {
    200: {
      description: 'The clock.',
      schema: Clock,
      examples: {
        manual: { summary: 'Manual clock', value: { now: '2026-11-22T03:00:00Z', mode: 'manual' } },
        real: { summary: 'Real clock', value: { now: '2026-11-22T03:00:07.412Z', mode: 'real' } },
      },
    },
  },
});

export const advanceClock = defineOperation({
  method: 'post',
  path: '/admin/clock/advance',
  operationId: 'advanceClock',
  summary: 'Move the clock forward',
  description:
    'Moves the manual clock forward and runs every job that comes due in the interval, in time order (including jobs those jobs schedule inside it, such as a webhook retry 30 seconds after a failed attempt), and answers only when they are done. Use it to reach expiry warnings, term ends, the end of a delayed key roll (D-05) or the next webhook retry without waiting. Even without a move the worker keeps running every job already due. Concurrent advances, to one process or to several on one database, run one after the other: each moves the clock by its own `seconds` and answers its own `now` (D-63). An advance sent before the service has queued its recurring jobs (`/readyz` answers 503 until then) waits for them, so every day it crosses runs its term ends, expiry warnings and register checks.',
  tag: ADMIN_TAGS.clock,
  access: 'admin',
  body: {
    schema: AdvanceClockRequest,
    examples: {
      oneDay: { summary: 'One day', value: { seconds: 86_400 } },
      retry: { summary: 'Past the 30-second webhook retry', value: { seconds: 31 } },
    },
  },
  success: {
    200: {
      description: 'The clock after the move and how many jobs ran.',
      schema: AdvanceClockResult,
      examples: { oneDay: { summary: 'One day later', value: { now: '2026-11-23T03:00:00Z', jobsRun: 3 } } },
    },
  },
  errors: {
    409: {
      description: '`clock_not_manual`: the service runs on the real clock (`SVC_CLOCK=real`), which cannot be moved.',
      examples: {
        real: {
          summary: 'Real clock',
          value: { error: 'clock_not_manual', message: 'The clock is real; start the service with SVC_CLOCK=manual to move it.' },
        },
      },
    },
    422: validationFailed(`\`seconds\` missing, not a whole number, below 1 or above ${MAX_ADVANCE_SECONDS}.`, 'Zero seconds', {
      seconds: [{ code: 'too_small', message: 'Must be at least 1.' }],
    }),
  },
});

export const runJob = defineOperation({
  method: 'post',
  path: '/admin/jobs/{name}/run',
  operationId: 'runJob',
  summary: 'Run a job now',
  description: `Runs one scheduled job now, without moving the clock, and answers when it is done. A periodic job does one run as of the clock's \`now\`; a queued job handles every waiting item, including items whose delay has not passed yet (so a certificate or an activation can be finished at once). Works with either clock mode; with the real clock the worker also runs every job on its schedule. Jobs:\n\n${jobList}`,
  tag: ADMIN_TAGS.clock,
  access: 'admin',
  params: JobNameParam,
  success: {
    200: {
      description: 'How many jobs ran.',
      schema: RunJobResult,
      examples: { ran: { summary: 'One run of the daily check', value: { jobsRun: 1 } } },
    },
  },
  errors: { 404: notFound('job') },
});
