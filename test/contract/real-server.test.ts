// The contract runner, as CI runs it, against the real app in-process on a fresh test account (the
// runner creates it through the operator API) with a fixed seed and a small budget: every operation
// that has landed passes every check, the rest are listed as pending, and the conforming figure is
// the last line. Runs the CLI itself (npm run contract), so arguments, exit status and JUnit are covered.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliOutcome } from './run-cli.js';
import { listOperations } from '@registry-svc/contract';
import { startContractServer, type ContractServer } from './contract-server.js';
import { loadDocument } from '../support/document.js';

const SEED = 20261122;

describe('contract runner against the real server', () => {
  let contract: ContractServer;
  let dir: string;
  let outcome: CliOutcome;
  const total = listOperations(loadDocument()).length;

  beforeAll(async () => {
    contract = await startContractServer();
    dir = await mkdtemp(join(tmpdir(), 'contract-'));
    outcome = await runCli([
      '--base-url',
      contract.baseUrl,
      '--admin-token',
      contract.adminToken,
      '--seed',
      String(SEED),
      '--max-examples',
      '8',
      '--max-coverage',
      '50',
      '--junit',
      join(dir, 'contract.xml'),
    ]);
    console.log(outcome.stdout);
    if (outcome.stderr.trim()) console.log(outcome.stderr);
  });

  afterAll(async () => {
    await contract?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("refuses a base URL without the API prefix (the server's root) with exit status 2 and the URL to use", async () => {
    const root = new URL(contract.baseUrl).origin;
    const refused = await runCli(['--base-url', root, '--admin-token', contract.adminToken, '--operation', 'listIndustries']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`does not end in a server path of the document`);
    expect(refused.stderr).toContain(`use ${root}/api/test/v2`);
  });

  it('passes every check on every implemented operation (exit status 0)', () => {
    expect(outcome.code, outcome.stdout.split('\nFailures')[1]?.slice(0, 4000) ?? outcome.stderr).toBe(0);
    expect(outcome.stdout).toContain('Failures: none');
    // With the operator token nothing is out of reach: every check ran, every operation answered a success.
    expect(outcome.stdout).toContain('Skipped: none');
    expect(outcome.stdout).toContain(`operations reached with a success answer ${total} / ${total}`);
  });

  it('prints a progress line per operation and the summary table', () => {
    const progress = outcome.stdout.split('\n').filter((line) => new RegExp(`^\\[\\s*\\d+/${total}\\] `).test(line));
    expect(progress).toHaveLength(total);
    expect(outcome.stdout).toMatch(
      /^operation\s+5xx\s+status\s+ctype\s+hdrs\s+schema\s+neg\s+pos\s+nohdr\s+auth\s+405\s+uaf\s+avail\s+time\s+2xx\s+pages\s+zone\s+rules\s+acct\s+idem\s+hook\s+v1\s+rl\s+since\s+term\s+day\s+retry\s+ledger\s+result$/m,
    );
  });

  it('runs every partner check (V1, RateLimit-Remaining, cursors, terms, day boundary, retries, ledger), none skipped', () => {
    const lines = outcome.stdout.split('\n');
    const header = lines
      .find((line) => line.startsWith('operation '))!
      .trim()
      .split(/\s+/);
    const rows = lines.filter((line) => /^[a-zA-Z0-9]+\s+(ok|FAIL|pend|-)\s/.test(line)).map((line) => line.trim().split(/\s+/));
    for (const column of ['v1', 'rl', 'since', 'term', 'day', 'retry', 'ledger']) {
      const index = header.indexOf(column);
      expect(
        rows.some((row) => row[index] === 'ok'),
        column,
      ).toBe(true);
    }
    expect(lines.filter((line) => line.startsWith('Skipped '))).toEqual([]);
  });

  it('lists the pending operations and prints "operations conforming N / total" last', () => {
    const lines = outcome.stdout.trimEnd().split('\n');
    const last = /^operations conforming (\d+) \/ (\d+)$/.exec(lines.at(-1) ?? '');
    expect(last, lines.at(-1)).not.toBeNull();
    expect(Number(last![2])).toBe(total);
    const pendingLine = lines.find((line) => line.startsWith('Pending (answer 501 not_implemented'));
    expect(pendingLine).toBeDefined();
    const pending = /: none$/.test(pendingLine!) ? 0 : Number(/, (\d+)\):/.exec(pendingLine!)?.[1]);
    // Every operation either conforms or is pending: none failing, none inconclusive.
    expect(Number(last![1]) + pending).toBe(total);
  });

  it('writes JUnit XML with a suite per operation and no failures', async () => {
    const xml = await readFile(join(dir, 'contract.xml'), 'utf8');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites /);
    expect(xml.match(/<testsuite /g)).toHaveLength(total);
    expect(xml).toMatch(/<testsuites [^>]*failures="0"/);
  });
});
