// Look-alike names against the company-name availability helper (D-45, D-57): a taken name written
// in fullwidth letters, with a compatibility ligature, in Cyrillic letters drawn like Latin ones, or
// with an invisible character, must never come back `available: true`. Invisible characters are
// refused (422 invalid_format at `name`); the others are found as conflicts. Ordinary names in other
// scripts stay available.
import { describe, expect } from 'vitest';
import { serverTestWithAccount } from '../../support/fixtures.js';
import { registerCompanies } from '../../../server/store/schema/index.js';
import type { TestAccount, TestServer } from '../../support/harness.js';
import { rawCall } from '../../support/requests.js';

let server: TestServer;
let account: TestAccount;
const it = serverTestWithAccount((shared) => ({ server, account } = shared));

/** The taken name of the sandbox register (sandbox.md "Simulated registers": ACN 100 000 011). */
const TAKEN = { name: 'SANDBOX TRADING PTY LTD', acn: '100000011' };

async function ask(name: string) {
  return rawCall(server, account.keys.secretTest, 'GET', `/helpers/company-name-availability?name=${encodeURIComponent(name)}`);
}

async function answer(name: string) {
  const reply = await ask(name);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as { normalisedName: string; available: boolean; conflicts: { name: string; acn: string }[]; reason?: string };
}

/** A company the operator put on the register (sandbox.md "Operator API"). */
async function overrideCompany(acn: string, name: string): Promise<void> {
  await server.deps.db.insert(registerCompanies).values({ acn, record: { name, status: 'registered' }, updatedAt: server.clock.now() });
}

describe('variants of a taken name are not available', () => {
  it('fullwidth letters (ＳＡＮＤＢＯＸ ＴＲＡＤＩＮＧ) are the same name after NFKC', async () => {
    const found = await answer('ＳＡＮＤＢＯＸ ＴＲＡＤＩＮＧ ＰＴＹ ＬＴＤ');
    expect(found).toMatchObject({ normalisedName: TAKEN.name, available: false, conflicts: [TAKEN] });
    expect(found.reason).toBeUndefined();
  });

  it('compatibility ligatures and letter forms (ﬁ, ĳ, ℍ, mathematical bold) are the same name after NFKC', async () => {
    expect(await answer('Sandbox Motor ﬁnance Pty Ltd')).toMatchObject({
      available: false,
      conflicts: [{ name: 'SANDBOX MOTOR FINANCE PTY LTD', acn: '100000119' }],
    });
    expect(await answer('ℍarbour Lights Investments Pty Ltd')).toMatchObject({
      normalisedName: 'HARBOUR LIGHTS INVESTMENTS PTY LTD',
      available: false,
    });
    expect(await answer('𝐒𝐀𝐍𝐃𝐁𝐎𝐗 Trading Pty Ltd')).toMatchObject({ available: false, conflicts: [TAKEN] });
    await overrideCompany('100000128', 'IJSSEL TRADING PTY LTD');
    expect(await answer('ĳssel Trading Pty Ltd')).toMatchObject({
      normalisedName: 'IJSSEL TRADING PTY LTD',
      available: false,
      conflicts: [{ name: 'IJSSEL TRADING PTY LTD', acn: '100000128' }],
    });
  });

  it('Cyrillic letters drawn like Latin ones (АСМЕ) look identical: a conflict, with the reason', async () => {
    await overrideCompany('100000137', 'ACME PTY LTD');
    const cyrillic = await answer('АСМЕ PTY LTD'); // А, С, М, Е are Cyrillic
    expect(cyrillic).toMatchObject({ available: false, conflicts: [{ name: 'ACME PTY LTD', acn: '100000137' }] });
    expect(cyrillic.reason).toMatch(/Cyrillic or Greek/);
    // One look-alike letter inside a Latin word: mixed scripts, and the taken name it imitates.
    const mixed = await answer('SANDBOX TRАDING PTY LTD'); // the А is Cyrillic
    expect(mixed).toMatchObject({ available: false, conflicts: [TAKEN] });
    expect(mixed.reason).toMatch(/Mixes Latin letters with Cyrillic or Greek ones/);
    // Greek capitals too.
    expect(await answer('ΑСΜΕ Pty Ltd')).toMatchObject({ available: false });
  });

  it('a mixed-script word that imitates nothing taken is available but flagged', async () => {
    const found = await answer('ZАP NEVERTAKEN PTY LTD'); // the А is Cyrillic
    expect(found).toMatchObject({ available: true, conflicts: [] });
    expect(found.reason).toMatch(/Mixes Latin letters with Cyrillic or Greek ones/);
  });

  it.each([
    ['zero-width space', 'SANDBOX TRA\u200BDING PTY LTD'],
    ['zero-width joiner', 'SANDBOX\u200D TRADING PTY LTD'],
    ['right-to-left override', '\u202ESANDBOX TRADING PTY LTD'],
    ['left-to-right isolate', 'SANDBOX \u2066TRADING\u2069 PTY LTD'],
    ['word joiner', 'SAND\u2060BOX TRADING PTY LTD'],
    ['byte order mark', '\uFEFFSANDBOX TRADING PTY LTD'],
    ['soft hyphen', 'SAND\u00ADBOX TRADING PTY LTD'],
    ['tag character (outside the BMP)', 'SANDBOX TRADING\u{E0041} PTY LTD'],
    ['control character', 'SANDBOX\u0007 TRADING PTY LTD'],
  ])('%s: refused with 422 invalid_format at name', async (_label, name) => {
    const reply = await ask(name);
    expect(reply.status, JSON.stringify(reply.body)).toBe(422);
    expect(reply.body).toEqual({
      error: 'validation_failed',
      message: expect.any(String),
      errors: { name: [{ code: 'invalid_format', message: expect.any(String) }] },
    });
  });
});

describe('ordinary names in one script stay available', () => {
  it.each([
    ['Chinese', '悉尼贸易有限公司', '悉尼贸易有限公司'],
    ['all Cyrillic', 'Москва Трейдинг', 'МОСКВА ТРЕЙДИНГ'],
    ['all Greek', 'Αθήνα Εμπόριο', 'ΑΘΉΝΑ ΕΜΠΌΡΙΟ'],
    ['Latin with accents', 'Café Zürich Pty Ltd', 'CAFÉ ZÜRICH PTY LTD'],
    ['Devanagari with vowel signs', 'नमस्ते ट्रेडिंग', 'नमस्ते ट्रेडिंग'],
  ])('%s', async (_label, name, normalisedName) => {
    const found = await answer(name);
    expect(found).toMatchObject({ normalisedName, available: true, conflicts: [] });
    expect(found.reason).toBeUndefined();
  });
});
