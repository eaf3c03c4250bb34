// Every guide as a new partner meets it: in an empty folder outside the repository, the guide's own
// `<!-- project -->` block (npm init, the module setting, its install line with the SDK from the running
// service's /packages/ and every other package its examples import), then each of its examples saved
// under its name and run as the page says (`npx tsx <name>.ts`, `bash <name>.sh`) against `npm start`'s
// service, printing what its marker says. Only the service's address differs from the page (the test's
// service listens on a free port), and npm reads its cache first (npm_config_prefer_offline).
// Guides whose project blocks are the same commands word for word get copies of one folder those
// commands made (`cp -a` of a folder where nothing else ran): the same folder a second run of the
// commands would make, for a copy's CPU instead of an npm install's (about 6 CPU-seconds each).
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestHeaders } from '../../generated/client/index.js';
import { packedOnce } from '../support/packed.js';
import { examplesIn, guidesWithProject, projectSetupIn, type DocExample } from '../../scripts/docs/examples.js';
import { startPlainService, type PlainService } from '../support/plain-service.js';
import { freePort } from '../../scripts/free-port.js';
import { signalGroup } from '../support/server-group.js';

const run = promisify(execFile);
const PRINTED_ADDRESS = 'http://127.0.0.1:4000';
const guides = guidesWithProject();
const dirs: string[] = [];
const timings: string[] = [];
/** The folder each distinct project block made, by the block's commands, kept untouched for copying. */
const madeProjects = new Map<string, Promise<{ dir: string; failure?: string }>>();

let service: PlainService;
let env: Record<string, string>;

beforeAll(async () => {
  await packedOnce();
  service = await startPlainService();
  const testKey = /secret test:\s+(svc_sk_test_\S+)/.exec(service.output())?.[1];
  if (!testKey) throw new Error(`npm start printed no demo test key:\n${service.output()}`);
  env = {
    ...process.env,
    SVC_KEY: testKey,
    SVC_ADMIN_TOKEN: service.adminToken,
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  } as Record<string, string>;
}, 300_000);

afterAll(async () => {
  await service?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  if (timings.length > 0) process.stdout.write(`[guides in fresh projects] ${timings.join('; ')}\n`);
});

const asPrinted = (text: string): string => text.replaceAll(PRINTED_ADDRESS, service.url);

async function runIn(dir: string, command: string, args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd: dir, env, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, out: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** The receiver example: started as printed, it answers a signed delivery 204 and a forged one 400. */
async function checkReceiver(dir: string, e: DocExample): Promise<void> {
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  writeFileSync(join(dir, e.name), asPrinted(e.code));
  // Its own process group: npx starts tsx, which starts node, and stopping npx alone left the
  // receiver listening after the run.
  const child = spawn('npx', ['tsx', e.name], {
    cwd: dir,
    env: { ...env, PORT: String(await freePort()), SVC_WEBHOOK_SECRET: secret },
    stdio: 'pipe',
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const deadline = Date.now() + 60_000;
    while (!/listening on (\S+)/.test(output)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${e.name} did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const url = /listening on (\S+)/.exec(output)![1]!;
    const body = JSON.stringify({
      event: 'abn_registration.status_changed',
      requestId: 1001,
      interaction: 'abnreg.lodge',
      status: 'finished',
      timestamp: new Date().toISOString(),
      entityName: 'JANE CITIZEN',
      deliveryId: 'dlv_3kTq9ZmW2xYb7NcR4vLp8sQe',
    });
    expect((await fetch(url, { method: 'POST', headers: generateTestHeaders(body, secret), body })).status).toBe(204);
    const forged = await fetch(url, { method: 'POST', headers: generateTestHeaders(body, 'whsec_bm90IHRoZSBlbmRwb2ludCBzZWNyZXQ='), body });
    expect(forged.status).toBe(400);
  } finally {
    await signalGroup(child, 'SIGTERM');
  }
}

/** An empty folder outside the repository after `blocks` ran in it, as printed but for the service's address. */
function projectFor(blocks: string[]): Promise<{ dir: string; failure?: string }> {
  const key = JSON.stringify(blocks);
  let made = madeProjects.get(key);
  if (!made) {
    made = (async () => {
      const dir = mkdtempSync(join(tmpdir(), 'svc-guide-project-'));
      dirs.push(dir);
      for (const commands of blocks) {
        const setup = await runIn(dir, 'bash', ['-euo', 'pipefail', '-c', asPrinted(commands)]);
        if (setup.code !== 0) return { dir, failure: setup.out };
      }
      return { dir };
    })();
    madeProjects.set(key, made);
  }
  return made;
}

describe('each guide that makes a project, run as printed in an empty folder outside the repository', () => {
  it('there are such guides, and each TypeScript example imports the SDK by its package name', () => {
    expect(guides.length).toBeGreaterThanOrEqual(4);
    for (const guide of guides)
      for (const e of examplesIn(guide).filter((x) => x.language === 'ts')) expect(e.code, `${e.name}`).not.toMatch(/from '\.\.?\//);
  });

  it.each(guides)('%s', async (guide) => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-guide-'));
    dirs.push(dir);
    const started = Date.now();
    const made = await projectFor(projectSetupIn(guide));
    expect(made.failure, `${guide}: the project block failed:\n${made.failure}`).toBeUndefined();
    // -a: npm's links in node_modules/.bin stay links, pointing where they did.
    await run('cp', ['-a', `${made.dir}/.`, dir]);
    const installed = Date.now();
    for (const e of examplesIn(guide)) {
      if (e.receiver) {
        await checkReceiver(dir, e);
        continue;
      }
      writeFileSync(join(dir, e.name), asPrinted(e.code));
      const result = e.language === 'ts' ? await runIn(dir, 'npx', ['tsx', e.name]) : await runIn(dir, 'bash', ['-o', 'pipefail', e.name]);
      expect(result.code, `${guide} ${e.name}:\n${result.out}`).toBe(0);
      if (e.prints) expect(result.out, `${guide} ${e.name}`).toMatch(e.prints);
    }
    timings.push(
      `${guide}: project ${((installed - started) / 1000).toFixed(1)} s, examples ${((Date.now() - installed) / 1000).toFixed(1)} s`,
    );
  });
});
