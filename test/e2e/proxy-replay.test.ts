// Prism validation proxy replay. Traffic recorded by the test harness is sent once
// through `prism proxy spec/openapi.json <server>` in front of the real server (scripts/proxy-replay/).
// Design, so CI stays deterministic and quick: the integration suite is not run a second time here.
// - Always: a short scenario is recorded in-process and replayed against the real server with zero
//   failures and zero divergence (ids mapped, clock moved), and planted violations from a stand-in
//   server are caught, so the machinery is proven on every run.
// The whole integration suite's traffic is replayed by test/replay/integration-traffic.test.ts, a
// project of its own that scripts/test.sh runs after the main run has recorded it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { replayTraffic, type ReplayReport } from '../../scripts/proxy-replay/replay.js';
import { formatReplayReport } from '../../scripts/proxy-replay/report.js';
import { readTraffic, type HttpEvent, type TrafficEvent } from '../../scripts/proxy-replay/traffic-format.js';
import { loadDocument, type JsonObject } from '../support/document.js';
import { startTestServer } from '../support/harness.js';

const T = '/api/test/v2';

function failuresOf(report: ReplayReport): { path: string; reason: string }[] {
  return report.failures.map((f) => ({
    path: `${f.method} ${f.path}`,
    reason: f.verdict.kind === 'failure' ? f.verdict.reason : f.verdict.kind,
  }));
}

/** A recorded request of the planted stream, with a test key and a JSON body when given. */
function plantedRequest(seq: number, method: string, path: string, status: number, body?: unknown): HttpEvent {
  const key = `svc_sk_test_${'a'.repeat(32)}`;
  return {
    kind: 'http',
    stream: 'planted',
    seq,
    method,
    path,
    headers: { authorization: `Bearer ${key}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body), bodyEncoding: 'utf8' as const } : {}),
    bodyBytes: body !== undefined ? JSON.stringify(body).length : 0,
    status,
  };
}

/** The document's own example of a created webhook endpoint: a valid 201 body. */
function createdWebhookExample(): unknown {
  const document = loadDocument();
  const content = (
    ((((document.paths as JsonObject)['/webhooks'] as JsonObject).post as JsonObject).responses as JsonObject)['201'] as JsonObject
  ).content as JsonObject;
  return ((content['application/json'] as JsonObject).examples as Record<string, { value: unknown }>).created!.value;
}

/** The three planted violations (an undocumented field, an undocumented status, an invalid request accepted), each caught. */
function expectPlantedFailures(report: ReplayReport): void {
  expect(failuresOf(report)).toEqual([
    { path: `GET ${T}/helpers/industries?q=coffee`, reason: 'response-violation' },
    { path: `GET ${T}/webhooks`, reason: 'response-violation' },
    { path: `POST ${T}/webhooks`, reason: 'accepted-invalid-request' },
  ]);
  const messages = report.failures.flatMap((f) => (f.verdict.kind === 'failure' ? f.verdict.violations.map((v) => v.message) : []));
  expect(messages.join('\n')).toMatch(/debug/);
  expect(messages.join('\n')).toMatch(/Unable to match the returned status code/);
  expect(messages.join('\n')).toMatch(/colour/);
}

/** Records a short scenario against an in-process server, the way the integration suite is recorded. */
async function recordScenario(file: string): Promise<void> {
  const previous = process.env.SVC_RECORD_TRAFFIC;
  process.env.SVC_RECORD_TRAFFIC = file;
  // The same stand-in DNS answer the replay server gets (scripts/proxy-replay/stand-in-dns.ts).
  const server = await startTestServer({ resolveHost: async () => ['93.184.216.34'] }).finally(() => {
    if (previous === undefined) delete process.env.SVC_RECORD_TRAFFIC;
    else process.env.SVC_RECORD_TRAFFIC = previous;
  });
  try {
    const { keys } = await server.createAccount();
    const call = async (method: string, path: string, options: { key?: string | null; body?: unknown } = {}) => {
      const key = options.key === undefined ? keys.secretTest : options.key;
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          ...(key ? { Authorization: `Bearer ${key}` } : {}),
          ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> | undefined };
    };
    expect((await call('GET', `${T}/helpers/company-name-availability?name=Sandbox%20Trading%20Pty%20Ltd`)).status).toBe(200);
    expect((await call('GET', `${T}/helpers/company-name-availability`)).status).toBe(422);
    expect((await call('GET', `${T}/helpers/industries?q=coffee`, { key: null })).status).toBe(401);
    expect((await call('POST', `${T}/webhooks`, { body: { url: 'not a url', eventTypes: ['*'] } })).status).toBe(422);
    const created = await call('POST', `${T}/webhooks`, { body: { url: 'https://hooks.example.com/svc', eventTypes: ['*'] } });
    expect(created.status).toBe(201);
    const id = String(created.body?.id);
    expect((await call('GET', `${T}/webhooks`)).status).toBe(200);
    // The same request again: a repeat of a shape already checked goes straight to the server.
    expect((await call('GET', `${T}/webhooks`)).status).toBe(200);
    server.clock.advance(60);
    expect((await call('PATCH', `${T}/webhooks/${id}`, { body: { enabled: false } })).status).toBe(200);
    expect((await call('POST', `${T}/webhooks/${id}/rotate-secret`)).status).toBe(200);
    expect((await call('GET', '/api/v2/webhooks', { key: keys.secretLive })).status).toBe(200);
    expect((await call('DELETE', `${T}/webhooks/${id}`)).status).toBe(204);
    expect((await call('PATCH', `${T}/webhooks/${id}`, { body: { enabled: true } })).status).toBe(404);
    // After the last request of a new shape: not sent (nothing there would be judged).
    expect((await call('GET', `${T}/helpers/company-name-availability?name=Sandbox%20Trading%20Pty%20Ltd`)).status).toBe(200);
  } finally {
    await server.close();
  }
}

describe('Prism proxy replay', () => {
  it('records a scenario and replays it through Prism with no violation and no divergence', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'replay-'));
    onTestFinished(() => rmSync(scratch, { recursive: true, force: true }));
    const file = join(scratch, 'traffic.jsonl');
    await recordScenario(file);

    const events = readTraffic(file);
    const start = events.find((e) => e.kind === 'start');
    expect(start).toMatchObject({ source: 'test/e2e/proxy-replay.test.ts', customHandlers: false });
    expect(events.some((e) => e.kind === 'clock')).toBe(true);
    const create = events.find(
      (e): e is HttpEvent => e.kind === 'http' && e.method === 'POST' && e.path === `${T}/webhooks` && e.status === 201,
    );
    expect(create?.body).toContain('hooks.example.com');

    const report = await replayTraffic({ traffic: file });
    expect(failuresOf(report)).toEqual([]);
    expect(report.sentThroughPrism).toBe(10);
    expect(report.repeatsSentDirect).toBe(1);
    expect(report.trimmedRequests).toBe(1);
    expect(report.answeredByServer).toBe(10);
    // The three requests the scenario breaks on purpose: refused, and only request violations.
    expect(report.refusedInvalid).toBe(3);
    // Same statuses as recorded: the created endpoint's id was mapped, the clock moved.
    expect(report.diverged).toBe(0);
    expect(report.clockMoves).toBe(1);
    expect(report.skipped).toEqual({ 'other API prefix (live or V1: the proxy serves the test V2 prefix)': 1 });
  });

  it('fails on planted violations: an undocumented field, an undocumented status, an invalid request accepted', async () => {
    const created = createdWebhookExample();
    // A broken server: it echoes X-Request-Id (so its answers count as the server's) and misbehaves.
    const standIn: Server = createServer((req, res) => {
      req.resume();
      res.setHeader('X-Request-Id', String(req.headers['x-request-id'] ?? 'none'));
      res.setHeader('Content-Type', 'application/json');
      const [path] = (req.url ?? '').split('?');
      if (path === `${T}/helpers/industries`) return void res.end(JSON.stringify({ data: [], debug: 'undocumented field' }));
      if (path === `${T}/webhooks` && req.method === 'GET') return void res.writeHead(418).end(JSON.stringify({ teapot: true }));
      if (path === `${T}/webhooks` && req.method === 'POST') return void res.writeHead(201).end(JSON.stringify(created));
      res.writeHead(404).end(JSON.stringify({ errors: ['No such endpoint.'] }));
    });
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
    const http = (seq: number, method: string, path: string, body?: unknown): HttpEvent => plantedRequest(seq, method, path, 200, body);
    const traffic: TrafficEvent[] = [
      { kind: 'start', stream: 'planted', seq: 0, at: '2026-11-22T00:00:00.000Z', customHandlers: false },
      http(1, 'GET', `${T}/helpers/industries?q=coffee`),
      http(2, 'GET', `${T}/webhooks`),
      http(3, 'POST', `${T}/webhooks`, { url: 'https://hooks.example.com/svc', eventTypes: ['*'], colour: 'red' }),
    ];
    try {
      const report = await replayTraffic({ traffic, upstream: { url, adminToken: 'unused-admin-token' } });
      expectPlantedFailures(report);
      expect(formatReplayReport(report)).toMatch(/^FAIL: 3 failure\(s\)/m);
    } finally {
      await new Promise<void>((resolve) => standIn.close(() => resolve()));
    }
  });

  it('answers Prism from the recording (--recorded): the recorded scenario passes with no server started', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'replay-'));
    onTestFinished(() => rmSync(scratch, { recursive: true, force: true }));
    const file = join(scratch, 'traffic.jsonl');
    await recordScenario(file);
    const created = readTraffic(file).find(
      (e): e is HttpEvent => e.kind === 'http' && e.method === 'POST' && e.path === `${T}/webhooks` && e.status === 201,
    );
    expect(created?.responseHeaders?.['content-type']).toMatch(/application\/json/);
    expect(created?.responseBody).toContain('hooks.example.com');

    const report = await replayTraffic({ traffic: file, recorded: true });
    expect(failuresOf(report)).toEqual([]);
    expect(report.answers).toBe('recording');
    expect(report.sentThroughPrism).toBe(10);
    expect(report.answeredByServer).toBe(10);
    expect(report.refusedInvalid).toBe(3);
    expect(report.repeatsSentDirect).toBe(1);
    expect(report.diverged).toBe(0);
    expect(report.clockMoves).toBe(0);
    expect(report.operatorRequests).toBe(0);
  });

  it('fails from the recording on recorded answers that break the document, and on an invalid request accepted', async () => {
    const http = (seq: number, method: string, path: string, status: number, answer: unknown, body?: unknown): HttpEvent => ({
      ...plantedRequest(seq, method, path, status, body),
      responseHeaders: { 'content-type': 'application/json; charset=utf-8' },
      responseBody: JSON.stringify(answer),
      responseEncoding: 'utf8',
    });
    const created = createdWebhookExample();
    const traffic: TrafficEvent[] = [
      { kind: 'start', stream: 'planted', seq: 0, at: '2026-11-22T00:00:00.000Z', customHandlers: false },
      http(1, 'GET', `${T}/helpers/industries?q=coffee`, 200, { data: [], debug: 'undocumented field' }),
      http(2, 'GET', `${T}/webhooks`, 418, { teapot: true }),
      http(3, 'POST', `${T}/webhooks`, 201, created, { url: 'https://hooks.example.com/svc', eventTypes: ['*'], colour: 'red' }),
      // Recorded before answers were: not sent, and said so.
      { ...http(4, 'GET', `${T}/webhooks?page=2`, 200, {}), responseHeaders: undefined },
      // A test server whose stand-in handler crashed on purpose: its answers are the test's, not judged.
      { kind: 'start', stream: 'stand-in', seq: 0, at: '2026-11-22T00:00:00.000Z', customHandlers: true },
      { ...http(1, 'GET', `${T}/webhooks`, 500, { error: 'simulated crash' }), stream: 'stand-in' },
    ];
    const report = await replayTraffic({ traffic, recorded: true });
    expectPlantedFailures(report);
    expect(report.skipped).toEqual({
      'answer not recorded (over the cap, or an older recording)': 1,
      "answer from a test's stand-in handlers, not the service's (answers from the recording)": 1,
    });
    expect(formatReplayReport(report)).toMatch(/answers from the recording/);
  });
});
