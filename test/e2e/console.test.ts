// The sandbox console on a plain start (the service as `npm start` runs it, no setting: real clock,
// no SVC_WEBHOOK_ALLOW_LOCAL), in headless Chromium at 1280 and 390 px side by side, each width with
// an account of its own, through the UI only: an account and its keys, reloads that make no key,
// the built-in receiver, an ABN registration and a Form 484 lodged and moved, their events delivered,
// signed and one resent, business accounts through the partner, a PPSR search and its PDF, an alert,
// monitoring with Simulate, a failed request found by its Request-Id and copied as curl, a
// conformance run; axe-core finds no violation on any page, nothing leaves the origin, and a refused
// token or a sign-out leaves no session behind.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Download } from 'playwright-core';
import { chromiumAvailable, launchChromium } from '../support/chromium.js';
import { axeViolations, openWindow, overflow, signIn, type ConsoleWindow } from '../support/console-browser.js';
import { ConsoleFlow, type PageId } from '../support/console-flows.js';
import { startPlainService, type PlainService } from '../support/plain-service.js';
import { PAGES } from '../../console/src/route.js';

const WIDTHS = [1280, 390] as const;

describe('the sandbox console on a plain start', () => {
  let service: PlainService;
  let browser: Browser;
  const outside: string[] = [];
  const windows: ConsoleWindow[] = [];
  const flows: ConsoleFlow[] = [];
  const secretKeys: string[] = [];
  const failed: string[] = [];

  /** The same step at both widths at once, each on its own account. */
  const both = <T>(step: (flow: ConsoleFlow, i: number) => Promise<T>): Promise<T[]> => Promise.all(flows.map(step));

  beforeAll(async () => {
    if (!chromiumAvailable()) throw new Error("Chromium not found at /usr/bin/chromium: install Debian's chromium (.ci/run does).");
    [service, browser] = await Promise.all([startPlainService(), launchChromium()]);
    for (const width of WIDTHS) {
      const window = await openWindow(browser, service.url, width, outside);
      windows.push(window);
      flows.push(new ConsoleFlow(window.page, service.url));
    }
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('serves the console with a strict Content-Security-Policy and names each page in the title', async () => {
    const response = await fetch(`${service.url}/console/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(await response.text()).not.toMatch(/https?:\/\//);
    const page = windows[0]!.page;
    await page.goto(`${service.url}/console/`);
    await page.getByLabel('Operator token').fill('adm_not-the-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('refused');
    await both((flow, i) => signIn(flow.page, service.url, service.adminToken).then(() => windows[i]!.page.title()));
    expect(await page.title()).toBe('Accounts · Sandbox console');
    await flows[0]!.go('ppsr-alerts');
    expect(await page.title()).toBe('PPSR alerts · Sandbox console');
  });

  it('makes an account and copies its key; reloading twice makes no key and keeps the account', async () => {
    const made = await both((flow, i) => flow.createAccount(`Console ${WIDTHS[i]} Pty Ltd`));
    for (const { secretKey, copied } of made) {
      expect(secretKey).toMatch(/^svc_sk_test_[0-9A-Za-z]{32}$/);
      expect(copied).toBe(secretKey);
      secretKeys.push(secretKey);
    }
    // The session's key revoked (after a confirmation): the console offers to make one, and makes one.
    await both((flow) => flow.revokeSessionKey());
    await both((flow) => flow.makeSessionKey('webhooks'));
    // The page may first show the account it had while it reads it again: wait for the read.
    const before = ['5 keys, 4 active', '5 keys, 4 active'];
    await expect.poll(() => both((flow) => flow.keyCount())).toEqual(before);
    for (let reload = 0; reload < 2; reload += 1)
      await both(async (flow) => {
        await flow.reload('webhooks');
        // The kept key is used: no offer to make another.
        await flow.page.getByRole('heading', { name: 'Webhook endpoints (test)' }).waitFor();
      });
    expect(await both((flow) => flow.keyCount())).toEqual(before);
    // Until the reloaded page has read the account list, the select holds the kept id with no option
    // for it yet, and Chromium shows "(none)" checked: wait for the read, as for the key count.
    await expect
      .poll(() => both((flow) => flow.page.getByLabel('Account', { exact: true }).locator('option:checked').textContent()))
      .toEqual([expect.stringContaining('Console 1280 Pty Ltd'), expect.stringContaining('Console 390 Pty Ltd')]);
  });

  it('registers the built-in receiver from the event type checklist', async () => {
    const endpoints = await both((flow) => flow.registerReceiver());
    for (const text of endpoints) expect(text).toContain('/sandbox/webhook-receiver/ok');
    // The note about SVC_WEBHOOK_ALLOW_LOCAL is for URLs of one's own machine only, and only once refused.
    expect(await windows[0]!.page.getByText('SVC_WEBHOOK_ALLOW_LOCAL').count()).toBe(0);
  });

  it('lodges an ABN registration and a Form 484 from the document examples, moves them, and sees their events', async () => {
    const abn = await both((flow) => flow.lodge('abn_registration'));
    for (const { summary } of abn) expect(summary).toMatch(/^ABN registration \d+ lodged: status new\.$/);
    const shown = await both((flow, i) => flow.openLodgement('abn_registration', abn[i]!.requestId));
    expect(shown).toEqual([
      { focused: true, inView: true },
      { focused: true, inView: true },
    ]);
    expect(await both((flow) => flow.move('finished'))).toEqual([
      'Sends abn_registration.status_changed.',
      'Sends abn_registration.status_changed.',
    ]);
    const form = await both((flow) => flow.lodge('form484'));
    for (const { summary } of form) expect(summary).toMatch(/^Form 484 \d+ lodged: document number \w{9}, status new\.$/);
    await both(async (flow) => {
      await flow.page
        .getByTestId('lodgement-detail')
        .getByText(/^Form 484, request \d+$/)
        .waitFor();
      expect(await flow.move('submitted')).toBe('Sends no event.');
      expect(await flow.move('manual review')).toBe('Sends form484.status_changed.');
      expect(await flow.move('finished')).toBe('Sends form484.status_changed.');
    });
    const events = await both((flow) => flow.causedEvents(2));
    for (const list of events)
      expect(list.map((e) => e.replace(/ · \d{4}-.*$/, '')).sort()).toEqual([
        'form484.status_changed · status finished · delivery succeeded',
        'form484.status_changed · status manual review · delivery succeeded',
      ]);
  });

  it('shows the deliveries signed, verified in the page, and resends one', async () => {
    const deliveries = await both((flow) => flow.deliveries(3));
    for (const list of deliveries) {
      expect(list.length).toBe(3);
      for (const text of list) expect(text).toMatch(/ · succeeded · 1 attempt · /);
    }
    const resent = await both((flow) => flow.resendNewest());
    for (const { said, after } of resent) {
      expect(said).toMatch(/^Resent dlv_\w+: (attempt 2 is queued|the delivery is succeeded)\.$/);
      expect(after).toContain('succeeded · 2 attempts');
    }
    const received = await flows[0]!.received(4);
    expect(received.filter((r) => r.includes('signature verified with the signing secret of we_')).length).toBeGreaterThanOrEqual(4);
  });

  it('shows a refused lodgement as field lines with its Request-Id, and finds it on the Requests page to copy as curl', async () => {
    const refusals = await both((flow) => flow.failLodgement());
    for (const { lines, requestId } of refusals) {
      expect(lines).toEqual(['generalInformation.acn: Must be 9 digits with a valid ACN checksum.']);
      expect(requestId).toMatch(/^req_/);
      failed.push(requestId);
    }
    const found = await both((flow, i) => flow.findRequest(failed[i]!));
    for (const [i, { status, requestBody, curl, sdk }] of found.entries()) {
      expect(status).toBe('422');
      expect(requestBody).toContain('"acn": "100000012"');
      expect(curl).toContain(`curl -X POST '${service.url}/api/test/v2/asic-484-forms'`);
      expect(curl).toContain('-H "Authorization: Bearer $SVC_KEY"');
      expect(curl).toContain('"acn":"100000012"');
      expect(curl).not.toContain(secretKeys[i]!);
      expect(sdk).toContain('await createForm484Lodgement({');
    }
    const rows = await both((flow) => flow.filterRequests('4xx', '/asic-484-forms'));
    for (const [i, list] of rows.entries()) expect(list.some((row) => row.includes('422') && row.includes(failed[i]!))).toBe(true);
    const searched = await both((flow, i) => flow.filterRequests('', '/asic-484-forms', failed[i]!));
    for (const [i, list] of searched.entries()) expect(list).toEqual([expect.stringContaining(failed[i]!)]);
  });

  it('applies for business accounts: one activated through the partner, one rejected for +reject, masked until activation', async () => {
    const activated = await both((flow) => flow.apply('company', 'normal'));
    await both((flow, i) => flow.partnerMoves(activated[i]!.requestId, 'finished'));
    for (const rows of await both((flow, i) => flow.readApplication(activated[i]!.requestId))) {
      expect(rows[0]).toBe('statusfinished');
      expect(rows[1]).toMatch(/^bsb\d{6}$/);
      expect(rows[2]).toMatch(/^accountNumber\d+$/);
    }
    const rejected = await both((flow) => flow.apply('rejected', 'reject'));
    for (const rows of await both((flow, i) => flow.readApplication(rejected[i]!.requestId))) {
      // The worker hands a new application to the partner at once: `new` or already `sent`, masked either way.
      expect(rows[0]).toMatch(/^status(new|sent)$/);
      expect(rows[1]).toBe('bsb****** (masked until activation)');
    }
    await both((flow, i) => flow.partnerMoves(rejected[i]!.requestId, 'rejected'));
  });

  it('searches the PPSR: tables of vehicle, registrations and certificates, the certificate PDF, a bad VIN as a field line', async () => {
    expect(await both((flow) => flow.search('vin', '1HGCM82633A004352'))).toEqual(['completed', 'completed']);
    await both(async (flow) => {
      const page = flow.page;
      expect(await page.getByTestId('registrations').textContent()).toContain('1HGCM82633A004352');
      await page.getByRole('region', { name: 'Vehicles' }).getByText('HONDA ACCORD').waitFor();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="certificate"]')?.textContent?.includes('completed'),
        undefined,
        {
          timeout: 15_000,
        },
      );
      const [download] = await Promise.all([
        page.waitForEvent('download') as Promise<Download>,
        page
          .getByRole('button', { name: /^Download .* \(PDF\)$/ })
          .first()
          .click(),
      ]);
      expect(
        readFileSync(await download.path())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      await page.getByLabel('Search for').fill('1HGCM82633A00435');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('alert').locator('li').first().waitFor();
      expect(await page.getByRole('alert').locator('li').allTextContents()).toEqual([expect.stringMatching(/^vin: /)]);
    });
  });

  it('makes a PPSR alert whose event arrives when a registration is added against the organisation', async () => {
    for (const events of await both((flow) => flow.alert()))
      expect(events.some((e) => /^ppsr\.alert\.grantor_registration_changed · ACN 100000011 · delivery succeeded/.test(e))).toBe(true);
  });

  it('monitors an entity and simulates a name change, with feedback and the D-50 sentence', async () => {
    for (const { said, events } of await both((flow) => flow.monitorAndSimulate())) {
      expect(said).toMatch(/^Simulated name_change on entity \d+: event \d+ ".+" stored and sent\.$/);
      expect(events[0]).toMatch(/^name_change · .* · simulated$/);
    }
    expect(await windows[0]!.page.getByText(/test entities are not checked against the registers/).count()).toBe(1);
  });

  it('runs a conformance check', async () => {
    expect(await flows[0]!.conformance()).toMatch(/^2 of 2 operations conforming · \d+ requests/);
  });

  it('on the real clock disables advancing and says how to start with the manual clock', async () => {
    await both(async (flow) => {
      await flow.go('clock');
      await flow.page.getByTestId('real-clock').waitFor();
      expect(await flow.page.getByRole('button', { name: 'Advance 1 hour' }).isDisabled()).toBe(true);
      expect(await flow.page.getByRole('button', { name: 'Advance to this time' }).isDisabled()).toBe(true);
    });
  });

  it('every page has no axe violation and fits its width', async () => {
    const problems = (
      await both(async (flow, i) => {
        const found: string[] = [];
        for (const [id] of PAGES) {
          await flow.go(id as PageId);
          await flow.page.waitForLoadState('networkidle');
          for (const v of await axeViolations(flow.page)) found.push(`${id} at ${WIDTHS[i]} px: ${v}`);
          const wider = await overflow(flow.page);
          if (wider > 0) found.push(`${id} at ${WIDTHS[i]} px: ${wider} px wider than the window`);
        }
        return found;
      })
    ).flat();
    expect(problems).toEqual([]);
  });

  it('returns to sign-in with a message when the service refuses the token (a restart with another token)', async () => {
    const page = windows[1]!.page;
    await page.evaluate(() => sessionStorage.setItem('svc-console-session', 'adm_from-before-a-restart'));
    await page.reload();
    await page.getByLabel('Operator token').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('The service refused the operator token');
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).toBe('{}');
  });

  it('signs out revoking the keys it made, leaving no token or key in storage, URL or log', async () => {
    const page = windows[0]!.page;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Operator token').waitFor();
    const storage = await page.evaluate(() => JSON.stringify({ session: { ...sessionStorage }, local: { ...localStorage } }));
    expect(storage).not.toContain(service.adminToken);
    expect(storage).not.toContain('svc_sk_test_');
    const account = (await (
      await fetch(`${service.url}/admin/accounts`, { headers: { Authorization: `Bearer ${service.adminToken}` } })
    ).json()) as {
      data: { name: string; keys: { status: string }[] }[];
    };
    const mine = account.data.find((a) => a.name === 'Console 1280 Pty Ltd')!;
    expect(mine.keys.filter((k) => k.status === 'active')).toHaveLength(3);
    for (const window of windows) {
      expect(window.urls.filter((url) => url.includes(service.adminToken) || secretKeys.some((key) => url.includes(key)))).toEqual([]);
      expect(window.consoleLines.filter((line) => line.includes(service.adminToken))).toEqual([]);
    }
    const log = service
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(log.length).toBeGreaterThan(10);
    expect(log.filter((line) => line.includes(service.adminToken))).toEqual([]);
  });

  it('asked nothing of another origin and raised no script error', () => {
    expect(outside).toEqual([]);
    expect(windows.flatMap((w) => w.pageErrors)).toEqual([]);
  });
});
