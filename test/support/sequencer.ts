// The order Vitest starts test files in. Within each group, a project's files run one after another
// (a project whose longest file is longer starts first), and within a project the longest file starts
// first. Why both:
// - A worker is reused for the next file only when that file belongs to the same project (Vitest's
//   pool); otherwise the worker is stopped and a new one imports the project's module graph again,
//   10 to 25 s on CI's 2-core machine under load. Files in longest-first order across projects made a
//   worker switch project about 30 times in a run (summed "import" 110 s).
// - Longest first (longest processing time first) lets the two workers finish together instead of
//   one running a long file alone at the end; projects whose files are all short come last.
// - A file in another test environment (a `@vitest-environment` comment, e.g. happy-dom) cannot reuse
//   a worker of the project's default one either: the worker that finishes just before it is stopped,
//   and the one that takes the next default file imports the module graph again. Such files come
//   last in their project, each environment's together, so the project's workers run every default
//   file first.
// Vitest's own order (BaseSequencer) is by project name, then by the last run's durations, which a
// fresh clone does not have, so it falls back to file size: a short file that runs for a minute (a
// child process, a browser) would start last. The durations below come from a whole CI run; a file
// not listed counts as short. Refresh them when a file's time changes by tens of seconds (`npx tsx
// scripts/sequencer-times.ts <a whole run's output>` prints the table): nothing fails if they drift,
// the run only packs less well. test/unit/sequencer.test.ts checks that every
// listed file exists.
import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds per `project:file` in a `.ci/run` of 2026-12-07 on a fresh clone, on M1 (files of 5 s or more; times under load). */
export const EXPECTED_SECONDS: Readonly<Record<string, number>> = {
  'e2e:test/e2e/svc-contract-pack.test.ts': 53,
  'e2e:test/e2e/adding-an-operation.test.ts': 51,
  'e2e:test/e2e/docs.test.ts': 47,
  'e2e:test/e2e/guides-fresh-project.test.ts': 44,
  'e2e:test/e2e/console.test.ts': 43,
  'integration:test/integration/monitoring/lifecycle.test.ts': 38,
  'integration:test/integration/webhooks/secrets.at-rest.test.ts': 38,
  'e2e:test/contract/mutants.test.ts': 35,
  'unit:test/spec/consumers/consumers.test.ts': 33,
  'unit:test/unit/http-request-validation.test.ts': 13,
  'e2e:test/contract/real-server.test.ts': 28,
  'integration:test/hostile/hostile-fuzz.property.test.ts': 28,
  'e2e:test/e2e/console-rough-edges.test.ts': 21,
  'integration:test/integration/core/idempotency.crash.test.ts': 21,
  'e2e:test/e2e/proxy-replay.test.ts': 19,
  'e2e:test/e2e/npm-start-stop.test.ts': 18,
  'e2e:test/e2e/cli-package.test.ts': 17,
  'e2e:test/replay/integration-traffic.test.ts': 17,
  'unit:test/spec/lint.test.ts': 17,
  'e2e:test/e2e/packages.test.ts': 16,
  'integration-postgres:test/integration/core/idempotency.crash.test.ts': 16,
  'integration:test/hostile/robustness.property.test.ts': 16,
  'e2e:test/contract/portman.test.ts': 15,
  'e2e:test/contract/report.test.ts': 15,
  'integration-postgres:test/integration/monitoring/lifecycle.test.ts': 15,
  'e2e:test/e2e/sdk-package.test.ts': 14,
  'integration:test/integration/core/scale-out.soak.test.ts': 14,
  'integration:test/integration/ppsr/processes.shared.test.ts': 14,
  'e2e:test/e2e/npm-start.test.ts': 13,
  'e2e:test/contract/example-dates.test.ts': 12,
  'e2e:test/e2e/frontend-package.test.ts': 11,
  'unit:test/spec/drift.test.ts': 11,
  'unit:test/unit/spec-diff.test.ts': 10,
  'e2e:test/e2e/clock-from-start.test.ts': 9,
  'e2e:test/e2e/console-manual-clock.test.ts': 9,
  'integration:test/hostile/hostile-unauthenticated.test.ts': 9,
  'integration-postgres:test/integration/security/every-operation.security.test.ts': 8,
  'e2e:test/contract/planted.test.ts': 7,
  'e2e:test/contract/workflow.test.ts': 7,
  'integration-postgres:test/integration/webhooks/delivery.engine.test.ts': 7,
  'unit:test/unit/pglite-wal.test.ts': 7,
  'integration:test/integration/monitoring/orders.shared.test.ts': 6,
  'integration:test/integration/security/every-operation.security.test.ts': 6,
  'integration:test/integration/webhooks/delivery.durability.test.ts': 6,
  'e2e:test/e2e/doc-examples.test.ts': 5,
  'integration-postgres:test/integration/cli/cli.happy.test.ts': 5,
  'integration-postgres:test/integration/core/rate-limit.test.ts': 5,
  'integration:test/integration/core/manual-clock.shared.test.ts': 5,
  'integration:test/integration/monitoring/checks.crash.test.ts': 5,
  'integration:test/integration/webhooks/delivery.engine.test.ts': 5,
  'unit:test/spec/examples.test.ts': 5,
};

/** What the order needs to know of a file. */
export interface PlannedFile {
  readonly group: number;
  readonly project: string;
  /** `project:path` as in EXPECTED_SECONDS. */
  readonly key: string;
  /** Its place in Vitest's own order: breaks ties among the short files. */
  readonly position: number;
  /** The test environment its `@vitest-environment` comment names; absent for the project's own. */
  readonly environment?: string;
}

/**
 * Files grouped by group, then project (longest file first), then environment (the project's own first),
 * then longest first, then Vitest's order.
 */
export function startOrder<T extends PlannedFile>(files: readonly T[], expected: Readonly<Record<string, number>> = EXPECTED_SECONDS): T[] {
  const seconds = (file: T): number => expected[file.key] ?? 0;
  const longestOf = new Map<string, number>();
  const firstOf = new Map<string, number>();
  for (const file of files) {
    longestOf.set(file.project, Math.max(longestOf.get(file.project) ?? 0, seconds(file)));
    firstOf.set(file.project, Math.min(firstOf.get(file.project) ?? Infinity, file.position));
  }
  return [...files].sort(
    (a, b) =>
      a.group - b.group ||
      longestOf.get(b.project)! - longestOf.get(a.project)! ||
      firstOf.get(a.project)! - firstOf.get(b.project)! ||
      (a.environment ?? '').localeCompare(b.environment ?? '') ||
      seconds(b) - seconds(a) ||
      a.position - b.position,
  );
}

/** The environment a file's `@vitest-environment NAME` comment names, found as Vitest finds it (its pattern). */
export function docblockEnvironment(path: string): string | undefined {
  return /@(?:vitest|jest)-environment\s+([\w-]+)\b/.exec(readFileSync(path, 'utf8'))?.[1];
}

function fileKey(spec: TestSpecification): string {
  const root = spec.project.config.root.replace(/\/$/, '');
  return `${spec.project.name}:${spec.moduleId.slice(root.length + 1)}`;
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const planned = base.map((spec, position) => ({
      spec,
      position,
      group: spec.project.config.sequence.groupOrder,
      project: spec.project.name,
      key: fileKey(spec),
      environment: docblockEnvironment(spec.moduleId),
    }));
    return startOrder(planned).map((file) => file.spec);
  }
}
