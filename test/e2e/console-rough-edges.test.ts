// The sandbox console's rough edges, each as a team met it in Chromium (1280 px, the in-process test
// server): a Form 484 whose JSON does not parse is not sent; the lodge message goes when the form
// changes; fields are labelled in words with checkboxes for yes/no; a pattern is said in words; an
// operator API error offers no Requests link; the account chosen stays selected through a sign-out
// and a conformance run; the account's endpoints made with a revoked key are listed with their key;
// an open page does not fill the request log (D-70); a magic company's rename is refused; a business
// account read says what it spends first; locking asks first; table headings never wrap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchChromium } from '../support/chromium.js';
import { openWindow, signIn, type ConsoleWindow } from '../support/console-browser.js';
import { ConsoleFlow } from '../support/console-flows.js';
import { ADMIN_TOKEN, startTestServer, type TestServer } from '../support/harness.js';

describe('the sandbox console, rough edges', () => {
  let server: TestServer;
  let browser: Browser;
  let window: ConsoleWindow;
  let flow: ConsoleFlow;
  let page: Page;
  let accountId = '';
  const outside: string[] = [];
  const posts: string[] = [];

  const logged = async (): Promise<number> => {
    const answer = await server.admin<{ meta: { total: number } }>('GET', `/admin/accounts/${accountId}/requests`);
    return answer.body.meta.total;
  };

  beforeAll(async () => {
    if (!chromiumAvailable()) throw new Error("Chromium not found at /usr/bin/chromium: install Debian's chromium (.ci/run does).");
    // A browser's traffic is no partner's: not recorded for the Prism proxy replay.
    [server, browser] = await Promise.all([startTestServer({ record: false }), launchChromium()]);
    window = await openWindow(browser, server.url, 1280, outside);
    page = window.page;
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
    });
    flow = new ConsoleFlow(page, server.url);
    await signIn(page, server.url, ADMIN_TOKEN);
    await flow.createAccount('Rough Edges Pty Ltd');
    const listed = await server.admin<{ data: { id: string; name: string }[] }>('GET', '/admin/accounts');
    accountId = listed.body.data.find((a) => a.name === 'Rough Edges Pty Ltd')!.id;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('labels the fields in words with checkboxes for yes and no, and clears the lodge message when the form changes', async () => {
    await flow.go('lodgements');
    const general = page.getByRole('group', { name: 'General information' });
    expect(await general.getByLabel('ACN', { exact: true }).inputValue()).toBe('100000011');
    expect(await page.getByRole('checkbox', { name: 'Occupy indicator' }).isChecked()).toBe(true);
    const labels = await page.locator('.body-editor label').allTextContents();
    expect(labels.filter((label) => /\w\.\w/.test(label))).toEqual([]);
    expect(await page.locator('.body-editor select').count()).toBe(0);
    const lodged = await flow.lodge('form484');
    expect(lodged.summary).toMatch(/^Form 484 \d+ lodged/);
    await general.getByLabel('Company name', { exact: true }).fill('ANOTHER NAME PTY LTD');
    expect(await page.getByTestId('lodged').count()).toBe(0);
    expect(await page.getByRole('button', { name: `Open Form 484, request ${lodged.requestId}`, exact: true }).count()).toBe(1);
  });

  it('does not send a Form 484 whose JSON does not parse (after a refused one)', async () => {
    const refused = await flow.failLodgement();
    expect(refused.lines).toEqual(['generalInformation.acn: Must be 9 digits with a valid ACN checksum.']);
    await page.getByRole('button', { name: 'JSON', exact: true }).click();
    const text = page.getByLabel('The Form 484 as JSON');
    await text.fill('{"generalInformation": {"acn": "100000011"');
    await page.getByText(/^Not JSON yet/).waitFor();
    const lodge = page.getByRole('button', { name: 'Lodge the Form 484' });
    expect(await lodge.isDisabled()).toBe(true);
    const before = posts.filter((path) => path.endsWith('/asic-484-forms')).length;
    await text.press('Control+Enter');
    await page.evaluate(() => document.querySelector<HTMLFormElement>('.body-editor')?.closest('form')?.requestSubmit());
    await page.waitForTimeout(500);
    expect(posts.filter((path) => path.endsWith('/asic-484-forms')).length).toBe(before);
  });

  it('says what a pattern asks for in words, not as a regular expression', async () => {
    await flow.go('ppsr');
    await page.getByLabel('Search by').selectOption('vin');
    await page.getByLabel('Search for').fill('1HGCM82633A00435');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const line = page.getByRole('alert').locator('li').first();
    await line.waitFor();
    expect(await line.textContent()).toBe('vin: Must be a VIN: 17 capital letters and digits, without I, O or Q.');
  });

  it('offers no Requests link for an operator API error, and says why', async () => {
    await flow.go('conformance');
    await page.getByLabel(/^Operations/).fill('noSuchOperation');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.getByTestId('failed-request-id').waitFor();
    expect(await alert.getByRole('link', { name: 'Find it on the Requests page' }).count()).toBe(0);
    expect(await alert.textContent()).toContain("the Requests page lists only the account's public API requests");
  });

  it('keeps the chosen account through a conformance run and a sign-out, and lists the endpoints of the key it no longer holds with their key', async () => {
    await flow.registerReceiver();
    expect(await flow.conformance()).toMatch(/^2 of 2 operations conforming/);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, server.url, ADMIN_TOKEN);
    const selected = page.getByLabel('Account', { exact: true }).locator('option:checked');
    await expect.poll(() => selected.textContent()).toContain('Rough Edges Pty Ltd');
    expect(await page.locator('optgroup[label="Made by conformance runs"] option').count()).toBe(2);
    await flow.makeSessionKey('webhooks');
    const other = page.getByTestId('account-endpoint');
    await other.first().waitFor();
    expect(await other.allTextContents()).toEqual([
      expect.stringMatching(/\/sandbox\/webhook-receiver\/ok · test · \* · enabled · owned by secret test key …\w{4} \(active\)/),
    ]);
  });

  it("keeps an open page's own refreshes out of the account's request log (D-70)", async () => {
    await flow.go('monitoring');
    await page.getByRole('heading', { name: 'Simulated registers' }).waitFor();
    await page.waitForTimeout(1000);
    const before = await logged();
    // The events list refreshes every 3 s.
    await page.waitForTimeout(7000);
    expect(await logged()).toBe(before);
  });

  it('says the service refuses to rename a documented magic company', async () => {
    await flow.go('monitoring');
    await page.getByLabel('Company ACN').fill('100000011');
    await page.getByRole('button', { name: 'Change the name in the register' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'magic value' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('ACN 100000011 is a documented sandbox magic value');
  });

  it('says before a business account read that it spends the 15-minute allowance', async () => {
    const applied = await flow.apply('rejected', 'reject');
    await page.getByRole('button', { name: `Open application ${applied.requestId}`, exact: true }).click();
    const note = page.getByTestId('read-spends-allowance');
    await note.waitFor();
    expect(await note.textContent()).toContain("spends this application's read for the next 15 minutes");
  });

  it('asks before locking an account and says what locking does', async () => {
    await flow.go('accounts');
    await page.getByRole('button', { name: 'Lock', exact: true }).click();
    const question = page.getByRole('group', { name: /^Lock Rough Edges Pty Ltd\?/ });
    expect(await question.textContent()).toContain('sent no monitoring expiry-warning mail');
    await question.getByRole('button', { name: 'Cancel' }).click();
    expect((await server.admin<{ locked: boolean }>('GET', `/admin/accounts/${accountId}`)).body.locked).toBe(false);
    await page.getByRole('button', { name: 'Lock', exact: true }).click();
    await page.getByRole('button', { name: 'Yes, lock' }).click();
    await expect.poll(async () => (await server.admin<{ locked: boolean }>('GET', `/admin/accounts/${accountId}`)).body.locked).toBe(true);
  });

  it('never wraps a table heading, at 1280 and at 390 px', async () => {
    const wrapped = async () =>
      page.evaluate(() =>
        [...document.querySelectorAll('thead th')]
          .filter((th) => {
            const range = document.createRange();
            range.selectNodeContents(th);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
          })
          .map((th) => th.textContent),
      );
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await flow.go('requests');
      await page.getByTestId('request-row').first().waitFor();
      expect(await wrapped()).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('asked nothing of another origin and raised no script error', () => {
    expect(outside).toEqual([]);
    expect(window.pageErrors).toEqual([]);
  });
});
