// The examples of the README and the guides do what the page says, against a running service: every
// block marked `<!-- example: ... -->` (scripts/docs/examples.ts) is saved as a reader would save it
// and run, and must succeed and print what its marker says (tsc checks the TypeScript ones as written
// in generated/examples/). The examples of a page with a `<!-- project -->` block are run where that
// block makes its project, in an empty folder outside the repository (guides-fresh-project.test.ts),
// not a second time here. The webhook
// receiver is started and sent signed deliveries: one verified and handled once however often it
// arrives, one badly signed refused. The first SDK example, pointed at an address where nothing
// listens, fails with an error that names the URL and ECONNREFUSED (not `{}`).
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestHeaders } from '../../generated/client/index.js';
import { allExamples, documentationFiles, guidesWithProject, type DocExample } from '../../scripts/docs/examples.js';
import { example, writeExample } from '../support/doc-examples.js';
import { loadDocument, type JsonObject } from '../support/document.js';
import { ADMIN_TOKEN, startTestServer, type TestAccount, type TestServer } from '../support/harness.js';
import { freePort } from '../../scripts/free-port.js';

const run = promisify(execFile);
const dir = resolve('.tmp', `doc-examples-${process.pid}`);
const examples = allExamples();
const runnable = examples.filter((e) => !e.receiver);
/** Pages whose examples guides-fresh-project.test.ts runs in the project the page makes. */
const inFreshProjects = new Set(guidesWithProject());
const runHere = runnable.filter((e) => !inFreshProjects.has(e.source));

/** The first example payload the document gives for the webhook event `name`. */
function firstWebhookExample(document: JsonObject, name: string): JsonObject {
  const item = (
    document.webhooks as Record<
      string,
      { post: { requestBody: { content: Record<string, { examples: Record<string, { value: JsonObject }> }> } } }
    >
  )[name]!;
  return Object.values(item.post.requestBody.content['application/json']!.examples)[0]!.value;
}

async function runExample(
  file: string,
  e: DocExample,
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const [command, args] = e.language === 'sh' ? ['bash', ['-o', 'pipefail', file]] : [resolve('node_modules/.bin/tsx'), [file]];
  try {
    const { stdout, stderr } = await run(command, args, { env: { ...process.env, ...env }, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('the examples of the README and the guides, against a running service', () => {
  let server: TestServer;
  let account: TestAccount;
  const env = (): Record<string, string> => ({ SVC_KEY: account.keys.secretTest, SVC_ADMIN_TOKEN: ADMIN_TOKEN });

  beforeAll(async () => {
    if (spawnSync('curl', ['--version']).status !== 0)
      throw new Error('curl not found: the guides show curl commands (.ci/run installs it).');
    // No stand-in DNS: the examples register https://hooks.example.com/..., which a test key may use
    // as printed without resolving it (D-60); any name the service did try to resolve fails.
    server = await startTestServer({ resolveHost: async (host) => Promise.reject(new Error(`ENOTFOUND ${host}`)) });
    account = await server.createAccount();
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds the examples, each name once, and every TypeScript block of the guides is one of them', () => {
    expect(runnable.length).toBeGreaterThanOrEqual(9);
    const names = examples.map((e) => e.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    // A TypeScript block a reader may copy must be one the test runs or type-checks.
    for (const source of documentationFiles().filter((file) => file.startsWith('docs/guide/'))) {
      const blocks = [...readFileSync(source, 'utf8').matchAll(/^```ts$/gm)].length;
      expect(examples.filter((e) => e.source === source && e.language === 'ts').length, source).toBe(blocks);
    }
  });

  it('are type-checked as written: npm run generate puts the TypeScript ones where tsc checks them', () => {
    const typescript = examples.filter((e) => e.language === 'ts').map((e) => e.name);
    expect(readdirSync('generated/examples').sort()).toEqual([...typescript].sort());
    // tsconfig.json is JSON with comments: read it as tsc does.
    const tsconfig = ts.readConfigFile('tsconfig.json', (file) => readFileSync(file, 'utf8')).config as { include: string[] };
    expect(tsconfig.include).toContain('generated');
  });

  for (const e of runHere)
    it(`${e.name} (${e.source}) runs against the service${e.prints ? ` and prints ${e.prints.source}` : ''}`, async () => {
      const result = await runExample(writeExample(dir, e, server.url), e, env());
      expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
      if (e.prints) expect(result.stdout).toMatch(e.prints);
    });

  it('the Express receiver answers a signed delivery 204 and handles it once, and refuses a bad signature with 400', async () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const port = await freePort();
    const file = writeExample(dir, example('receiver.ts'), server.url);
    const child: ChildProcess = spawn(resolve('node_modules/.bin/tsx'), [file], {
      env: { ...process.env, PORT: String(port), SVC_WEBHOOK_SECRET: secret },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const deadline = Date.now() + 60_000;
      while (!output.includes('listening on')) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the receiver did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const url = /listening on (\S+)/.exec(output)![1]!;
      // The document's own example of a Form 484 delivery, as the service would send it now.
      const example484 = firstWebhookExample(loadDocument(), 'form484.status_changed');
      const deliveryId = String(example484.deliveryId);
      const body = JSON.stringify({ ...example484, timestamp: new Date().toISOString() });
      const post = (headers: Record<string, string>) => fetch(url, { method: 'POST', headers, body });
      expect((await post(generateTestHeaders(body, secret))).status).toBe(204);
      expect((await post(generateTestHeaders(body, secret))).status).toBe(204); // a retry of the same delivery
      const forged = await post(generateTestHeaders(body, 'whsec_bm90IHRoZSBlbmRwb2ludCBzZWNyZXQ='));
      expect(forged.status).toBe(400);
      expect(await forged.text()).toContain('No signature matches');
      await new Promise((r) => setTimeout(r, 300));
      expect(output.split('\n').filter((line) => line === `handled form484.status_changed ${deliveryId}`)).toHaveLength(1);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('first-search.ts, with no service at its address, fails naming the URL and ECONNREFUSED', async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const e = example('first-search.ts');
    const result = await runExample(writeExample(join(dir, 'unreachable'), e, nowhere), e, env());
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`ServiceUnreachableError: Cannot reach ${nowhere}/api/test/v2/ppsr/searches: ECONNREFUSED`);
    expect(result.stderr).not.toContain('Error: {}');
  });
});
