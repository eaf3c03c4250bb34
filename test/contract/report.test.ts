// The pull-request report, end to end through the three commands the workflow runs: the Markdown
// of a planted breaking change (`npm run spec:diff -- --format md`), of a run against planted
// failing operations (`npm run contract -- --report md`) and the two combined (`npm run report`)
// are compared with committed expected files in test/contract/expected/, after the parts that
// change from run to run (ports, generated ids and keys, timings) are normalised. A change to a
// report's wording updates those files: UPDATE_EXPECTED=1 npx vitest run test/contract/report.test.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PREFIX } from '../../scripts/contract/in-process.js';
import { isContractResultFile, type ContractResultFile } from '@registry-svc/contract';
import { buildDiffReport, type DiffReport } from '../../scripts/spec-diff/diff-report.js';
import { semverLine } from '../../scripts/spec-diff/report-md.js';
import type { OpenApiDocument } from '../../scripts/spec-diff/types.js';
import { loadDocument } from '../support/document.js';
import { startContractServer, type ContractServer } from './contract-server.js';
import { plantedHandlers, startFrontApp, type FrontApp } from './planted-app.js';
import { runScript, type CliOutcome } from './run-cli.js';

type Json = Record<string, unknown>;

const EXPECTED = join(import.meta.dirname, 'expected');
const FULL = loadDocument();

function obj(value: unknown): Json {
  if (typeof value !== 'object' || value === null) throw new Error('expected an object in the document');
  return value as Json;
}

/**
 * A copy of the document with only these paths (and webhooks); components stay for the $refs. Its
 * version is fixed, so the semver verdicts below do not move with each release of the real one.
 */
function cutDocument(paths: string[], webhooks: string[] = []): Json {
  const copy = structuredClone(FULL);
  copy.info = { ...obj(FULL.info), version: '2.0.0' };
  copy.paths = Object.fromEntries(paths.map((path) => [path, obj(FULL.paths)[path]]));
  copy.webhooks = Object.fromEntries(webhooks.map((name) => [name, obj(FULL.webhooks)[name]]));
  return copy;
}

function deref(doc: Json, node: unknown): Json {
  const ref = obj(node).$ref;
  if (typeof ref !== 'string') return obj(node);
  return ref
    .slice(2)
    .split('/')
    .reduce<Json>((at, key) => obj(at[key]), doc);
}

function schemaOf(doc: Json, path: string, method: string, where: 'request' | string): Json {
  const operation = obj(obj(obj(doc.paths)[path])[method]);
  const holder = where === 'request' ? obj(operation.requestBody) : obj(obj(operation.responses)[where]);
  return deref(doc, obj(obj(holder.content)['application/json']).schema);
}

function properties(schema: Json): Json {
  return obj(schema.properties);
}

/**
 * Ports, generated ids, keys and secrets, timings, the base commit (its hash follows the whole
 * document's components): what differs between two runs of the same report.
 */
function normaliseReport(text: string, replacements: [string, string][] = []): string {
  let out = text;
  for (const [from, to] of replacements) out = out.split(from).join(to);
  return (
    out
      .replace(/http:\/\/127\.0\.0\.1:\d+/g, 'http://127.0.0.1:<port>')
      .replace(/\bsvc_(sk|pk)_(test|live)_[A-Za-z0-9]{32}\b/g, 'svc_$1_$2_<key>')
      .replace(/\bwhsec_[A-Za-z0-9]+/g, 'whsec_<secret>')
      .replace(/\b(we|req|dlv|acct|key)_[A-Za-z0-9]{20,}\b/g, '$1_<id>')
      .replace(/\d+ requests in \d+(\.\d+)? s/g, '<n> requests in <t> s')
      // Idempotency keys the runner makes per request (random UUIDs).
      .replace(/\b(svc-contract|hostile)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, '$1-<uuid>')
      .replace(/waited \d+(\.\d+)? s/g, 'waited <t> s')
      .replace(/`[0-9a-f]{12}`/g, '`<commit>`')
  );
}

/** Compares with the committed file, or writes it when UPDATE_EXPECTED=1. */
function expectMatchesFile(actual: string, name: string): void {
  const file = join(EXPECTED, name);
  if (process.env.UPDATE_EXPECTED === '1' || !existsSync(file)) {
    if (process.env.CI === 'true') throw new Error(`${file} is missing: generate it with UPDATE_EXPECTED=1 and commit it`);
    mkdirSync(EXPECTED, { recursive: true });
    writeFileSync(file, actual);
  }
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Report Test',
  GIT_AUTHOR_EMAIL: 'report-test@example.com',
  GIT_AUTHOR_DATE: '2026-11-22T00:00:00Z',
  GIT_COMMITTER_NAME: 'Report Test',
  GIT_COMMITTER_EMAIL: 'report-test@example.com',
  GIT_COMMITTER_DATE: '2026-11-22T00:00:00Z',
};

const CHANGELOG = '# Changelog\n\n## 2.0.0 — 2026-11-22\n\n- First published V2 contract.\n';

/** Breaking and compatible changes a reviewer must be able to tell apart at a glance. */
function plantBreakingChange(doc: Json): void {
  const endpoint = schemaOf(doc, '/webhooks/{id}', 'patch', '200');
  delete properties(endpoint).url;
  endpoint.required = (endpoint.required as string[]).filter((name) => name !== 'url');
  // A nullable enum is published as `anyOf: [{enum}, {type: null}]` (schemas/common/nullable-enums.ts).
  const reason = obj((obj(properties(endpoint).disabledReason).anyOf as Json[])[0]);
  reason.enum = [...(reason.enum as unknown[]), 'suspended'];
  const create = schemaOf(doc, '/webhooks', 'post', 'request');
  properties(create).label = { type: 'string', maxLength: 100 };
  create.required = [...(create.required as string[]), 'label'];
  delete obj(doc.webhooks)['monitoring.expired'];
  obj(obj(obj(doc.paths)['/webhooks']).get).description = 'Lists the endpoints of the calling key.';
  obj(doc.paths)['/webhooks/{id}/ping'] = {
    post: { ...structuredClone(obj(obj(obj(FULL.paths)['/webhooks/{id}/rotate-secret']).post)), operationId: 'pingWebhookEndpoint' },
  };
}

/**
 * The one spec:diff run of the planted breaking change, shared by the diff's own tests and the
 * combined report (which reads its JSON): the JSON file is written whatever the standard-output
 * format, so one run is the same input for both, without a second repository and CLI start.
 */
interface DiffRun {
  repo: string;
  outcome: CliOutcome;
}
let diffRun: Promise<DiffRun> | undefined;
function plantedDiff(): Promise<DiffRun> {
  diffRun ??= (async () => {
    const repo = mkdtempSync(join(tmpdir(), 'report-diff-'));
    mkdirSync(join(repo, 'spec'));
    const base = cutDocument(['/webhooks', '/webhooks/{id}'], ['monitoring.expired']);
    writeFileSync(join(repo, 'spec/openapi.json'), JSON.stringify(base, null, 2));
    writeFileSync(join(repo, 'CHANGELOG.md'), CHANGELOG);
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, env: GIT_ENV, stdio: 'pipe' });
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    const head = structuredClone(base);
    plantBreakingChange(head);
    writeFileSync(join(repo, 'spec/openapi.json'), JSON.stringify(head, null, 2));
    const outcome = await runScript('scripts/spec-diff/cli.ts', [
      '--base',
      'main',
      '--repo',
      repo,
      '--format',
      'md',
      '--json-out',
      join(repo, 'spec-diff.json'),
    ]);
    return { repo, outcome };
  })();
  return diffRun;
}

afterAll(async () => {
  if (diffRun) rmSync((await diffRun).repo, { recursive: true, force: true });
});

describe('spec:diff report of a planted breaking change', () => {
  let repo: string;
  let outcome: CliOutcome;

  beforeAll(async () => {
    ({ repo, outcome } = await plantedDiff());
  });

  it('fails the gate (exit status 1) and writes the JSON the combined report reads', () => {
    expect(outcome.code, outcome.stderr).toBe(1);
    const json = JSON.parse(readFileSync(join(repo, 'spec-diff.json'), 'utf8')) as DiffReport;
    expect(json.verdict.pass).toBe(false);
    expect(json.semver).toMatchObject({ bump: 'major', expectedVersion: '3.0.0', ok: false });
  });

  it('matches the committed Markdown: changes table, what a client feels, semver verdict, CHANGELOG entry', () => {
    expectMatchesFile(normaliseReport(outcome.stdout), 'spec-diff-breaking.md');
  });

  it('says what a client feels in terms of the operation and the field', () => {
    const json = JSON.parse(readFileSync(join(repo, 'spec-diff.json'), 'utf8')) as DiffReport;
    const impact = (pointer: RegExp) => json.changes.find((c) => pointer.test(c.pointer))?.impact;
    expect(impact(/~1webhooks~1\{id\}\/patch\/.*\/properties\/url$/)).toBe(
      '`url` no longer arrives in 200 answers of `PATCH /webhooks/{id}`: a client that reads it gets undefined',
    );
    expect(impact(/~1webhooks\/post\/.*\/required\/\d+$/)).toBe('Requests to `POST /webhooks` without `label` are refused (422)');
    expect(impact(/^\/webhooks\/monitoring\.expired/)).toBe('Endpoints subscribed to `monitoring.expired` no longer receive it');
    expect(impact(/~1webhooks~1\{id\}~1ping\/post$/)).toBe('A new operation, `POST /webhooks/{id}/ping`; existing calls are unchanged');
  });
});

describe('semver verdict and the CHANGELOG entry it expects', () => {
  const base = cutDocument(['/webhooks']) as OpenApiDocument;
  function report(change: (doc: Json) => void, version: string, changelog = CHANGELOG): DiffReport {
    const head = structuredClone(base) as Json;
    change(head);
    obj(head.info).version = version;
    return buildDiffReport({
      file: 'spec/openapi.json',
      ref: 'main',
      commit: '0'.repeat(40),
      base,
      head: head as OpenApiDocument,
      changelogFile: 'CHANGELOG.md',
      changelog,
    });
  }
  const optionalField = (doc: Json) => (properties(schemaOf(doc, '/webhooks', 'post', 'request')).label = { type: 'string' });
  const removedOperation = (doc: Json) => delete obj(obj(doc.paths)['/webhooks']).get;

  it('a compatible change without a new minor version: a warning (the gate passes) and the 2.1.0 entry to add', () => {
    const r = report(optionalField, '2.0.0');
    expect(r.verdict.pass).toBe(true);
    expect(r.semver).toMatchObject({ bump: 'minor', expectedVersion: '2.1.0', ok: false });
    expect(semverLine(r).text).toMatch(/^⚠️ .*should be at least 2\.1\.0, it is 2\.0\.0/);
    expect(r.changelog.suggested).toMatch(/^## 2\.1\.0 — YYYY-MM-DD\n\n- Changed: `label` may be sent to `POST \/webhooks`/);
  }, 60_000);

  it('the same change released as 2.1.0 with its CHANGELOG entry: all green', () => {
    const r = report(optionalField, '2.1.0', `${CHANGELOG}\n## 2.1.0 — 2026-12-01\n\n- Webhook endpoints take a label.\n`);
    expect(r.semver).toMatchObject({ bump: 'minor', ok: true });
    expect(r.changelog).toMatchObject({ version: '2.1.0', hasEntry: true });
    expect(r.changelog.suggested).toBeUndefined();
  }, 60_000);

  it('a breaking change released as 3.0.0: the gate passes, and the 3.0.0 entry is still asked for', () => {
    const r = report(removedOperation, '3.0.0');
    expect(r.verdict.pass).toBe(true);
    expect(r.semver).toMatchObject({ bump: 'major', ok: true });
    expect(r.changelog.suggested).toMatch(/^## 3\.0\.0 — YYYY-MM-DD\n\n- Breaking: Calls to `GET \/webhooks` get 404/);
  }, 60_000);

  it('a breaking change as a minor release fails semver; documentation alone needs a patch release', () => {
    expect(report(removedOperation, '2.1.0').semver).toMatchObject({ bump: 'major', expectedVersion: '3.0.0', ok: false });
    const docs = report((doc) => (obj(obj(obj(doc.paths)['/webhooks']).get).description = 'Reworded.'), '2.0.0');
    expect(docs.semver).toMatchObject({ bump: 'patch', expectedVersion: '2.0.1', ok: false });
  }, 60_000);
});

// Planted operations only (test/contract/planted-app.ts): a 500 on an edge input and on a digit in a
// name, auth not enforced, a resource still there after delete; three correct webhook operations;
// one pending (no handler: 501). The runner reads a copy of the document cut to these operations.
const PLANTED_PATHS = [
  '/helpers/industries',
  '/helpers/company-name-availability',
  '/webhooks',
  '/webhooks/{id}',
  '/webhooks/{id}/rotate-secret',
  '/webhooks/{id}/deliveries/{deliveryId}/resend',
];

describe('contract report of planted failing operations, and the combined report', () => {
  let contract: ContractServer;
  let front: FrontApp;
  let dir: string;
  let outcome: CliOutcome;
  let specFile: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'report-contract-'));
    specFile = join(dir, 'openapi.json');
    writeFileSync(specFile, JSON.stringify(cutDocument(PLANTED_PATHS)));
    contract = await startContractServer({ handlers: plantedHandlers() });
    const account = await contract.server.createAccount();
    front = await startFrontApp(contract.server.built.app, account.keys.secretTest);
    outcome = await runScript('scripts/contract/cli.ts', [
      '--base-url',
      `${front.url}${TEST_PREFIX}`,
      '--key',
      account.keys.secretTest,
      '--spec',
      specFile,
      '--seed',
      '484',
      '--max-examples',
      '30',
      '--max-coverage',
      '40',
      '--report',
      'md',
      '--json-out',
      join(dir, 'contract.json'),
      '--junit',
      join(dir, 'contract.xml'),
    ]);
  });

  afterAll(async () => {
    await front?.close();
    await contract?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('exits with status 1, the Markdown alone on standard output and the progress on standard error', () => {
    expect(outcome.code, outcome.stderr).toBe(1);
    expect(outcome.stdout.startsWith('## Conformance: ❌ ')).toBe(true);
    expect(outcome.stderr).toMatch(/^\[1\/8\] /m);
  });

  it('matches the committed Markdown: matrix, failures with curl reproductions, pending', () => {
    expectMatchesFile(normaliseReport(outcome.stdout, [[specFile, '<spec>']]), 'contract-planted.md');
  });

  it('writes a result file the combined report accepts, consistent with the JUnit', () => {
    const file: unknown = JSON.parse(readFileSync(join(dir, 'contract.json'), 'utf8'));
    expect(isContractResultFile(file)).toBe(true);
    const result = (file as ContractResultFile).result;
    expect(result.pending).toEqual(['resendWebhookDelivery']);
    const xml = readFileSync(join(dir, 'contract.xml'), 'utf8');
    expect(xml).toMatch(
      new RegExp(
        `<testsuites [^>]*failures="${result.operations.flatMap((o) => Object.values(o.cells)).filter((c) => c === 'fail').length}"`,
      ),
    );
  });

  it('npm run report: one document with the marker, the summary table and both sections, within a comment', async () => {
    const diff = await plantedDiff();
    expect(diff.outcome.code, diff.outcome.stderr).toBe(1);
    const output = join(dir, 'report.md');
    const report = await runScript('scripts/report/cli.ts', [
      '--spec-diff',
      join(diff.repo, 'spec-diff.json'),
      '--contract',
      join(dir, 'contract.json'),
      '--output',
      output,
      '--subtitle',
      'Commit `0123456789ab`, run 42.',
    ]);
    expect(report.code, report.stderr).toBe(0);
    const text = readFileSync(output, 'utf8');
    expect(text.length).toBeLessThan(65_000);
    expectMatchesFile(normaliseReport(text, [[specFile, '<spec>']]), 'pr-report.md');
  });

  it('npm run report without the contract result (its step failed) still reports, saying so', async () => {
    const report = await runScript('scripts/report/cli.ts', ['--contract', join(dir, 'missing.json')]);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toMatch(/^<!-- svc-contract-report -->\n# Contract checks\n/);
    expect(report.stdout).toContain('| Conformance | ⚠️ not produced: the step failed before writing its result (see the job log) |');
  });
});
