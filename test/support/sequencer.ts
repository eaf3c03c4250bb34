// The order Vitest starts test files in: longest first within each group, so the two workers of CI's
// 2-core machine finish together instead of one running a long file alone at the end (longest
// processing time first). Vitest's own order (BaseSequencer) is by project name, then by the last
// run's durations, which a fresh clone does not have, so it falls back to file size: a short file
// that runs for a minute (a child process, a browser) would start last. The durations below come
// from a whole `.ci/run` (its reporter prints each file's time); a file not listed counts as short.
// Refresh them when a file's time changes by tens of seconds: nothing fails if they drift, the run
// only packs less well. test/unit/sequencer.test.ts checks that every listed file exists.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds per `project:file` in the CI run of 2026-11-29 01:30 UTC (files of 5 s or more; times under load). */
export const EXPECTED_SECONDS: Readonly<Record<string, number>> = {
  'replay:test/replay/integration-traffic.test.ts': 80,
  'integration:test/integration/monitoring/lifecycle.test.ts': 55,
  'contract:test/contract/mutants.test.ts': 49,
  'e2e:test/e2e/svc-contract-pack.test.ts': 41,
  'hostile:test/hostile/hostile-fuzz.property.test.ts': 35,
  'e2e:test/e2e/console.test.ts': 35,
  'e2e:test/e2e/adding-an-operation.test.ts': 31,
  'integration:test/integration/core/idempotency.crash.test.ts': 28,
  'hostile:test/hostile/robustness.property.test.ts': 25,
  'e2e:test/e2e/docs.test.ts': 22,
  'integration:test/integration/security/every-operation.security.test.ts': 20,
  'spec:test/spec/consumers/consumers.test.ts': 19,
  'unit:test/unit/spec-diff.test.ts': 17,
  'integration-postgres:test/integration/monitoring/lifecycle.test.ts': 16,
  'contract:test/contract/real-server.test.ts': 13,
  'hostile:test/hostile/hostile-unauthenticated.test.ts': 12,
  'spec:test/spec/lint.test.ts': 11,
  'integration-postgres:test/integration/core/idempotency.crash.test.ts': 11,
  'contract:test/contract/report.test.ts': 10,
  'contract:test/contract/portman.test.ts': 10,
  'integration:test/integration/ppsr/processes.shared.test.ts': 9,
  'e2e:test/e2e/proxy-replay.test.ts': 9,
  'integration-postgres:test/integration/webhooks/delivery.engine.test.ts': 8,
  'integration-postgres:test/integration/security/every-operation.security.test.ts': 8,
  'e2e:test/e2e/doc-examples.test.ts': 8,
  'integration:test/integration/webhooks/secrets.at-rest.test.ts': 7,
  'integration:test/integration/core/scale-out.soak.test.ts': 7,
  'e2e:test/e2e/prism.test.ts': 7,
  'e2e:test/e2e/mock-parity.test.ts': 7,
  'e2e:test/e2e/console-manual-clock.test.ts': 7,
  'spec:test/spec/drift.test.ts': 6,
  'integration-postgres:test/integration/ppsr/happy.test.ts': 6,
  'integration-postgres:test/integration/core/rate-limit.test.ts': 6,
  'e2e:test/e2e/npm-start.test.ts': 6,
  'contract:test/contract/planted.test.ts': 6,
  'integration:test/integration/webhooks/delivery.engine.test.ts': 5,
  'integration:test/integration/core/rate-limit.test.ts': 5,
};

function fileKey(spec: TestSpecification): string {
  const root = spec.project.config.root.replace(/\/$/, '');
  return `${spec.project.name}:${spec.moduleId.slice(root.length + 1)}`;
}

function expectedSeconds(spec: TestSpecification): number {
  return EXPECTED_SECONDS[fileKey(spec)] ?? 0;
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Vitest's order breaks ties among the short files (last run's durations when there is a cache).
    const base = await super.sort(files);
    const position = new Map(base.map((spec, index) => [spec, index]));
    return [...base].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        expectedSeconds(b) - expectedSeconds(a) ||
        position.get(a)! - position.get(b)!,
    );
  }
}
