// The contract runner (packages/svc-contract) run by the service against itself, from the sandbox
// console: the operation x check matrix `npm run contract` prints, with curl
// reproductions of failures.
import { z } from '../common/zod.js';
import { defineOperation } from '../common/operation.js';
import { validationFailed } from './error-responses.js';
import { ADMIN_TAGS } from './tags.js';

export const MAX_CONFORMANCE_EXAMPLES = 25;

export const RunConformanceRequest = z
  .strictObject({
    operations: z
      .array(z.string().min(1).max(100))
      .max(100)
      .optional()
      .openapi({ description: 'Only these public operationIds (all when left out).', example: ['listIndustries'] }),
    maxExamples: z
      .int()
      .min(1)
      .max(MAX_CONFORMANCE_EXAMPLES)
      .default(3)
      .openapi({ description: 'Generated requests per operation and phase (the CLI default is larger).', example: 3 }),
    seed: z.int().min(0).max(2_147_483_647).optional().openapi({ description: 'Repeat a run exactly (random when left out).', example: 1 }),
  })
  .openapi('RunConformanceRequest');

const Cell = z.enum(['pass', 'fail', 'pending', 'skip', 'skipped']);

export const ConformanceResult = z
  .strictObject({
    seed: z.int(),
    checks: z.array(z.string()).openapi({ description: 'The checks, in the order of each row’s cells.' }),
    operations: z.array(
      z.strictObject({
        operationId: z.string(),
        method: z.string(),
        path: z.string(),
        status: z.enum(['conforming', 'failing', 'pending', 'inconclusive', 'not run']),
        requests: z.int().min(0),
        cells: z.record(z.string(), Cell).openapi({
          description:
            'Each check: `pass`, `fail`, `pending` (answered 501), `skip` (not applicable) or `skipped` (applicable but could not run: see `skipped`).',
        }),
      }),
    ),
    failures: z.array(
      z.strictObject({
        operationId: z.string(),
        check: z.string(),
        phase: z.string(),
        message: z.string(),
        curl: z.string().openapi({ description: 'A curl command that reproduces it, with the test key of the run’s own account.' }),
      }),
    ),
    skipped: z
      .array(z.strictObject({ check: z.string(), reason: z.string(), operationId: z.string().optional(), partial: z.boolean().optional() }))
      .openapi({ description: 'Checks that could not run, with the reason (`operationId` left out: the whole run).' }),
    unreached: z
      .array(z.strictObject({ operationId: z.string(), lastAnswer: z.string() }))
      .openapi({ description: 'Operations that never answered a success, with the last answer each got.' }),
    conforming: z.int().min(0),
    total: z.int().min(0),
    requests: z.int().min(0),
    durationMs: z.int().min(0),
  })
  .openapi('ConformanceResult', { description: 'One run of the contract runner against this service’s test API.' });

export const runConformance = defineOperation({
  method: 'post',
  path: '/admin/conformance/runs',
  operationId: 'runConformance',
  summary: 'Run the contract runner',
  description:
    'Runs the contract runner (`npm run contract`) against this service’s own test API (`/api/test/v2` on the address that took this request, never another host), with a fresh test account of its own, and answers when it is done with the operation x check matrix and every failure with a curl reproduction. A run of every operation sends thousands of requests and takes minutes: pick operations for a quick one.',
  tag: ADMIN_TAGS.conformance,
  access: 'admin',
  body: {
    schema: RunConformanceRequest,
    examples: {
      one: { summary: 'One operation, quick', value: { operations: ['listIndustries'], maxExamples: 3 } },
      all: { summary: 'Every operation', value: {} },
    },
  },
  success: {
    200: {
      description: 'The matrix.',
      schema: ConformanceResult,
      examples: {
        one: {
          summary: 'One conforming operation',
          value: {
            seed: 1,
            checks: ['not_a_server_error', 'status_code_conformance'],
            operations: [
              {
                operationId: 'listIndustries',
                method: 'GET',
                path: '/industries',
                status: 'conforming',
                requests: 42,
                cells: { not_a_server_error: 'pass', status_code_conformance: 'pass' },
              },
            ],
            failures: [],
            skipped: [],
            unreached: [],
            conforming: 1,
            total: 1,
            requests: 42,
            durationMs: 1800,
          },
        },
      },
    },
  },
  errors: {
    422: validationFailed('an unknown operationId, or `maxExamples` out of range.', 'Unknown operation', {
      operations: [{ code: 'unknown_operation', message: 'No such operation in the public document: teleport.' }],
    }),
  },
});
