// The production shape (architecture.md "Scale-out"): 2 API processes and 2 workers on one fresh
// PostgreSQL database, concurrent clients placing paid monitoring orders, PPSR searches and Form 484
// lodgements with Idempotency-Keys across both APIs, one API process and one worker SIGKILLed
// mid-burst and restarted (test/support/scale-out-soak.ts). Counted from the database at the end:
// nothing lost, nothing duplicated, one charge per paid key, every job done once. A short run here;
// `npm run soak:scale-out` runs a longer one.
import { describe, expect, it } from 'vitest';
import { assertPostgres, probePostgres } from '../../support/postgres.js';
import { runScaleOutSoak, scaleOutDetail, scaleOutSummary } from '../../support/scale-out-soak.js';

const WHAT = 'the scale-out soak (2 API processes and 2 workers on one PostgreSQL)';
const probe = await probePostgres(WHAT);

describe.skipIf(!probe.available && !probe.required)(WHAT, () => {
  it('concurrent paid requests across both APIs, a kill mid-burst: 0 lost, 0 duplicated, one charge per paid key', async () => {
    assertPostgres(probe, WHAT);
    const report = await runScaleOutSoak({ clients: 6, requestsPerClient: 9, accounts: 2 });
    process.stderr.write(`[scale-out soak] ${scaleOutSummary(report)}\n[scale-out soak] ${scaleOutDetail(report)}\n`);
    expect(report.problems).toEqual([]);
    expect(report.lost).toBe(0);
    expect(report.duplicated).toBe(0);
    expect(report.charges).toBe(report.paidKeys);
    expect(report.paidKeys).toBe(report.byOp.order + report.byOp.ppsr);
    expect(report.jobs.done).toBe(report.jobs.total);
    expect(report.jobs.duplicateSteps).toBe(0);
    // The kill landed mid-burst: some answers came before it and the clients had to go around it.
    expect(report.killedAfter).toBeGreaterThan(0);
    expect(report.killedAfter).toBeLessThan(report.keys);
  }, 300_000);
});
