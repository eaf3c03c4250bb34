// The start order's table of expected durations names real files: a renamed or deleted file would
// silently start with the short ones and leave a long file for the end of the run.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPECTED_SECONDS, startOrder } from '../support/sequencer.js';

const ROOT = join(import.meta.dirname, '../..');
const PROJECTS = ['unit', 'svc-contract', 'integration', 'integration-postgres', 'hostile', 'spec', 'e2e', 'contract', 'replay'];

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

  it("keeps Vitest's order among projects and files with no expected time", () => {
    const files = [file(0, 'spec', 'x.ts', 0), file(0, 'hostile', 'y.ts', 1), file(0, 'spec', 'z.ts', 2)];
    expect(startOrder(files, {}).map((f) => f.key)).toEqual(['spec:x.ts', 'spec:z.ts', 'hostile:y.ts']);
  });
});
