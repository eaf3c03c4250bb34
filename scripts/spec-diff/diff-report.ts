// Everything the gate concluded, in one serialisable shape: printed as text, as Markdown for the pull
// request, or as JSON (`--format json`, `--json-out`) that `npm run report` renders later.
import { compareDocuments } from './classify.js';
import { decide, type GateVerdict } from './gate.js';
import { clientImpact } from './impact.js';
import { changelogEntry, changelogHasEntry, semverVerdict, type SemverVerdict } from './semver.js';
import type { OpenApiDocument, SpecChange } from './types.js';

export const DIFF_REPORT_FORMAT = 'svc-spec-diff/1';

export interface ImpactedChange extends SpecChange {
  /** What a client (or a webhook receiver) feels. */
  impact: string;
}

export interface DiffReport {
  format: typeof DIFF_REPORT_FORMAT;
  /** The document compared, relative to the repository. */
  file: string;
  base: { ref: string; commit: string; version?: string; missing: boolean };
  head: { version?: string };
  changes: ImpactedChange[];
  verdict: GateVerdict;
  semver: SemverVerdict;
  changelog: {
    file: string;
    /** The version CHANGELOG.md needs an entry for (the head's when it moved, else the expected one). */
    version?: string;
    hasEntry: boolean;
    /** The entry to add when it is missing. */
    suggested?: string;
  };
}

export interface DiffInput {
  file: string;
  ref: string;
  commit: string;
  /** Undefined: the file does not exist at the base (nothing to break yet). */
  base?: OpenApiDocument;
  head: OpenApiDocument;
  changelogFile: string;
  changelog: string;
}

export function buildDiffReport(input: DiffInput): DiffReport {
  const baseVersion = input.base?.info?.version;
  const headVersion = input.head.info?.version;
  const changes: ImpactedChange[] = input.base
    ? compareDocuments(input.base, input.head).map((change) => ({ ...change, impact: clientImpact(change, input.base!, input.head) }))
    : [];
  const verdict = input.base
    ? decide(changes, baseVersion, headVersion)
    : {
        pass: true,
        breaking: 0,
        compatible: 0,
        majorRaised: false,
        reason: `${input.file} does not exist at the base: nothing to compare`,
      };
  const semver = semverVerdict(changes, baseVersion, headVersion);
  // The release this change goes out in: the head's version once it moved far enough, else the one it should move to.
  const version = semver.bump === 'none' ? undefined : semver.ok ? headVersion : semver.expectedVersion;
  const hasEntry = version === undefined || changelogHasEntry(input.changelog, version);
  return {
    format: DIFF_REPORT_FORMAT,
    file: input.file,
    base: { ref: input.ref, commit: input.commit, ...(baseVersion ? { version: baseVersion } : {}), missing: !input.base },
    head: { ...(headVersion ? { version: headVersion } : {}) },
    changes,
    verdict,
    semver,
    changelog: {
      file: input.changelogFile,
      ...(version ? { version } : {}),
      hasEntry,
      ...(version && !hasEntry ? { suggested: changelogEntry(version, changes) } : {}),
    },
  };
}

export function isDiffReport(value: unknown): value is DiffReport {
  return typeof value === 'object' && value !== null && (value as { format?: unknown }).format === DIFF_REPORT_FORMAT;
}
