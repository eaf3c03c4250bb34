// POST /admin/conformance/runs: the contract runner run by the service against its own test API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/harness.js';

interface Result {
  checks: string[];
  operations: { operationId: string; status: string; requests: number; cells: Record<string, string> }[];
  failures: unknown[];
  conforming: number;
  total: number;
  seed: number;
}

describe('the conformance run of the sandbox console', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The runner's own (hostile) requests come back to this server: not recorded for the Prism proxy replay.
    server = await startTestServer({ record: false });
  });
  afterAll(async () => server?.close());

  it('runs the chosen operations and answers their operation x check matrix', async () => {
    const answer = await server.admin<Result>('POST', '/admin/conformance/runs', {
      operations: ['listIndustries'],
      maxExamples: 2,
      seed: 7,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.seed).toBe(7);
    expect(answer.body.total).toBe(1);
    expect(answer.body.conforming).toBe(1);
    expect(answer.body.failures).toEqual([]);
    const [row] = answer.body.operations;
    expect(row).toMatchObject({ operationId: 'listIndustries', status: 'conforming' });
    expect(row!.requests).toBeGreaterThan(0);
    expect(Object.keys(row!.cells)).toEqual(answer.body.checks);
    expect(row!.cells.not_a_server_error).toBe('pass');
  });

  it('refuses an unknown operation or an out-of-range budget, sending nothing', async () => {
    const unknown = await server.admin('POST', '/admin/conformance/runs', { operations: ['listIndustries', 'teleport'] });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ error: 'validation_failed', errors: { 'operations.1': [{ code: 'unknown_operation' }] } });
    const tooMany = await server.admin('POST', '/admin/conformance/runs', { maxExamples: 1000 });
    expect(tooMany.status).toBe(422);
    const accounts = await server.admin<{ data: unknown[] }>('GET', '/admin/accounts');
    expect(accounts.body.data.filter((a) => (a as { name: string }).name === 'Contract runner')).toHaveLength(1);
  });
});
