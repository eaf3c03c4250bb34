// A newcomer's first minute: `npm start` on an empty data directory prints a demo key and the admin
// token, serves /docs, a curl-equivalent call with that key to a helper answers, and the getting-started
// guide's first SDK example runs with that key exported as SVC_KEY, and so does a client a partner
// generated themselves (openapi-typescript + openapi-fetch).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocument, type JsonObject } from '../support/document.js';
import { firstBodyExample } from '../support/example-requests.js';
import { example, writeExample } from '../support/doc-examples.js';
import { openapiTypescript } from '../spec/consumers/generate.js';

let child: ChildProcess;
let output = '';
let base = '';

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-start-'));
  const { DATABASE_URL: _ignored, ...env } = process.env;
  // detached: its own process group, signalled as a whole the way a terminal's Ctrl-C is.
  child = spawn('npm', ['start'], {
    env: { ...env, SVC_DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  while (!/try: curl/.test(output)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`npm start did not come up:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  base = /listening on (http:\/\/\S+)/.exec(output)![1]!;
});

function stopGroup(signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

afterAll(() => stopGroup('SIGKILL'));

describe('npm start on a fresh clone', () => {
  it('prints the four demo keys and the admin token', () => {
    expect(output).toMatch(/secret test:\s+svc_sk_test_[A-Za-z0-9]{32}/);
    expect(output).toMatch(/publishable test:\s+svc_pk_test_[A-Za-z0-9]{32}/);
    expect(output).toMatch(/admin token .*: adm_/);
  });

  it('serves the docs at /docs', async () => {
    const response = await fetch(`${base}/docs/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Registry Lodgement, Search and Monitoring Service');
  });

  it('answers the printed curl: a helper with the demo test key', async () => {
    const key = /secret test:\s+(svc_sk_test_[A-Za-z0-9]{32})/.exec(output)![1]!;
    const response = await fetch(`${base}/api/test/v2/helpers/company-name-availability?name=Sandbox%20Trading%20Pty%20Ltd`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { available: boolean };
    expect(body.available).toBe(false);
  });

  it('logs each request as JSON with its request id and never a key or the admin token', async () => {
    const secrets = [...output.matchAll(/(svc_(?:sk|pk)_(?:test|live)_[A-Za-z0-9]{32}|adm_\S+)/g)].map((m) => m[1]!);
    expect(secrets.length).toBeGreaterThanOrEqual(5);
    const response = await fetch(`${base}/api/test/v2/helpers/industries?q=food`, {
      headers: { Authorization: `Bearer ${secrets[0]}`, 'X-Auth-SVC': secrets[0]!, 'X-Request-Id': 'req_log_check' },
    });
    expect(response.headers.get('x-request-id')).toBe('req_log_check');
    const deadline = Date.now() + 10_000;
    while (!output.includes('req_log_check') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const logLines = output.split('\n').filter((line) => line.startsWith('{'));
    const requestLine = logLines.map((line) => JSON.parse(line) as Record<string, unknown>).find((l) => l.requestId === 'req_log_check');
    expect(requestLine).toMatchObject({ msg: 'request', method: 'GET', status: response.status });
    for (const line of logLines) for (const secret of secrets) expect(line).not.toContain(secret);
  });

  it("runs the getting-started guide's SDK example with the printed secret test key", () => {
    const key = /secret test:\s+(svc_sk_test_[A-Za-z0-9]{32})/.exec(output)![1]!;
    // As a partner runs it, saved beside the SDK; here in .tmp/, pointed at this server.
    const file = writeExample(resolve('.tmp', `first-search-${process.pid}`), example('first-search.ts'), base);
    const printed = execFileSync(resolve('node_modules/.bin/tsx'), [file], { encoding: 'utf8', env: { ...process.env, SVC_KEY: key } });
    expect(printed.trim()).toMatch(/^\d+ (new|processing|completed)$/);
  });

  it("runs a partner's own generated client (openapi-typescript + openapi-fetch) with the printed key", async () => {
    const key = /secret test:\s+(svc_sk_test_[A-Za-z0-9]{32})/.exec(output)![1]!;
    // The consumer program of test/spec/consumers/, with types generated from spec/openapi.json as a
    // partner would, run by a script against this server: a search, a monitoring order, a refusal.
    const scratch = mkdtempSync(resolve('.tmp', 'npm-start-consumer-'));
    await openapiTypescript(join(scratch, 'generated/openapi-typescript'));
    cpSync('test/spec/consumers/programs', join(scratch, 'programs'), { recursive: true });
    writeFileSync(join(scratch, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    writeFileSync(
      join(scratch, 'run.ts'),
      [
        "import { connect } from './programs/openapi-typescript';",
        'const consumer = connect(process.env.SVC_BASE!, process.env.SVC_KEY!);',
        "const search = await consumer.startSearch({ vin: '1HGCM82633A004352' });",
        "const order = await consumer.orderMonitoring('100000011');",
        "const refused = await consumer.startSearch({ acn: '100000012' });",
        'console.log(JSON.stringify({ search, order, refused }));',
      ].join('\n'),
    );
    const printed = execFileSync(resolve('node_modules/.bin/tsx'), [join(scratch, 'run.ts')], {
      encoding: 'utf8',
      env: { ...process.env, SVC_KEY: key, SVC_BASE: `${base}/api/test/v2` },
    });
    const { search, order, refused } = JSON.parse(printed) as Record<string, unknown>;
    expect(search).toMatchObject({ ok: true, value: expect.any(Number) });
    expect(order).toMatchObject({ ok: true, value: { entities: [{ acn: '100000011' }] } });
    expect(refused).toMatchObject({ ok: false, status: 422, code: 'validation_failed', fields: ['acn'] });
  });

  it('shuts down gracefully on SIGTERM: a request in flight is answered, then it stops answering', async () => {
    // A lodgement POST whose body is only half sent when SIGTERM arrives.
    const key = /secret test:\s+(svc_sk_test_[A-Za-z0-9]{32})/.exec(output)![1]!;
    const operation = (loadDocument().paths as JsonObject)['/abn/registrations'] as JsonObject;
    const body = JSON.stringify(firstBodyExample(operation.post as JsonObject));
    const { hostname, port } = new URL(base);
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = httpRequest(
        {
          hostname,
          port,
          method: 'POST',
          path: '/api/test/v2/abn/registrations',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 10));
      setTimeout(() => {
        stopGroup('SIGTERM');
        setTimeout(() => request.end(body.slice(10)), 500);
      }, 300);
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const result = await answered;
    expect(result.status, result.text).toBe(201);
    expect(JSON.parse(result.text)).toHaveProperty('requestId');
    await exited;
    const deadline = Date.now() + 10_000;
    while (!output.includes('shutting down') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(output).toContain('shutting down');
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});
