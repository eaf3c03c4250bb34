// The start order's table of expected durations names real files: a renamed or deleted file would
// silently start with the short ones and leave a long file for the end of the run.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPECTED_SECONDS } from '../support/sequencer.js';

const ROOT = join(import.meta.dirname, '../..');
const PROJECTS = ['unit', 'svc-contract', 'integration', 'integration-postgres', 'hostile', 'spec', 'e2e', 'contract', 'replay'];

describe('the longest-first sequencer', () => {
  it.each(Object.keys(EXPECTED_SECONDS))('%s is a test file of a project', (key) => {
    const [project, file] = key.split(':') as [string, string];
    expect(PROJECTS).toContain(project);
    expect(existsSync(join(ROOT, file))).toBe(true);
  });
});
