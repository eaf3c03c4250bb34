// Invisible characters that are neither Cc nor Cf (D-64): every Default_Ignorable_Code_Point, the
// Hangul fillers and U+2800, read from Unicode's data (the engine's property tables, the ICU copy of
// the Unicode Character Database), not a hand list. Over HTTP, for a sample of every run of the set
// and the eleven a probe found: each name field of the availability helper, Form 484, PPSR searches,
// business accounts and the operator API's accounts answers 422 `invalid_format` at the field; and
// a register name that holds one is still the same name when the helper compares (taken).
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { serverTestWithAccount } from '../../support/fixtures.js';
import { registerCompanies } from '../../../server/store/schema/index.js';
import type { TestAccount, TestServer } from '../../support/harness.js';
import { rawCall, withValue } from '../../support/requests.js';
import { documentExamples as form484Examples } from '../form484/support.js';
import { documentExamples as businessAccountExamples } from '../business-accounts/support.js';

let server: TestServer;
let account: TestAccount;
const it = serverTestWithAccount((shared) => ({ server, account } = shared));

const SEED = 20261206;
/** Random characters per field beyond the fixed examples (the eleven and both ends of every run). */
const RANDOM_RUNS = 12;

/** D-64's set, every plane: Default_Ignorable_Code_Point, the Hangul fillers and U+2800. */
const D64 = /[\p{Default_Ignorable_Code_Point}\u115F\u1160\u3164\uFFA0\u2800]/u;

/** The set as runs of consecutive code points (a default-ignorable block, or one filler), from Unicode's data. */
const RUNS: readonly (readonly [number, number])[] = (() => {
  const runs: [number, number][] = [];
  for (let code = 0; code <= 0x10ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    if (!D64.test(String.fromCodePoint(code))) continue;
    const last = runs[runs.length - 1];
    if (last && last[1] === code - 1) last[1] = code;
    else runs.push([code, code]);
  }
  return runs;
})();

/** The probe's eleven: none is Cc or Cf, each passed D-57. */
const PROBED = [0x034f, 0xfe00, 0xfe0f, 0xe0100, 0x3164, 0x115f, 0x1160, 0xffa0, 0x17b4, 0x180b, 0x2800];

const hex = (code: number): string => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/** A character of the set: any run, anywhere in it. */
const anyOfTheSet = fc.integer({ min: 0, max: RUNS.length - 1 }).chain((run) => fc.integer({ min: RUNS[run]![0], max: RUNS[run]![1] }));

/** The fixed examples every property starts with: the eleven and the first and last code point of every run. */
const FIXED: [number, number][] = [...new Set([...PROBED, ...RUNS.flatMap(([first, last]) => [first, last])])].map((code, i) => [code, i]);

/**
 * Runs `check` for every fixed example and RANDOM_RUNS random characters of the set, each put at a
 * position in `name`; returns the characters that failed (an empty list is the pass).
 */
async function everyInvisible(name: string, check: (variant: string) => Promise<boolean>): Promise<string[]> {
  const failed: string[] = [];
  await fc.assert(
    fc.asyncProperty(anyOfTheSet, fc.nat(), async (code, at) => {
      const position = at % (name.length + 1);
      const variant = `${name.slice(0, position)}${String.fromCodePoint(code)}${name.slice(position)}`;
      if (!(await check(variant))) failed.push(`${hex(code)} at ${position}`);
      return true;
    }),
    { seed: SEED, numRuns: FIXED.length + RANDOM_RUNS, examples: FIXED },
  );
  return failed;
}

/** True when an ApiError 422 names `invalid_format` at `field` (D-10). */
function apiInvalidAt(answer: { status: number; body: Record<string, unknown> }, field: string): boolean {
  const errors = (answer.body?.errors ?? {}) as Record<string, { code: string }[]>;
  return (
    answer.status === 422 && answer.body.error === 'validation_failed' && (errors[field] ?? []).some((e) => e.code === 'invalid_format')
  );
}

describe('the set, from Unicode data', () => {
  it('holds the eleven the probe found and none of them is Cc or Cf', () => {
    for (const code of PROBED) {
      expect(D64.test(String.fromCodePoint(code)), hex(code)).toBe(true);
      expect(/[\p{Cc}\p{Cf}]/u.test(String.fromCodePoint(code)), hex(code)).toBe(false);
    }
    expect(RUNS.length).toBeGreaterThan(10);
  });
});

describe('refused in every request name field: 422 invalid_format at the field', () => {
  it('company-name availability `name`', { timeout: 60_000 }, async () => {
    const failed = await everyInvisible('SANDBOX TRADING PTY LTD', async (name) =>
      apiInvalidAt(
        await rawCall(server, account.keys.secretTest, 'GET', `/helpers/company-name-availability?name=${encodeURIComponent(name)}`),
        'name',
      ),
    );
    expect(failed).toEqual([]);
  });

  it('Form 484 `generalInformation.companyName`', { timeout: 60_000 }, async () => {
    const example = form484Examples().registeredOffice!;
    const failed = await everyInvisible('SANDBOX TRADING PTY LTD', async (name) => {
      const body = withValue(example, 'generalInformation.companyName', name);
      const answer = await rawCall(server, account.keys.secretTest, 'POST', '/asic-484-forms', JSON.stringify(body));
      const problems = (answer.body?.errors ?? []) as { code: string; field: string }[];
      return (
        answer.status === 422 &&
        answer.body.response === null &&
        problems.some((p) => p.field === 'generalInformation.companyName' && p.code === 'invalid_format')
      );
    });
    expect(failed).toEqual([]);
  });

  it('PPSR search `organisationName`', { timeout: 60_000 }, async () => {
    const failed = await everyInvisible('SANDBOX TRADING PTY LTD', async (name) =>
      apiInvalidAt(
        await rawCall(server, account.keys.secretTest, 'POST', '/ppsr/searches', JSON.stringify({ organisationName: name })),
        'organisationName',
      ),
    );
    expect(failed).toEqual([]);
  });

  it("business account `generalInformation.companyName` and a director's `familyName`", { timeout: 60_000 }, async () => {
    const example = businessAccountExamples().company!;
    const failed = await everyInvisible('CITIZEN', async (name) => {
      let body = withValue(example, 'accountInformation.directorsContacts.0.familyName', name);
      body = withValue(body, 'generalInformation.companyName', `${name} HOLDINGS PTY LTD`);
      const answer = await rawCall(server, account.keys.secretTest, 'POST', '/business-accounts', JSON.stringify(body));
      return (
        apiInvalidAt(answer, 'accountInformation.directorsContacts.0.familyName') && apiInvalidAt(answer, 'generalInformation.companyName')
      );
    });
    expect(failed).toEqual([]);
  });

  it('operator API: an account `name`', { timeout: 60_000 }, async () => {
    const failed = await everyInvisible('Sandbox Trading', async (name) => {
      const answer = await server.admin<Record<string, unknown>>('POST', '/admin/accounts', {
        name,
        ownerEmail: 'owner@example.com',
        plan: 'standard',
        billing: 'card',
        cardStatus: 'valid',
      });
      return apiInvalidAt(answer, 'name');
    });
    expect(failed).toEqual([]);
  });
});

describe('ignored when names are compared', () => {
  /** A company the operator's register holds, written straight to the table (as one stored before D-64 could be). */
  async function storeCompany(acn: string, name: string): Promise<void> {
    await server.deps.db.delete(registerCompanies).where(eq(registerCompanies.acn, acn));
    await server.deps.db.insert(registerCompanies).values({ acn, record: { name, status: 'registered' }, updatedAt: server.clock.now() });
  }

  it('a register name holding any of them is the same name: the plain spelling is taken', { timeout: 60_000 }, async () => {
    const acn = '100000146';
    const failed = await everyInvisible('ZEPHYR HOLDINGS PTY LTD', async (stored) => {
      await storeCompany(acn, stored);
      const answer = await rawCall(
        server,
        account.keys.secretTest,
        'GET',
        `/helpers/company-name-availability?name=${encodeURIComponent('Zephyr Holdings Pty Ltd')}`,
      );
      const body = answer.body as { available?: boolean; conflicts?: { acn: string }[] };
      return answer.status === 200 && body.available === false && (body.conflicts ?? []).some((c) => c.acn === acn);
    });
    expect(failed).toEqual([]);
  });
});
