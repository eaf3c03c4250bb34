// Refusals of the helper operations. Requests the SDK would itself refuse are sent with its request
// validator off, to prove the server refuses them too (422 validation_failed, every field named).
import { describe, expect } from 'vitest';
import { serverTestWithAccount } from '../../support/fixtures.js';
import { getCompanyNameAvailability, listIndustries } from '../../../generated/client/index.js';
import { sdkClient, type TestAccount, type TestServer } from '../../support/harness.js';

let server: TestServer;
let account: TestAccount;
const it = serverTestWithAccount((shared) => ({ server, account } = shared));

function secret() {
  return sdkClient(server, account.keys.secretTest);
}

const invalid = (field: string, code: string) => ({
  error: 'validation_failed',
  message: expect.any(String),
  errors: { [field]: [{ code, message: expect.any(String) }] },
});

describe('GET /helpers/company-name-availability refusals', () => {
  it('refuses a missing name', async () => {
    const { error, response } = await getCompanyNameAvailability({
      client: secret(),
      query: {} as { name: string },
      requestValidator: undefined,
    });
    expect(response.status).toBe(422);
    expect(error).toEqual(invalid('name', 'required'));
  });

  it('refuses an empty name and one over 200 characters', async () => {
    const empty = await getCompanyNameAvailability({ client: secret(), query: { name: '' }, requestValidator: undefined });
    expect(empty.response.status).toBe(422);
    expect(empty.error).toEqual(invalid('name', 'too_short'));
    const long = await getCompanyNameAvailability({ client: secret(), query: { name: 'A'.repeat(201) }, requestValidator: undefined });
    expect(long.response.status).toBe(422);
    expect(long.error).toEqual(invalid('name', 'too_long'));
  });

  it('refuses a name with no letters or digits, which could match nothing', async () => {
    const { error, response } = await getCompanyNameAvailability({ client: secret(), query: { name: '.,-!' } });
    expect(response.status).toBe(422);
    expect(error).toEqual(invalid('name', 'invalid_format'));
  });

  it('refuses a publishable key without an allowed origin', async () => {
    const { response } = await getCompanyNameAvailability({
      client: sdkClient(server, account.keys.publishableTest),
      query: { name: 'Harbour Lights Pty Ltd' },
    });
    expect(response.status).toBe(403);
  });
});

describe('GET /helpers/industries refusals', () => {
  it('refuses perPage over 100', async () => {
    const { error, response } = await listIndustries({ client: secret(), query: { perPage: 101 }, requestValidator: undefined });
    expect(response.status).toBe(422);
    expect(error).toEqual(invalid('perPage', 'too_big'));
  });

  it('refuses page 0 and a query over 100 characters', async () => {
    const page = await listIndustries({ client: secret(), query: { page: 0 }, requestValidator: undefined });
    expect(page.response.status).toBe(422);
    expect(page.error).toEqual(invalid('page', 'too_small'));
    const q = await listIndustries({ client: secret(), query: { q: 'x'.repeat(101) }, requestValidator: undefined });
    expect(q.response.status).toBe(422);
    expect(q.error).toEqual(invalid('q', 'too_long'));
  });
});
