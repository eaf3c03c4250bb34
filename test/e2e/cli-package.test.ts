// The `svc` command as a partner gets it: @registry-svc/cli and the SDK from the shared pack
// (pack-global-setup.ts), installed into an empty folder outside the repository, run against the
// service started as `npm start` starts it (on the manual clock, so the retries can be reached by
// moving it with the operator API). A receiver on this machine stands for the partner's app:
// `listen` forwards to it, `trigger` sends each of the 9 event types, which it verifies with
// standardwebhooks and stripe; a 500 is retried; `listen` killed mid-stream and started again loses
// nothing; `logs tail` shows a 422 just caused, redacted; a generated command works, --help lists its flags.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../schemas/webhooks/schemas.js';
import { tarballOf } from '../support/packed.js';
import { startPlainService, type PlainService } from '../support/plain-service.js';

const run = promisify(execFile);
const stripe = new Stripe('sk_test_x');
const NPM_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund'];
const DEVICE = 'e2e-laptop';

/** Polls until `check` answers something, or fails after `ms` (generous: a loaded machine is slow, not wrong). */
async function until<T>(what: string, check: () => T | undefined, ms = 60_000): Promise<T> {
  // What the running commands printed, for a timeout's message.
  const printed = (): string => running.map((r) => `${r.child.spawnargs.slice(1, 3).join(' ')}:\n${r.stdout()}${r.stderr()}`).join('\n');
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the commands printed:\n${printed()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Hit {
  headers: Record<string, string>;
  body: string;
  deliveryId: string;
  eventType: string;
  status: number;
}

/** The partner's app: records each POST with its raw body, answers per `answer` (or holds it: 'hang'). */
class Receiver {
  readonly hits: Hit[] = [];
  answer: (hit: Hit) => number | 'hang' = () => 200;
  private held: ServerResponse[] = [];
  private server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const hit: Hit = {
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
        deliveryId: headers['webhook-id'] ?? '',
        eventType: headers['x-svc-event'] ?? '',
        status: 0,
      };
      const answer = this.answer(hit);
      hit.status = answer === 'hang' ? 0 : answer;
      this.hits.push(hit);
      if (answer === 'hang') this.held.push(res);
      else res.writeHead(answer, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  url = '';
  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }
  releaseHeld(): void {
    for (const res of this.held.splice(0)) res.destroy();
  }
  async stop(): Promise<void> {
    this.releaseHeld();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** A running svc command: what it printed so far, and its exit. */
interface Running {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

let service: PlainService;
let consumer: string;
let demoKey: string;
const receiver = new Receiver();
const running: Running[] = [];
/** The `svc listen` running now. */
let current: Running | undefined;
const dirs: string[] = [];

const svcBin = (): string => join(consumer, 'node_modules/.bin/svc');
const svcEnv = (): NodeJS.ProcessEnv => ({ ...process.env, SVC_API_KEY: demoKey, SVC_BASE_URL: service.url });

/** `svc ARGS` to its end. */
async function svc(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(svcBin(), args, { cwd: consumer, env: svcEnv() })
    .then(({ stdout, stderr }) => ({ code: 0, stdout, stderr }))
    .catch((error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }));
}

/** `svc ARGS` left running (listen, logs tail). */
function start(args: string[]): Running {
  const child = spawn(svcBin(), args, { cwd: consumer, env: svcEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const handle = { child, stdout: () => stdout, stderr: () => stderr, exited };
  running.push(handle);
  return handle;
}

async function startListen(): Promise<{ listen: Running; secret: string; session: string; banner: string }> {
  const listen = start(['listen', '--forward-to', receiver.url, '--device-name', DEVICE]);
  current = listen;
  const ready = await until('listen to print its secret', () => /^Ready! .*$/m.exec(listen.stderr())?.[0]);
  const [, secret, session] = /signing secret is (whsec_\S+) \(listen session (ls_\w+)/.exec(ready)!;
  return { listen, secret: secret!, session: session!, banner: ready };
}

async function advanceClock(seconds: number): Promise<void> {
  const response = await fetch(`${service.url}/admin/clock/advance`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${service.adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  expect(response.status).toBe(200);
}

const hitsOf = (deliveryId: string): Hit[] => receiver.hits.filter((hit) => hit.deliveryId === deliveryId);

async function trigger(eventType: string): Promise<string> {
  const { code, stdout, stderr } = await svc(['trigger', eventType]);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  const match = new RegExp(`^Triggered ${eventType.replaceAll('.', '\\.')}: 1 delivery \\((dlv_\\w+) -> ls_\\w+\\)$`, 'm').exec(stdout);
  expect(match, stdout).not.toBeNull();
  return match![1]!;
}

beforeAll(async () => {
  const startedAt = performance.now();
  consumer = mkdtempSync(join(tmpdir(), 'svc-cli-consumer-'));
  dirs.push(consumer);
  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify({ name: 'partner-laptop', version: '1.0.0', private: true, type: 'module' }),
  );
  const [started, cli] = await Promise.all([
    startPlainService(120_000, { SVC_CLOCK: 'manual' }),
    tarballOf('@registry-svc/cli'),
    receiver.start(),
  ]);
  service = started;
  // As the guide prints it: the one tarball, nothing from the repository or the registry.
  await run('npm', ['install', cli, ...NPM_FLAGS], { cwd: consumer, maxBuffer: 16 * 1024 * 1024 });
  demoKey = /secret test:\s+(svc_sk_test_\S+)/.exec(service.output())![1]!;
  console.log(`[cli-package] service started and the CLI installed in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
});

afterAll(async () => {
  for (const { child } of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await service?.stop();
  await receiver.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('svc from the packed @registry-svc/cli, installed outside the repository', () => {
  it('ships the bundled command, its README and CHANGELOG: no TypeScript source and no dependency', async () => {
    const { stdout } = await run('tar', ['-tzf', await tarballOf('@registry-svc/cli')]);
    const files = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => line.replace(/^package\//, ''))
      .sort();
    expect(files).toEqual(['CHANGELOG.md', 'README.md', 'bin/svc.js', 'dist/svc.mjs', 'package.json']);
    const manifest = JSON.parse(readFileSync(join(consumer, 'node_modules/@registry-svc/cli/package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    expect(manifest.dependencies ?? {}).toEqual({});
    // Nothing else was installed beside it: the SDK and zod are inside dist/svc.mjs.
    expect(
      readdirSync(join(consumer, 'node_modules'))
        .filter((name) => !name.startsWith('.'))
        .sort(),
    ).toEqual(['@registry-svc']);
    expect(readdirSync(join(consumer, 'node_modules/@registry-svc'))).toEqual(['cli']);
  });

  it('a generated command: --help lists its flags from the document, it answers as the SDK does, an error shows its Request-Id', async () => {
    // `npx svc`, as the guide prints it.
    const { stdout: help } = await run('npx', ['svc', 'company-name-availability', 'get', '--help'], { cwd: consumer, env: svcEnv() });
    expect(help).toContain('GET /helpers/company-name-availability');
    expect(help).toMatch(/--name TEXT\s+\(required\)/);
    const found = await svc(['company-name-availability', 'get', '--name', 'Sandbox Trading Pty Ltd', '--json']);
    expect(found.code).toBe(0);
    expect(JSON.parse(found.stdout)).toMatchObject({ available: false, conflicts: [{ name: 'SANDBOX TRADING PTY LTD' }] });
    const missing = await svc(['lodgement', 'get', '--request-id', '999999999']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^svc: GET \S+\/lodgements\/999999999 answered 404: not_found.*\nRequest-Id: \S+\n$/);
    const refused = await svc(['trigger', 'monitoring.changed']);
    expect(refused.code).toBe(2);
  });

  it('listen forwards each of the 9 triggered events, signed so that standardwebhooks and stripe accept them', async () => {
    const { listen, secret } = await startListen();
    const deliveries = new Map<string, string>();
    // Side by side, as a partner's scripts may send them.
    const sent = await Promise.all(WEBHOOK_EVENT_TYPES.map((eventType) => trigger(eventType)));
    sent.forEach((deliveryId, i) => deliveries.set(deliveryId, WEBHOOK_EVENT_TYPES[i]!));
    await until('9 deliveries', () => [...deliveries.keys()].every((id) => hitsOf(id).length > 0));
    for (const [deliveryId, eventType] of deliveries) {
      const [hit] = hitsOf(deliveryId);
      expect(hit!.eventType).toBe(eventType);
      expect(new Webhook(secret).verify(hit!.body, hit!.headers)).toMatchObject({ event: eventType });
      expect(stripe.webhooks.constructEvent(hit!.body, hit!.headers['x-svc-signature']!, secret)).toMatchObject({ event: eventType });
      expect(() => new Webhook(secret).verify(hit!.body.replace(eventType, 'x'), hit!.headers)).toThrow();
      await until(`the listen line of ${deliveryId}`, () =>
        listen.stdout().includes(`--> ${eventType} [${deliveryId}]  <-- [200] POST ${receiver.url}`),
      );
    }
  });

  it('the receiver answering 500 makes the sandbox retry: the same delivery again after the clock moves 30 s', async () => {
    receiver.answer = (hit) => (hitsOf(hit.deliveryId).length === 0 ? 500 : 200);
    const deliveryId = await trigger('monitoring.expired');
    await until('the first attempt', () => hitsOf(deliveryId).length === 1);
    const listen = current!;
    await until('its [500] line', () => listen.stdout().includes(`[${deliveryId}]  <-- [500]`));
    expect(hitsOf(deliveryId)).toHaveLength(1);
    await advanceClock(31);
    await until('the retry', () => hitsOf(deliveryId).length === 2);
    await until('its [200] line', () => listen.stdout().includes(`[${deliveryId}] (attempt 2)  <-- [200]`));
    expect(hitsOf(deliveryId)[1]!.body).toBe(hitsOf(deliveryId)[0]!.body);
    receiver.answer = () => 200;
  });

  it('listen killed mid-stream and started again loses nothing: a delivery held while it died comes again as a retry', async () => {
    const first = current!;
    const { secret } = /signing secret is (?<secret>whsec_\S+)/.exec(first.stderr())!.groups!;
    // The app holds the next delivery without answering; listen is killed while it waits.
    receiver.answer = (hit) => (hitsOf(hit.deliveryId).length === 0 && hit.eventType === 'monitoring.expiring' ? 'hang' : 200);
    const held = await trigger('monitoring.expiring');
    await until('the held delivery to arrive', () => hitsOf(held).length === 1);
    first.child.kill('SIGKILL');
    await first.exited;
    receiver.releaseHeld();
    // Events while nobody listens wait for the session.
    const meanwhile = [await trigger('monitoring.change_detected'), await trigger('form484.status_changed')];
    const again = await startListen();
    expect(again.secret).toBe(secret);
    expect(again.banner).toMatch(/resumed with \d+ waiting/);
    // Each line is printed once the answer is reported: only then may the clock move.
    await until('what arrived meanwhile', () => meanwhile.every((id) => again.listen.stdout().includes(`[${id}]  <-- [200]`)));
    // The held attempt was collected but never reported: once its lease (60 s) ends it is a failed
    // attempt, retried 30 s later on the schedule.
    await advanceClock(61);
    await advanceClock(31);
    await until('the held delivery again', () => hitsOf(held).length === 2, 60_000);
    expect(hitsOf(held)[1]!.status).toBe(200);
    await until('its line', () => again.listen.stdout().includes(`[${held}] (attempt 2)  <-- [200]`));
    for (const id of meanwhile) expect(hitsOf(id)).toHaveLength(1);
    // Ctrl-C ends listen cleanly.
    again.listen.child.kill('SIGINT');
    expect(await again.listen.exited).toBe(0);
  });

  it('logs tail shows a 422 just caused, with its Request-Id, its bodies redacted', async () => {
    const lines = start(['logs', 'tail', '--status', '4xx']);
    const entries = start(['logs', 'tail', '--status', '422', '--json']);
    const leakedKey = 'svc_sk_test_ThisIsNotARealKeyButLooksLikeOne';
    const response = await fetch(`${service.url}/api/test/v2/webhooks`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${demoKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: `https://example.com/hooks?key=${leakedKey}`, eventTypes: ['monitoring.changed'] }),
    });
    expect(response.status).toBe(422);
    const requestId = response.headers.get('x-request-id')!;
    await until('the line', () => lines.stdout().includes(`422 POST /api/test/v2/webhooks  ${requestId}  createWebhookEndpoint`));
    const json = await until('the entry', () =>
      entries
        .stdout()
        .split('\n')
        .find((line) => line.includes(requestId)),
    );
    const entry = JSON.parse(json) as { status: number; requestId: string; requestBody: unknown };
    expect(entry).toMatchObject({ status: 422, requestId });
    expect(json).toContain('[redacted]');
    expect(json).not.toContain(leakedKey);
    expect(json).not.toContain(demoKey);
    for (const tail of [lines, entries]) tail.child.kill('SIGINT');
    expect(await Promise.all([lines.exited, entries.exited])).toEqual([0, 0]);
  });
});
