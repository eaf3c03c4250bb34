// The contract runner (the svc-contract package, `npm run contract`) run by the service against its own test
// API, for the sandbox console's Conformance page. The target is this process's own
// address, never a host the caller names, so the operator token the runner uses to make its account
// never leaves the process.
import { randomInt } from 'node:crypto';
import { CHECKS, listOperations, loadDocument, runContract } from '@registry-svc/contract';
import type { AppDeps } from '../../deps.js';
import { fromRoot } from '../../root.js';
import { ValidationError } from '../errors.js';
import { callerText } from '../../../schemas/common/caller-text.js';
import type { VerbArgs } from '../verb.js';

export interface ConformanceInput {
  operations?: string[] | undefined;
  maxExamples: number;
  seed?: number | undefined;
}

export async function runConformance({ ctx, input }: VerbArgs<Pick<AppDeps, 'config'> & { ownOrigin: string }, ConformanceInput>) {
  // From the repository's root: `npm start` runs this file bundled into build/server.mjs, where a path
  // relative to this module would point elsewhere.
  const document = await loadDocument(fromRoot('spec/openapi.json'));
  const known = new Set(listOperations(document).map((op) => op.id));
  const unknown = (input.operations ?? []).filter((id) => !known.has(id));
  if (unknown.length > 0)
    throw new ValidationError(
      Object.fromEntries(
        unknown.map((id) => [
          `operations.${input.operations!.indexOf(id)}`,
          [{ code: 'unknown_operation', message: `No such operation in the public document: ${callerText(id)}.` }],
        ]),
      ),
    );
  const result = await runContract({
    baseUrl: `${ctx.ownOrigin}/api/test/v2`,
    adminToken: ctx.config.adminToken,
    seed: input.seed ?? randomInt(0, 2_147_483_647),
    maxExamples: input.maxExamples,
    maxCoverage: input.maxExamples * 10,
    document,
    log: () => undefined,
    // The console waits on this answer: as before pacing, at most two minutes of rate-limit waits.
    maxWaitSeconds: 120,
    // The service's own clock is not this run's to move by hours (its users' sandbox runs on it).
    keepClock: true,
    ...(input.operations && input.operations.length > 0 ? { operations: input.operations } : {}),
  });
  // The runner lists every operation of the document; a run of some shows only those.
  const chosen = input.operations && input.operations.length > 0 ? new Set(input.operations) : undefined;
  const shown = chosen ? result.operations.filter((op) => chosen.has(op.id)) : result.operations;
  return {
    seed: result.seed,
    checks: [...CHECKS],
    operations: shown.map((op) => ({
      operationId: op.id,
      method: op.method,
      path: op.path,
      status: op.status,
      requests: op.requests,
      cells: op.cells,
    })),
    failures: result.failures.map((f) => ({
      operationId: f.operationId,
      check: f.check,
      phase: f.phase,
      message: f.message,
      curl: f.curl,
    })),
    skipped: (result.skipped ?? []).filter((s) => !chosen || !s.operationId || chosen.has(s.operationId)),
    unreached: (result.unreached ?? [])
      .filter((u) => !chosen || chosen.has(u.id))
      .map((u) => ({ operationId: u.id, lastAnswer: u.lastAnswer })),
    conforming: shown.filter((op) => op.status === 'conforming').length,
    total: shown.length,
    requests: result.requests,
    durationMs: Math.round(result.durationMs),
  };
}
