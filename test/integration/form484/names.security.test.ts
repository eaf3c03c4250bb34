// Invisible characters in Form 484 names (D-57): a zero-width space, a right-to-left override or any
// other control or format character in `companyName`, a person's name or an organisation's name is a
// 422 `invalid_format` at that field, beside `not_uppercase` when the name also has lower case.
// Names in other scripts are not refused: spec 2.5 asks only for upper case.
import { describe, expect } from 'vitest';
import { serverTestWithAccount } from '../../support/fixtures.js';
import type { TestAccount, TestServer } from '../../support/harness.js';
import { documentExamples, lodge, problemsOf, withValue } from './support.js';

let server: TestServer;
let account: TestAccount;
const it = serverTestWithAccount((shared) => ({ server, account } = shared));

const examples = documentExamples();
const INVISIBLE = {
  'U+200B zero-width space': '\u200B',
  'U+202E right-to-left override': '\u202E',
  'U+2067 right-to-left isolate': '\u2067',
  'U+FEFF byte order mark': '\uFEFF',
  'U+E0001 language tag (outside the BMP)': '\u{E0001}',
  'U+0009 tab (a control character)': '\t',
};

async function codesAt(body: unknown, field: string): Promise<string[]> {
  const problems = await problemsOf(server, account.keys.secretTest, body);
  return problems.filter((p) => p.field === field).map((p) => p.code);
}

describe('invisible characters in names: 422 invalid_format at the field', () => {
  for (const [label, character] of Object.entries(INVISIBLE)) {
    it(`${label} in generalInformation.companyName`, async () => {
      const body = withValue(examples.registeredOffice!, 'generalInformation.companyName', `SANDBOX ${character}TRADING PTY LTD`);
      expect(await codesAt(body, 'generalInformation.companyName')).toEqual(['invalid_format']);
    });

    it(`${label} in an officer's family name and the signatory's given name`, async () => {
      let body = withValue(examples.officeHolderAppointment!, 'officeHolders.0.name.familyName', `NGU${character}YEN`);
      body = withValue(body, 'signature.name.givenName1', `${character}JANE`);
      const problems = await problemsOf(server, account.keys.secretTest, body);
      expect(problems.filter((p) => p.field === 'officeHolders.0.name.familyName').map((p) => p.code)).toEqual(['invalid_format']);
      expect(problems.filter((p) => p.field === 'signature.name.givenName1').map((p) => p.code)).toEqual(['invalid_format']);
    });
  }

  it("an alternate's nameOfDirector and a body corporate officer's organisationName", async () => {
    let body = withValue(examples.officeHolderAppointment!, 'officeHolders.1.offices.0.nameOfDirector.givenName1', 'MI\u200BNH');
    body = withValue(body, 'officeHolders.0.organisationName', 'NGUYEN\u202E HOLDINGS PTY LTD');
    const problems = await problemsOf(server, account.keys.secretTest, body);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'invalid_format', field: 'officeHolders.1.offices.0.nameOfDirector.givenName1' }),
        expect.objectContaining({ code: 'invalid_format', field: 'officeHolders.0.organisationName' }),
      ]),
    );
  });

  it('a name with lower case and an invisible character is both not_uppercase and invalid_format', async () => {
    const body = withValue(examples.registeredOffice!, 'generalInformation.companyName', 'Sandbox\u200B Trading Pty Ltd');
    expect((await codesAt(body, 'generalInformation.companyName')).sort()).toEqual(['invalid_format', 'not_uppercase']);
  });

  it('lower case alone is still only not_uppercase', async () => {
    const body = withValue(examples.registeredOffice!, 'generalInformation.companyName', 'Sandbox Trading Pty Ltd');
    expect(await codesAt(body, 'generalInformation.companyName')).toEqual(['not_uppercase']);
  });
});

describe('names in other scripts are lodged', () => {
  it.each([
    ['Chinese company name', 'generalInformation.companyName', '悉尼贸易有限公司'],
    ['all-Cyrillic company name', 'generalInformation.companyName', 'МОСКВА ТРЕЙДИНГ ПТИ ЛТД'],
    ['Greek officer name', 'officeHolders.0.name.familyName', 'ΠΑΠΑΔΟΠΟΥΛΟΣ'],
    ['accented officer name', 'officeHolders.0.name.givenName2', 'JOSÉ'],
  ])('%s', async (_label, path, value) => {
    const body = withValue(examples.officeHolderAppointment!, path, value);
    const lodged = await lodge(server, account.keys.secretTest, body);
    expect(lodged.requestId).toEqual(expect.any(Number));
  });
});
