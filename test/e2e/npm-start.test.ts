// A newcomer's first minute: `npm start` on an empty data directory prints a demo key and the admin
// token, serves /docs, and a curl-equivalent call with that key to a helper answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let child: ChildProcess;
let output = '';
let base = '';

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-start-'));
  const { DATABASE_URL: _ignored, ...env } = process.env;
  child = spawn('npm', ['start'], { env: { ...env, SVC_DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  while (!/try: curl/.test(output)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`npm start did not come up:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  base = /listening on (http:\/\/\S+)/.exec(output)![1]!;
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
});

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
    const response = await fetch(`${base}/api/test/v2/helpers/company-name-availability?name=Sandbox%20Trading%20Pty%20Ltd`, { headers: { Authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { available: boolean };
    expect(body.available).toBe(false);
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
