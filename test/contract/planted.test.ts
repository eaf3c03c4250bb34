// Planted bugs are caught: the runner, pointed at a broken copy of the app, reports each bug under
// the check that owns it, with a curl command that reproduces the failing answer when run.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { TEST_PREFIX } from '../../scripts/contract/in-process.js';
import { startContractServer, type ContractServer } from './contract-server.js';
import { formatReport, runContract, type CheckName, type Failure, type RunResult } from '@registry-svc/contract';
import { plantedHandlers, SLOW_FIRST_ANSWER_MS, startFrontApp, type FrontApp } from './planted-app.js';
import { loadDocument } from '../support/document.js';

const run = promisify(execFile);
const DOCUMENT = loadDocument();

const PLANTED: { bug: string; operationId: string; check: CheckName }[] = [
  { bug: '500 on an edge input (perPage = 100)', operationId: 'listIndustries', check: 'not_a_server_error' },
  { bug: 'undocumented response field', operationId: 'getLodgement', check: 'response_schema_conformance' },
  { bug: 'undocumented status code (410)', operationId: 'getPpsrSearch', check: 'status_code_conformance' },
  { bug: 'invalid body accepted', operationId: 'createPpsrAlert', check: 'negative_data_rejection' },
  { bug: 'auth not enforced', operationId: 'listWebhookEndpoints', check: 'ignored_auth' },
  { bug: 'still there after delete', operationId: 'deleteWebhookEndpoint', check: 'use_after_free' },
];

/** Runs a printed curl command and returns the status of its (last) response. */
async function curlStatus(command: string): Promise<{ status: number; output: string }> {
  const { stdout } = await run('sh', ['-c', command], { maxBuffer: 16 * 1024 * 1024 });
  const statuses = [...stdout.matchAll(/^HTTP\/[\d.]+ (\d{3})/gm)].map((m) => Number(m[1]));
  return { status: statuses.at(-1) ?? 0, output: stdout };
}

describe('planted bugs', () => {
  let contract: ContractServer;
  let front: FrontApp;
  let result: RunResult;
  let secret: string;

  beforeAll(async () => {
    contract = await startContractServer({ handlers: plantedHandlers() });
    const account = await contract.server.createAccount();
    secret = account.keys.secretTest;
    front = await startFrontApp(contract.server.built.app, secret);
    const lines: string[] = [];
    result = await runContract({
      baseUrl: `${front.url}${TEST_PREFIX}`,
      key: secret,
      document: DOCUMENT,
      seed: 484,
      maxExamples: 10,
      maxCoverage: 60,
      operations: [...new Set([...PLANTED.map((p) => p.operationId), 'createWebhookEndpoint', 'updateWebhookEndpoint'])],
      log: (line) => lines.push(line),
    });
    console.log([...lines, ...formatReport(result)].join('\n'));
  });

  afterAll(async () => {
    await front?.close();
    await contract?.close();
  });

  it.each(PLANTED)('$bug: $operationId is reported by $check with a curl that reproduces it', async ({ operationId, check }) => {
    const failure = result.failures.find((f: Failure) => f.operationId === operationId && f.check === check);
    expect(
      failure,
      `${operationId} · ${check} not reported; failures: ${result.failures.map((f) => `${f.operationId}·${f.check}`).join(', ')}`,
    ).toBeDefined();
    const reproduced = await curlStatus(failure!.curl);
    expect(reproduced.status).toBe(failure!.status);
    if (check === 'response_schema_conformance') expect(reproduced.output).toContain('internalNote');
  });

  it('fuzzing finds a bug no example shows and shrinks the request to its smallest form', async () => {
    const fuzzed = await runContract({
      baseUrl: `${front.url}${TEST_PREFIX}`,
      key: secret,
      document: DOCUMENT,
      seed: 484,
      maxExamples: 40,
      maxCoverage: 0,
      operations: ['getCompanyNameAvailability'],
      phases: ['fuzzing'],
      log: () => undefined,
    });
    const failure = fuzzed.failures.find((f) => f.check === 'not_a_server_error');
    expect(failure?.phase).toBe('fuzzing');
    expect(failure?.message).toMatch(/shrunk after \d+ step/);
    // From whatever long name first failed down to a digit (and at most a trailing character).
    expect(new URL(failure!.request.url).searchParams.get('name')).toMatch(/^.?\d.?$/);
    expect((await curlStatus(failure!.curl)).status).toBe(500);
  });

  it('marks the broken operations failing', () => {
    for (const { operationId } of PLANTED) expect(result.operations.find((o) => o.id === operationId)?.status).toBe('failing');
  });

  it('exits with status 1 from the command line when a check fails', async () => {
    const cli = await runCli([
      '--base-url',
      `${front.url}${TEST_PREFIX}`,
      '--key',
      secret,
      '--seed',
      '1',
      '--max-examples',
      '2',
      '--max-coverage',
      '5',
      '--operation',
      'getPpsrSearch',
    ]);
    expect(cli.code, cli.stderr).toBe(1);
    expect(cli.stdout).toContain('getPpsrSearch · status_code_conformance');
    expect(cli.stdout.trimEnd().split('\n').at(-1)).toBe(`operations conforming 0 / ${result.total}`);
  });

  describe('the checks only a planted front route can break', () => {
    const MORE: { bug: string; operationId: string; check: CheckName }[] = [
      { bug: 'valid request refused with 400', operationId: 'listMonitoringEvents', check: 'positive_data_acceptance' },
      { bug: 'PUT answers 404, not 405 with Allow', operationId: 'listMonitoringEvents', check: 'unsupported_method' },
      { bug: 'goes ahead without its required Idempotency-Key', operationId: 'renewMonitoringEntities', check: 'missing_required_header' },
      { bug: 'created entities are not there', operationId: 'createMonitoringEntities', check: 'ensure_resource_availability' },
      { bug: `first answer takes ${SLOW_FIRST_ANSWER_MS} ms`, operationId: 'listMonitoringEntities', check: 'max_response_time' },
    ];
    let more: RunResult;

    beforeAll(async () => {
      more = await runContract({
        baseUrl: `${front.url}${TEST_PREFIX}`,
        key: secret,
        document: DOCUMENT,
        seed: 484,
        maxExamples: 2,
        maxCoverage: 4,
        maxResponseTimeMs: SLOW_FIRST_ANSWER_MS - 500,
        operations: [...new Set(MORE.map((p) => p.operationId))],
        phases: ['examples', 'coverage', 'stateful', 'security'],
        log: () => undefined,
      });
    });

    it.each(MORE)('$bug: $operationId is reported by $check', ({ operationId, check }) => {
      const failure = more.failures.find((f) => f.operationId === operationId && f.check === check);
      expect(failure, more.failures.map((f) => `${f.operationId}·${f.check}: ${f.message}`).join('\n')).toBeDefined();
    });
  });

  it('does not blame the operations that were planted correct', () => {
    const correct = ['createWebhookEndpoint', 'updateWebhookEndpoint'];
    expect(result.failures.filter((f) => correct.includes(f.operationId))).toEqual([]);
  });
});
