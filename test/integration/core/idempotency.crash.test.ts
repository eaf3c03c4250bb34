// Crash-safe idempotency: a real server process is SIGKILLed at random points of
// bursts of idempotent POSTs (POST /webhooks, rotate-secret, POST /abn/registrations), restarted on the
// same data and every key retried: every committed effect is returned by its key, no key has two
// effects and no answer received before a kill is lost (test/support/crash-soak.ts says how).
// The engine is this run's: PGlite on a data directory, or PostgreSQL when TEST_DATABASE_URL is set
// (the suite's PostgreSQL run). 6 rounds here, about 13 s on PGlite on CI's machine (a run of 6 had 68
// answers before a kill and 40 requests cut off); `npm run soak:crash` runs 50 per engine.
import { describe, expect, it } from 'vitest';
import { detailLine, runCrashSoak, summaryLine, type Engine } from '../../support/crash-soak.js';

const engine: Engine = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const rounds = Number(process.env.CRASH_ROUNDS ?? 6);

describe(`idempotent POSTs survive SIGKILL (${engine})`, () => {
  it(`${rounds} rounds of burst, kill, restart and retry: no duplicate, nothing lost`, async () => {
    const report = await runCrashSoak({ engine, rounds });
    process.stderr.write(`[crash soak] ${engine}: ${summaryLine(report)}\n[crash soak] ${detailLine(report)}\n`);
    expect(report.problems).toEqual([]);
    expect(report.duplicates).toBe(0);
    expect(report.lost).toBe(0);
    expect(report.rounds).toBe(rounds);
    // The kills landed where they matter: some answers were received before a kill and some requests were cut off.
    expect(report.answered).toBeGreaterThan(0);
    expect(report.committedUnanswered + report.ranOnRetry).toBeGreaterThan(0);
  }, 600_000);
});
