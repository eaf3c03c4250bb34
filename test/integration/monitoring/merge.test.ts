// Merging an ABN entity into its company (spec 3.4 "Merge", spec 8): when the register shows that the
// ABN of an ABN-only entity belongs to a company the account also monitors, the company entity gets
// the ABN entity's remaining paid days once (expiry + remaining days, at most 2 years ahead of today)
// and the ABN entity's id answers 404. Whichever of the two the daily check reaches first, the days
// are credited once: the check reads its batch before it merges, so the row it reaches second is
// stale, and a merge that went by it must not hand the days out again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMonitoringEntity } from '../../../generated/client/index.js';
import { isValidAbn } from '../../../schemas/common/identifiers.js';
import type { TestAccount, TestServer } from '../../support/harness.js';
import { startDeliveryServer } from '../webhooks/delivery.support.js';
import { acnFrom, advance, client, order, registerChange, runJob } from './support.js';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startDeliveryServer();
  account = await server.createAccount({ plan: 'enterprise' });
});
afterAll(async () => {
  await server?.close();
});

const DAY = 86_400;

/** Valid ABNs from a start number (any valid ABN is an active sole trader in the simulated ABR). */
function abnAfter(start: number): string {
  for (let n = start; ; n++) if (isValidAbn(String(n))) return String(n);
}

async function entity(id: number) {
  const answer = await getMonitoringEntity({ client: client(server, account, 'live'), path: { id } });
  return { status: answer.response.status, data: answer.data };
}

/** The Brisbane calendar date of the service clock (UTC+10, no daylight saving). */
function brisbaneToday(): string {
  return new Date(server.clock.now().getTime() + 10 * 3600_000).toISOString().slice(0, 10);
}

function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY * 1000).toISOString().slice(0, 10);
}

function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (DAY * 1000));
}

function plusYears(date: string, years: number): string {
  return `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;
}

async function mergeCase(rows: 'company first' | 'abn first', seed: number) {
  const acn = acnFrom(seed);
  const abn = abnAfter(seed * 1000 + 10_000_000_000);
  const first = await order(server, account, rows === 'company first' ? [{ acn }] : [{ abn }], 'live');
  // The second entity is ordered 40 days later, so expiry + remaining days stays under the 2-year cap
  // and a second credit would show.
  await advance(server, 40 * DAY);
  const second = await order(server, account, rows === 'company first' ? [{ abn }] : [{ acn }], 'live');
  await advance(server, 1);
  const [company, holder] =
    rows === 'company first' ? [first.entities[0]!, second.entities[0]!] : [second.entities[0]!, first.entities[0]!];
  expect(rows === 'company first' ? company.id < holder.id : holder.id < company.id).toBe(true);

  const companyBefore = (await entity(company.id)).data!;
  const holderBefore = (await entity(holder.id)).data!;
  expect(companyBefore).toMatchObject({ status: 'active', monitoringStatus: 'active', abn: null });
  expect(holderBefore).toMatchObject({ status: 'active', monitoringStatus: 'active' });
  const today = brisbaneToday();
  const remaining = daysFrom(today, holderBefore.expiresAt);
  const cap = plusYears(today, 2);
  const expected = plusDays(companyBefore.expiresAt, remaining);
  expect(expected < cap, `${expected} should be under the cap ${cap}`).toBe(true);

  await registerChange(server, 'PATCH', `/companies/${acn}`, { abn });
  await runJob(server, 'monitoring-daily-check');

  const merged = (await entity(company.id)).data!;
  expect(merged).toMatchObject({ acn, abn, status: 'active' });
  expect(merged.expiresAt).toBe(expected);
  expect((await entity(holder.id)).status).toBe(404);
  // A second round finds nothing more to merge.
  await advance(server, DAY);
  expect((await entity(company.id)).data!.expiresAt).toBe(expected);
}

describe('merging an ABN entity into its company credits its remaining days once', () => {
  it('the company entity reached first: expiry = company expiry + the ABN entity`s remaining days', async () => {
    await mergeCase('company first', 73_000_001);
  });

  it('the ABN entity reached first: the same expiry', async () => {
    await mergeCase('abn first', 73_000_002);
  });
});
