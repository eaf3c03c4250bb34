// The helper operations end to end through the generated SDK: company name availability against the
// simulated ASIC register (D-45) and the ANZSIC 2006 industry search, with secret and publishable
// test keys. The harness checks every response against the document.
import { describe, expect } from 'vitest';
import { serverTestWithAccount } from '../../support/fixtures.js';
import { getCompanyNameAvailability, listIndustries } from '../../../generated/client/index.js';
import { registerCompanies } from '../../../server/store/schema/index.js';
import { sdkClient, TEST_START, type TestAccount, type TestServer } from '../../support/harness.js';

/** Publishable keys need an allowed origin; localhost always is (spec 5.4). */
const BROWSER = { Origin: 'http://localhost:3000' };

let server: TestServer;
let account: TestAccount;
const it = serverTestWithAccount((shared) => ({ server, account } = shared));

function secret() {
  return sdkClient(server, account.keys.secretTest);
}

function publishable() {
  return sdkClient(server, account.keys.publishableTest, '/api/test/v2', BROWSER);
}

async function availability(name: string) {
  const { data, response } = await getCompanyNameAvailability({ client: secret(), query: { name } });
  expect(response.status).toBe(200);
  if (!data) throw new Error('no body');
  return data;
}

/** What the operator API will write to `register_companies` (sandbox.md "Operator API"). */
async function overrideCompany(acn: string, record: Record<string, unknown>): Promise<void> {
  await server.deps.db.insert(registerCompanies).values({ acn, record, updatedAt: server.clock.now() });
}

describe('GET /helpers/company-name-availability', () => {
  it('finds SANDBOX TRADING PTY LTD identical to Sandbox Trading Proprietary Limited', async () => {
    expect(await availability('Sandbox Trading Proprietary Limited')).toEqual({
      name: 'Sandbox Trading Proprietary Limited',
      normalisedName: 'SANDBOX TRADING PTY LTD',
      available: false,
      conflicts: [{ name: 'SANDBOX TRADING PTY LTD', acn: '100000011' }],
      checkedAt: TEST_START.toISOString(),
    });
  });

  it('answers a publishable key from an allowed origin: an available name', async () => {
    const { data, response } = await getCompanyNameAvailability({ client: publishable(), query: { name: 'Harbour Lights Pty Ltd' } });
    expect(response.status).toBe(200);
    expect(data).toEqual({
      name: 'Harbour Lights Pty Ltd',
      normalisedName: 'HARBOUR LIGHTS PTY LTD',
      available: true,
      conflicts: [],
      checkedAt: TEST_START.toISOString(),
    });
  });

  it('ignores & against AND and punctuation', async () => {
    expect((await availability('Smith and Jones Pty. Ltd.')).conflicts).toEqual([{ name: 'SMITH & JONES PTY LTD', acn: '100000093' }]);
    expect((await availability('OBrien Consulting Ltd')).conflicts).toEqual([{ name: "O'BRIEN CONSULTING LIMITED", acn: '100000100' }]);
  });

  it('counts companies still on the register, not deregistered ones', async () => {
    expect((await availability('Sandbox Winding Up Pty Ltd')).available).toBe(false);
    expect((await availability('Sandbox Overseas Limited')).available).toBe(false);
    expect(await availability('Sandbox Deregistered Pty Ltd')).toMatchObject({ available: true, conflicts: [] });
  });

  it('finds the generated company of any valid ACN by its generated name', async () => {
    expect((await availability('Company 123 456 780 Pty Ltd')).conflicts).toEqual([
      { name: 'COMPANY 123 456 780 PTY LTD', acn: '123456780' },
    ]);
  });

  it('reads operator changes to the register', async () => {
    await overrideCompany('100000128', { name: 'HARBOUR LIGHTS PTY LTD', status: 'registered' });
    await overrideCompany('100000048', { name: 'SANDBOX ADMINISTRATION PTY LTD', status: 'deregistered' });
    expect((await availability('Harbour Lights Proprietary Limited')).conflicts).toEqual([
      { name: 'HARBOUR LIGHTS PTY LTD', acn: '100000128' },
    ]);
    expect((await availability('Company 100 000 128 Pty Ltd')).available).toBe(true);
    expect((await availability('Sandbox Administration Pty Ltd')).available).toBe(true);
  });

  it('stamps checkedAt with the service clock', async () => {
    server.clock.advance(90);
    expect((await availability('Harbour Lights Pty Ltd')).checkedAt).toBe(new Date(TEST_START.getTime() + 90_000).toISOString());
  });
});

describe('GET /helpers/industries', () => {
  it('searches titles by words, best matches first', async () => {
    const { data, response } = await listIndustries({ client: secret(), query: { q: 'takeaway food' } });
    expect(response.status).toBe(200);
    expect(data).toEqual({
      data: [
        { code: '451', title: 'Cafes, Restaurants and Takeaway Food Services', level: 'group', divisionCode: 'H' },
        { code: '4512', title: 'Takeaway Food Services', level: 'class', divisionCode: 'H' },
      ],
      meta: { currentPage: 1, perPage: 25, total: 2, lastPage: 1 },
    });
  });

  it('searches by code prefix with a publishable key', async () => {
    const { data, response } = await listIndustries({ client: publishable(), query: { q: '45' } });
    expect(response.status).toBe(200);
    expect(data?.data.map((industry) => industry.code)).toEqual(['45', '451', '452', '453', '4511', '4512', '4513', '4520', '4530']);
    expect(data?.data[0]).toEqual({ code: '45', title: 'Food and Beverage Services', level: 'subdivision', divisionCode: 'H' });
  });

  it('lists everything in classification order, paginated', async () => {
    const first = await listIndustries({ client: secret() });
    expect(first.data?.meta).toEqual({ currentPage: 1, perPage: 25, total: 825, lastPage: 33 });
    expect(first.data?.data[0]).toEqual({ code: 'A', title: 'Agriculture, Forestry and Fishing', level: 'division', divisionCode: 'A' });

    const second = await listIndustries({ client: secret(), query: { page: 2, perPage: 100 } });
    expect(second.data?.meta).toEqual({ currentPage: 2, perPage: 100, total: 825, lastPage: 9 });
    expect(second.data?.data).toHaveLength(100);

    const last = await listIndustries({ client: secret(), query: { page: 9, perPage: 100 } });
    expect(last.data?.data).toHaveLength(25);
    expect(last.data?.data.at(-1)?.code).toBe('9603');
  });

  it('answers an empty page with lastPage 1 when nothing matches', async () => {
    const { data } = await listIndustries({ client: secret(), query: { q: 'spaceship' } });
    expect(data).toEqual({ data: [], meta: { currentPage: 1, perPage: 25, total: 0, lastPage: 1 } });
  });
});
