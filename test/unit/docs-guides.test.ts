// The guides as the docs page shows them (scripts/docs/guides.ts): the numbered files of docs/guide/
// in order, then CHANGELOG.md as "Release notes"; the guides' repository links to CHANGELOG.md become
// the page's anchor of the release notes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readGuides } from '../../scripts/docs/guides.js';

describe('readGuides', () => {
  const guides = readGuides();

  it('ends with the release notes: the whole CHANGELOG.md under its own title', () => {
    const notes = guides.at(-1)!;
    expect(notes).toMatchObject({ title: 'Release notes', slug: 'release-notes' });
    const changelog = readFileSync('CHANGELOG.md', 'utf8');
    expect(notes.body).toBe(changelog.slice(changelog.indexOf('\n') + 1).trim());
    expect(guides.slice(0, -1).map((guide) => guide.file)).toEqual(
      guides
        .slice(0, -1)
        .map((guide) => guide.file)
        .sort(),
    );
  });

  it("links the Versions guide to the release notes' anchor", () => {
    const versions = guides.find((guide) => guide.title === 'Versions and deprecation')!;
    expect(readFileSync('docs/guide/08-versions.md', 'utf8')).toContain('](../../CHANGELOG.md)');
    expect(versions.body).toContain('[release notes](#/release-notes)');
    expect(versions.body).not.toContain('CHANGELOG.md');
  });
});
