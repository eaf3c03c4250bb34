// Partners test the document with Portman and Newman: Portman turns spec/openapi.json into a Postman
// collection with contract tests (status 2xx, content type, JSON body, the response schema, the
// documented headers) and Newman runs it. This runs the two commands docs/tooling.md gives, with the
// committed configuration (portman/), against a real server process on the sandbox prefix and a
// fresh test account: every operation of the document is called and no assertion fails.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocument, operationsOf } from '../support/document.js';
import { ADMIN_TOKEN } from '../support/harness.js';
import { listeningUrl, spawnServer, stopServer, type ServerProcess } from '../support/server-process.js';

const ROOT = join(import.meta.dirname, '../..');
const OUT = join(ROOT, '.tmp', `portman-${process.pid}`);
const COLLECTION = join(OUT, 'collection.json');
const REPORT = join(OUT, 'newman.json');
const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);
const run = promisify(execFile);

interface NewmanReport {
  run: {
    stats: { requests: { total: number; failed: number }; assertions: { total: number; failed: number } };
    executions: { item: { name: string }; assertions?: { assertion: string }[] }[];
    failures: { source?: { name?: string }; error: { test?: string; message: string } }[];
  };
}

let server: ServerProcess;
let newman: { code: number; output: string };
let report: NewmanReport;

/** A fresh account's test secret key, from the operator API. */
async function testKey(base: string): Promise<string> {
  const response = await fetch(`${base}/admin/accounts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Portman', ownerEmail: 'portman@example.com', plan: 'standard', billing: 'card', cardStatus: 'valid' }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { keys: { secretTest: string } }).keys.secretTest;
}

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  // The server as `npm start` runs it, on the real clock (the collection dates Form 484 today), in
  // memory; webhook targets on loopback (D-24) so the endpoint it registers delivers nowhere; a
  // certificate ready at once rather than 2 s after its search.
  server = spawnServer('', 'portman', {
    env: { SVC_CLOCK: 'real', SVC_DATA_DIR: 'memory://', SVC_WEBHOOK_ALLOW_LOCAL: '1', SVC_SANDBOX_CERT_DELAY_MS: '0' },
  });
  // The first command of docs/tooling.md, while the server starts: the collection carries no address or key.
  const [base] = await Promise.all([
    listeningUrl(server),
    run(bin('portman'), ['--cliOptionsFile', 'portman/portman-cli.json', '-o', COLLECTION], { cwd: ROOT }),
  ]);
  const key = await testKey(base);
  // The second: Newman with the sandbox prefix, the key and a webhook receiver as variables.
  const args = ['run', COLLECTION, '--env-var', `baseUrl=${base}/api/test/v2`, '--env-var', `bearerToken=${key}`];
  args.push('--env-var', 'webhookUrl=http://127.0.0.1:9/hooks', '--reporters', 'cli,json', '--reporter-json-export', REPORT);
  newman = await run(bin('newman'), args, { cwd: ROOT }).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code?: number; stdout?: string }) => ({ code: error.code ?? -1, output: error.stdout ?? '' }),
  );
  report = JSON.parse(readFileSync(REPORT, 'utf8')) as NewmanReport;
}, 150_000);

afterAll(async () => {
  if (server) await stopServer(server);
});

describe('Portman and Newman against the sandbox', () => {
  it('calls every operation of the document, each with contract tests', () => {
    const names = new Set(report.run.executions.map((e) => e.item.name));
    const summaries = operationsOf(loadDocument()).map((op) => String(op.operation.summary));
    expect(summaries.filter((summary) => !names.has(summary))).toEqual([]);
    expect(report.run.executions.filter((e) => (e.assertions ?? []).length === 0).map((e) => e.item.name)).toEqual([]);
  });

  it('passes every generated contract test: 0 failed assertions, Newman exits 0', () => {
    const failures = report.run.failures.map((f) => `${f.source?.name ?? '?'}: ${f.error.test ?? ''} ${f.error.message}`);
    expect(failures, newman.output.slice(-4000)).toEqual([]);
    expect(report.run.stats.requests.failed).toBe(0);
    expect(newman.code).toBe(0);
  });
});
