// The runner cannot go green by mistake: a wrong key, a wrong base URL and an unreachable host end at
// once with one line saying which; an operation that never answered a success fails the run, named
// with its last answer; a check that could not run is listed as skipped with its reason in every
// report, and `--strict` (the default under CI=true) fails on it. Runs the CLI as a partner's CI would.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contractMain } from '@registry-svc/contract';
import { startContractServer, type ContractServer } from './contract-server.js';

const SPEC = join(import.meta.dirname, '../../spec/openapi.json');

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The command line in this process, its output captured: what `svc-contract ARGS` prints and exits with. */
async function cli(args: string[]): Promise<{ code: number; stdout: string[]; stderr: string[]; seconds: number }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void stdout.push(String(line)));
  const error = vi.spyOn(console, 'error').mockImplementation((line: unknown) => void stderr.push(String(line)));
  const started = performance.now();
  try {
    const code = await contractMain(args, { program: 'svc-contract', defaultSpec: SPEC, defaultSpecLabel: 'spec/openapi.json' });
    return { code, stdout, stderr, seconds: (performance.now() - started) / 1000 };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe('a contract run that cannot go green by mistake', () => {
  let contract: ContractServer;
  let secret: string;
  let dir: string;

  beforeAll(async () => {
    contract = await startContractServer();
    secret = (await contract.server.createAccount()).keys.secretTest;
    dir = mkdtempSync(join(tmpdir(), 'contract-honesty-'));
  });

  afterAll(async () => {
    vi.unstubAllEnvs();
    await contract?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a wrong key, a wrong base URL and an unreachable host each exit 2 within seconds with one line saying which', async () => {
    const port = await closedPort();
    const wrongKey = await cli(['--base-url', contract.baseUrl, '--key', 'svc_sk_test_wrong', '--phase', 'examples']);
    const wrongBase = await cli(['--base-url', `${contract.server.url}/other-service/api/test/v2`, '--key', secret, '--phase', 'examples']);
    const unreachable = await cli(['--base-url', `http://127.0.0.1:${port}/api/test/v2`, '--key', secret, '--phase', 'examples']);
    for (const outcome of [wrongKey, wrongBase, unreachable]) {
      expect(outcome.code, outcome.stderr.join('\n')).toBe(2);
      expect(outcome.stdout).toEqual([]);
      expect(outcome.stderr).toHaveLength(1);
      // One request, no waiting on a rate limit or a long timeout (the command's own start is not counted).
      expect(outcome.seconds).toBeLessThan(10);
    }
    expect(wrongKey.stderr[0]).toMatch(/^wrong key: GET \S+\/helpers\/\S+ answered 401 "Invalid API key\." \(Request-Id req_\w+\)/);
    expect(wrongKey.stderr[0]).not.toContain('svc_sk_test_wrong');
    expect(wrongBase.stderr[0]).toMatch(/^wrong base URL: GET \S+ answered 404 .* does not serve this API$/);
    expect(unreachable.stderr[0]).toBe(`unreachable: cannot connect to 127.0.0.1:${port} (ECONNREFUSED)`);
  });

  it('an operation that never answered a success fails the run, named with its last answer', async () => {
    vi.stubEnv('CI', 'true');
    const outcome = await cli([
      '--base-url',
      contract.baseUrl,
      '--key',
      secret,
      '--operation',
      'getLodgement',
      '--phase',
      'examples',
      '--no-strict',
      '--seed',
      '1',
    ]);
    const stdout = outcome.stdout.join('\n');
    expect(outcome.code, stdout).toBe(1);
    expect(stdout).toMatch(
      /^Never reached a success \(1\), with the last answer each got:\n {2}getLodgement: 404 not_found \(Request-Id req_\w+\)$/m,
    );
    expect(stdout).toContain('Failures: none');
    expect(outcome.stdout.at(-1)).toMatch(/^operations conforming 0 \/ \d+$/);
    expect(outcome.stderr.at(-1)).toBe('exit 1: 1 operation(s) never reached a success: getLodgement');
  });

  it('lists every check that could not run with its reason in the text, Markdown and JUnit reports; strict by default under CI=true', async () => {
    const args = (name: string) => [
      '--base-url',
      contract.baseUrl,
      '--key',
      secret,
      '--operation',
      'listIndustries',
      '--phase',
      'examples,stateful',
      '--seed',
      '1',
      '--md-out',
      join(dir, `${name}.md`),
      '--junit',
      join(dir, `${name}.xml`),
    ];
    vi.stubEnv('CI', 'true');
    const strict = await cli(args('strict'));
    const lenient = await cli([...args('lenient'), '--no-strict']);
    const reason = '--operation: the cross-account, idempotency and webhook pass runs on the whole document only';
    expect(strict.code, strict.stdout.join('\n')).toBe(1);
    expect(strict.stderr.at(-1)).toBe('exit 1: 3 check(s) skipped (--strict; --no-strict to allow)');
    expect(lenient.code, lenient.stderr.join('\n')).toBe(0);
    for (const check of ['account_isolation', 'idempotent_replay', 'webhook_conformance']) {
      expect(strict.stdout).toContain(`  ${check}: ${reason}`);
      expect(readFileSync(join(dir, 'strict.xml'), 'utf8')).toContain(
        `<testcase classname="contract.run" name="${check}"><skipped message="${reason}"/></testcase>`,
      );
      expect(readFileSync(join(dir, 'strict.md'), 'utf8')).toContain(`- ${check.replace(/_/g, '\\_')}: ${reason}`);
    }
    expect(strict.stdout).toContain('Skipped (3, 3 unproven):');
  });
});
