// Names in a business account application (spec 2.4, D-57): an invisible character in a director's,
// office holder's or the company's name is a 422 `invalid_format` at that field; the primary director
// is matched against the directors by the folded name (NFKC, case, spaces), so a fullwidth or
// lower-case spelling of a listed director is that director.
import { describe, expect } from 'vitest';
import { serverTestWithAccount } from '../../support/fixtures.js';
import type { TestAccount, TestServer } from '../../support/harness.js';
import { codesByPath, documentExamples, mutate, problemsOf, rawCall } from './support.js';

let server: TestServer;
let account: TestAccount;
const it = serverTestWithAccount((shared) => ({ server, account } = shared));

const company = documentExamples().company!;

describe('invisible characters in names', () => {
  it('refuses U+202E, U+200B and a tag character at each name field, with not_uppercase beside it where the name is lower case', async () => {
    const body = mutate(
      company,
      ['generalInformation.companyName', '\u202ESANDBOX TRADING PTY LTD'],
      ['accountInformation.directorsContacts.0.familyName', 'CITI\u200BZEN'],
      ['accountInformation.directorsContacts.1.givenName1', 'John\u200B'],
      ['accountInformation.primaryDirector.givenName1', 'JANE\u{E0020}'],
    );
    const codes = codesByPath(await problemsOf(server, account.keys.secretTest, body));
    expect(codes).toMatchObject({
      'generalInformation.companyName': ['invalid_format'],
      'accountInformation.directorsContacts.0.familyName': ['invalid_format'],
      'accountInformation.directorsContacts.1.givenName1': ['invalid_format', 'not_uppercase'],
      'accountInformation.primaryDirector.givenName1': ['invalid_format'],
    });
  });
});

describe('the primary director is found by the folded name', () => {
  it('accepts a fullwidth, lower-case spelling of a listed director', async () => {
    const body = mutate(
      company,
      ['accountInformation.primaryDirector.familyName', 'Ｃｉｔｉｚｅｎ'],
      ['accountInformation.primaryDirector.givenName1', ' jane '],
    );
    const answer = await rawCall(server, account.keys.secretTest, 'POST', '/business-accounts', JSON.stringify(body));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  });

  it('still refuses a director who is not listed', async () => {
    const body = mutate(company, ['accountInformation.primaryDirector.familyName', 'NOBODY']);
    expect(codesByPath(await problemsOf(server, account.keys.secretTest, body))).toEqual({
      'accountInformation.primaryDirector': ['primary_director_not_listed'],
    });
  });
});
