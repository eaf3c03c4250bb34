// D-44 read the other way round: from the changes, the release `info.version` has to be at least
// (breaking: major; anything else on the wire: minor; documentation only: patch), whether the head's
// version moved that far, and the CHANGELOG.md entry that release needs. The gate (gate.ts) fails only
// a breaking change without a new major; a missing minor or patch bump is reported, not failed.
import { isDocumentationPointer } from './classify.js';
import type { SpecChange } from './types.js';

export type Bump = 'none' | 'patch' | 'minor' | 'major';

export interface SemverVerdict {
  bump: Bump;
  baseVersion?: string;
  headVersion?: string;
  /** The smallest version the head may carry: the base with the bump applied. */
  expectedVersion?: string;
  ok: boolean;
  message: string;
}

type Version = [number, number, number];

export function parseVersion(version: string | undefined): Version | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version ?? '');
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

export function requiredBump(changes: readonly SpecChange[]): Bump {
  if (changes.some((c) => c.severity === 'breaking')) return 'major';
  if (changes.some((c) => !isDocumentationPointer(c.pointer))) return 'minor';
  return changes.length > 0 ? 'patch' : 'none';
}

export function bumped(version: Version, bump: Bump): Version {
  if (bump === 'major') return [version[0] + 1, 0, 0];
  if (bump === 'minor') return [version[0], version[1] + 1, 0];
  if (bump === 'patch') return [version[0], version[1], version[2] + 1];
  return version;
}

const WHY: Record<Bump, string> = {
  major: 'breaking changes need a new major version',
  minor: 'compatible changes on the wire need a new minor version',
  patch: 'documentation changes need a new patch version',
  none: 'no contract change',
};

export function semverVerdict(
  changes: readonly SpecChange[],
  baseVersion: string | undefined,
  headVersion: string | undefined,
): SemverVerdict {
  const bump = requiredBump(changes);
  const versions = { ...(baseVersion ? { baseVersion } : {}), ...(headVersion ? { headVersion } : {}) };
  const base = parseVersion(baseVersion);
  const head = parseVersion(headVersion);
  if (!base || !head)
    return {
      bump,
      ...versions,
      ok: bump === 'none',
      message: `info.version is not semver (${baseVersion ?? '?'} → ${headVersion ?? '?'})`,
    };
  const expected = bumped(base, bump);
  const expectedVersion = expected.join('.');
  if (compare(head, base) < 0)
    return { bump, ...versions, expectedVersion, ok: false, message: `info.version went backwards (${baseVersion} → ${headVersion})` };
  if (bump === 'none') return { bump, ...versions, ok: true, message: `no contract change: info.version ${headVersion} is fine` };
  // A bigger step than needed is allowed (a release may gather changes); a smaller one is not.
  const farEnough =
    bump === 'major'
      ? head[0] > base[0]
      : bump === 'minor'
        ? compare(head, [base[0], base[1], Number.MAX_SAFE_INTEGER]) > 0
        : compare(head, base) > 0;
  return farEnough
    ? { bump, ...versions, expectedVersion, ok: true, message: `${WHY[bump]}: info.version ${baseVersion} → ${headVersion}` }
    : {
        bump,
        ...versions,
        expectedVersion,
        ok: false,
        message: `${WHY[bump]}: info.version should be at least ${expectedVersion}, it is ${headVersion}`,
      };
}

/** Whether CHANGELOG.md has a `## <version>` heading. */
export function changelogHasEntry(changelog: string, version: string): boolean {
  const escaped = version.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^##\\s+v?${escaped}(\\s|$)`, 'm').test(changelog);
}

/** The CHANGELOG.md entry the release needs (house style: `## 2.0.0 — 2026-11-22`, one bullet a change). */
export function changelogEntry(version: string, changes: readonly (SpecChange & { impact: string })[]): string {
  const lines = [`## ${version} — YYYY-MM-DD`, ''];
  const groups: [string, (c: SpecChange) => boolean][] = [
    ['Breaking', (c) => c.severity === 'breaking'],
    ['Changed', (c) => c.severity === 'compatible' && !isDocumentationPointer(c.pointer)],
    ['Documentation', (c) => isDocumentationPointer(c.pointer)],
  ];
  const seen = new Set<string>();
  for (const [label, belongs] of groups) {
    for (const change of changes.filter(belongs)) {
      // One bullet per thing a client feels: a shared schema reports the same change under each operation.
      const line = `- ${label}: ${change.impact}.`;
      if (!seen.has(line)) lines.push(line);
      seen.add(line);
    }
  }
  return lines.join('\n');
}
