// The start order's table of expected durations names real files: a renamed or deleted file would
// silently start with the short ones and leave a long file for the end of the run.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileSeconds, tableLines } from '../../scripts/sequencer-times.js';
import { docblockEnvironment, EXPECTED_SECONDS, startOrder } from '../support/sequencer.js';

const ROOT = join(import.meta.dirname, '../..');
const PROJECTS = ['unit', 'integration', 'integration-postgres', 'e2e'];

describe('the longest-first sequencer', () => {
  it.each(Object.keys(EXPECTED_SECONDS))('%s is a test file of a project', (key) => {
    const [project, file] = key.split(':') as [string, string];
    expect(PROJECTS).toContain(project);
    expect(existsSync(join(ROOT, file))).toBe(true);
  });
});

describe('the start order', () => {
  const file = (group: number, project: string, path: string, position: number) => ({
    group,
    project,
    key: `${project}:${path}`,
    position,
  });
  const expected = { 'e2e:long.ts': 60, 'e2e:mid.ts': 20, 'contract:longest.ts': 100, 'unit:mid.ts': 30, 'integration:a.ts': 5 };

  it("keeps each project's files together (a worker is reused only within a project), longest project first, longest file first", () => {
    const files = [
      file(1, 'unit', 'short.ts', 0),
      file(1, 'e2e', 'mid.ts', 1),
      file(1, 'unit', 'mid.ts', 2),
      file(1, 'contract', 'short.ts', 3),
      file(1, 'e2e', 'long.ts', 4),
      file(1, 'contract', 'longest.ts', 5),
      file(0, 'integration', 'b.ts', 6),
      file(0, 'integration', 'a.ts', 7),
      file(1, 'e2e', 'short.ts', 8),
    ];
    expect(startOrder(files, expected).map((f) => f.key)).toEqual([
      'integration:a.ts',
      'integration:b.ts',
      'contract:longest.ts',
      'contract:short.ts',
      'e2e:long.ts',
      'e2e:mid.ts',
      'e2e:short.ts',
      'unit:mid.ts',
      'unit:short.ts',
    ]);
  });

  it("puts a project's files of another test environment after its own, each environment's together", () => {
    const dom = (path: string, position: number) => ({ ...file(1, 'unit', path, position), environment: 'happy-dom' });
    const files = [
      file(1, 'unit', 'short.ts', 0),
      dom('dom-a.ts', 1),
      file(1, 'unit', 'mid.ts', 2),
      dom('dom-b.ts', 3),
      file(1, 'e2e', 'long.ts', 4),
    ];
    // dom-b is the longest unit file, and still runs after the default files.
    expect(startOrder(files, { ...expected, 'unit:dom-b.ts': 45 }).map((f) => f.key)).toEqual([
      'e2e:long.ts',
      'unit:mid.ts',
      'unit:short.ts',
      'unit:dom-b.ts',
      'unit:dom-a.ts',
    ]);
  });

  it('reads the environment a file names in its comment, as Vitest does', () => {
    expect(docblockEnvironment(join(ROOT, 'test/unit/react-query-msw.test.ts'))).toBe('happy-dom');
    expect(docblockEnvironment(join(ROOT, 'test/unit/sequencer.test.ts'))).toBeUndefined();
  });

  it("keeps Vitest's order among projects and files with no expected time", () => {
    const files = [file(0, 'spec', 'x.ts', 0), file(0, 'e2e', 'y.ts', 1), file(0, 'spec', 'z.ts', 2)];
    expect(startOrder(files, {}).map((f) => f.key)).toEqual(['spec:x.ts', 'spec:z.ts', 'e2e:y.ts']);
  });
});

describe('the table refreshed from a run (scripts/sequencer-times.ts)', () => {
  // Lines as Vitest's default reporter writes them on a terminal: colour codes around every part.
  const output = [
    ' \x1b[32m✓\x1b[39m \x1b[30m\x1b[42m e2e \x1b[49m\x1b[39m test/e2e/docs.test.ts \x1b[2m(\x1b[22m\x1b[2m10 tests\x1b[22m\x1b[2m)\x1b[22m\x1b[33m 43062\x1b[2mms\x1b[22m\x1b[39m',
    ' ✓  integration  test/integration/a.test.ts (1 test) 4400ms',
    ' ✓  integration  test/integration/a.test.ts (1 test) 5600ms',
    ' ❯  spec  test/spec/lint.test.ts (5 tests | 1 failed) 27.4s',
    '     ✓ a test inside a file, not a file line 9000ms',
  ].join('\n');

  it('reads each file line, in ms or s, keeping the longer of two reports of one file', () => {
    expect([...fileSeconds(output)]).toEqual([
      ['e2e:test/e2e/docs.test.ts', 43],
      ['integration:test/integration/a.test.ts', 6],
      ['spec:test/spec/lint.test.ts', 27],
    ]);
  });

  it('prints the files of 5 s or more, longest first, as entries of the table', () => {
    expect(tableLines(fileSeconds(output))).toEqual([
      "  'e2e:test/e2e/docs.test.ts': 43,",
      "  'spec:test/spec/lint.test.ts': 27,",
      "  'integration:test/integration/a.test.ts': 6,",
    ]);
  });
});
