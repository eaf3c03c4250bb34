// docs/contributing.md "Adding an operation", followed on a scratch copy of the repository: its marked
// code blocks are applied as written (a definition, a domain verb, a handler, a test), then the copy
// is regenerated, type-checked and the new operation's own test run. Every list of operations is
// derived from the definitions, so no other hand-written file may need a change: the test counts the
// files touched outside spec/ and generated/.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The guide's promise: an operation is a definition, a domain verb, a handler and a test. */
const MOST_FILES_TOUCHED = 4;

interface Step {
  kind: 'import' | 'append' | 'create' | 'insert';
  file: string;
  after?: string;
  code: string;
}

/** The blocks of the guide marked `<!-- guide:KIND FILE [after: LINE] -->`, in the guide's order. */
function guideSteps(guide: string): Step[] {
  const marked = /<!-- guide:(import|append|create|insert) (\S+)(?: after: (.+?))? -->\n```ts\n([\s\S]*?)```/g;
  return [...guide.matchAll(marked)].map(([, kind, file, after, code]) => ({
    kind: kind as Step['kind'],
    file: file!,
    ...(after ? { after } : {}),
    code: code!,
  }));
}

function apply(root: string, step: Step): void {
  const path = join(root, step.file);
  if (step.kind === 'create') {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, step.code);
    return;
  }
  const text = readFileSync(path, 'utf8');
  if (step.kind === 'append') return writeFileSync(path, `${text.trimEnd()}\n\n${step.code}`);
  const lines = text.split('\n');
  // An import goes before the file's first import; an insertion after the line the guide names.
  const at = step.kind === 'import' ? lines.findIndex((line) => line.startsWith('import ')) : lines.indexOf(step.after ?? '') + 1;
  if (at <= 0 && step.kind === 'insert') throw new Error(`${step.file}: no line "${step.after}" to insert after`);
  lines.splice(Math.max(at, 0), 0, step.code.trimEnd());
  writeFileSync(path, lines.join('\n'));
}

/**
 * The child processes run as a contributor's would: no recording of this suite's traffic, no Vitest
 * state, and on the default engine, PGlite: neither the developer's TEST_DATABASE_URL nor CI's second
 * pass (SVC_POSTGRES_PASS_URL, which would run the new test again on PostgreSQL, with a second
 * project's transform and migrations, for an operation the integration suite covers on both engines).
 */
function childEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env))
    if (/^VITEST|^SVC_RECORD_TRAFFIC$|^SVC_REPLAY_TRAFFIC$|^SVC_POSTGRES_PASS_URL$|^TEST_DATABASE_URL$|^FORCE_COLOR$/.test(name))
      delete env[name];
  return { ...env, NO_COLOR: '1' };
}

async function inCopy(dir: string, command: string, args: string[]): Promise<string> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd: dir, env: childEnv(), maxBuffer: 64 * 1024 * 1024 });
    return `${stdout}${stderr}`;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${failed.stdout ?? ''}${failed.stderr ?? ''}\n${failed.message}`.slice(0, 8000));
  }
}

let scratch: string;
let copy: string;
const guide = readFileSync(join(ROOT, 'docs/contributing.md'), 'utf8');

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'svc-guide-'));
  copy = join(scratch, 'repo');
  const { stdout } = await run('git', ['ls-files', '-z'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  for (const file of stdout.split('\0').filter(Boolean)) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    try {
      cpSync(join(ROOT, file), join(copy, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error; // deleted in the working tree
    }
  }
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  const git = ['-c', 'user.name=guide', '-c', 'user.email=guide@example.com', '-c', 'commit.gpgsign=false'];
  await inCopy(copy, 'git', ['init', '-q']);
  writeFileSync(join(copy, '.git/info/exclude'), 'node_modules\n');
  await inCopy(copy, 'git', ['add', '-A']);
  await inCopy(copy, 'git', [...git, 'commit', '-q', '-m', 'before the guide']);
}, 60_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('adding an operation as docs/contributing.md says', () => {
  it('the guide marks a definition, a domain verb, a handler and a test to write', () => {
    const steps = guideSteps(guide);
    expect(steps.map((s) => `${s.kind} ${s.file}`)).toEqual([
      'import schemas/helpers/paths.ts',
      'append schemas/helpers/paths.ts',
      'create server/domain/helpers/ping.ts',
      'import server/routes/helpers.ts',
      'insert server/routes/helpers.ts',
      'create test/integration/helpers/ping.test.ts',
    ]);
    for (const step of steps) apply(copy, step);
  });

  it('npm run generate puts the operation in the document and the SDK', async () => {
    await inCopy(copy, 'npm', ['run', 'generate']);
    const document = JSON.parse(readFileSync(join(copy, 'spec/openapi.json'), 'utf8')) as {
      paths: Record<string, { get?: { operationId?: string } }>;
    };
    expect(document.paths['/helpers/ping']?.get?.operationId).toBe('getPing');
    expect(readFileSync(join(copy, 'generated/client/sdk.gen.ts'), 'utf8')).toContain('export const getPing');
  }, 120_000);

  it('tsc accepts the new definition, verb, handler and test', async () => {
    // The guide's `npm run typecheck`, over the files the operation touches and everything they import
    // (schemas, the server, the generated SDK, the test support): what the new operation can break.
    const config = join(scratch, 'tsconfig.guide.json');
    writeFileSync(
      config,
      JSON.stringify({
        extends: join(copy, 'tsconfig.json'),
        compilerOptions: { typeRoots: [join(copy, 'node_modules/@types')] },
        include: [join(copy, 'schemas'), join(copy, 'server'), join(copy, 'test/integration/helpers/ping.test.ts')],
      }),
    );
    await inCopy(copy, 'npm', ['run', 'typecheck', '--', '-p', config]);
  }, 150_000);

  it('the new operation’s test passes', async () => {
    const output = await inCopy(copy, join(copy, 'node_modules/.bin/vitest'), ['run', 'test/integration/helpers/ping.test.ts']);
    // Its two tests, on PGlite only (childEnv), never with a failure.
    expect(output).toMatch(/Tests\s+2 passed \(2\)/);
    expect(output).not.toMatch(/failed/);
  }, 120_000);

  it(`touches at most ${MOST_FILES_TOUCHED} hand-written files`, async () => {
    const status = await inCopy(copy, 'git', ['status', '--porcelain', '--untracked-files=all']);
    const touched = status
      .split('\n')
      .filter(Boolean)
      .map((line) => line.slice(3))
      .filter((file) => !file.startsWith('spec/') && !file.startsWith('generated/'));
    expect(touched.sort()).toEqual(
      [
        'schemas/helpers/paths.ts',
        'server/domain/helpers/ping.ts',
        'server/routes/helpers.ts',
        'test/integration/helpers/ping.test.ts',
      ].sort(),
    );
    expect(touched.length).toBeLessThanOrEqual(MOST_FILES_TOUCHED);
  });
});
