// The sandbox console on the manual clock (SVC_CLOCK=manual, the in-process test server): the clock
// page advances time and says how many jobs each advance ran, and a delivery to the built-in
// receiver's failing URL is retried on the schedule of spec 6.4 as the clock moves, until it fails
// after the sixth attempt. Axe finds no violation on the pages in this mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chromiumAvailable, launchChromium } from '../support/chromium.js';
import { axeViolations, openWindow, signIn, type ConsoleWindow } from '../support/console-browser.js';
import { ConsoleFlow } from '../support/console-flows.js';
import { ADMIN_TOKEN, startTestServer, type TestServer } from '../support/harness.js';

describe('the sandbox console on the manual clock', () => {
  let server: TestServer;
  let browser: Browser;
  let window: ConsoleWindow;
  let flow: ConsoleFlow;
  const outside: string[] = [];

  beforeAll(async () => {
    if (!chromiumAvailable()) throw new Error("Chromium not found at /usr/bin/chromium: install Debian's chromium (.ci/run does).");
    // A browser's traffic is no partner's: not recorded for the Prism proxy replay.
    [server, browser] = await Promise.all([startTestServer({ record: false }), launchChromium()]);
    window = await openWindow(browser, server.url, 1280, outside);
    flow = new ConsoleFlow(window.page, server.url);
    await signIn(window.page, server.url, ADMIN_TOKEN);
    await flow.createAccount('Clock Team Pty Ltd');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function advance(preset: string): Promise<string> {
    await flow.go('clock');
    await window.page.getByRole('button', { name: `Advance ${preset}` }).click();
    const line = window.page.getByText(new RegExp(`^Advanced ${preset} to `)).first();
    await line.waitFor();
    return (await line.textContent()) ?? '';
  }

  /** The delivery of the move, once the Webhooks page shows it matching `shown`. */
  async function failing(shown: RegExp): Promise<{ text: string; rows: string[] }> {
    await flow.go('webhooks');
    const show = window.page.getByRole('button', { name: 'Show deliveries' });
    if (await show.count()) await show.click();
    const item = window.page.getByTestId('delivery').filter({ hasText: '"status": "manual review"' });
    await expect.poll(async () => ((await item.count()) ? await item.textContent() : ''), { timeout: 15_000 }).toMatch(shown);
    return { text: (await item.textContent()) ?? '', rows: await item.locator('tbody tr').allTextContents() };
  }

  it('advances the manual clock and says how many jobs ran', async () => {
    await flow.go('clock');
    expect(await window.page.getByTestId('real-clock').count()).toBe(0);
    expect(await window.page.getByTestId('clock-now').textContent()).toBe('2026-11-22 00:00:00 UTC');
    expect(await advance('1 hour')).toMatch(/^Advanced 1 hour to 2026-11-22 01:00:00 UTC: \d+ jobs? ran$/);
  });

  it('retries a delivery to the failing receiver as the clock moves, then fails it after the sixth attempt', async () => {
    await flow.go('webhooks');
    await window.page.getByRole('button', { name: 'Use receiver (500)' }).click();
    await window.page.getByRole('button', { name: 'Register endpoint' }).click();
    await window.page.getByTestId('endpoint').filter({ hasText: '/sandbox/webhook-receiver/fail' }).waitFor();
    const lodged = await flow.lodge('form484');
    expect(lodged.summary).toMatch(/^Form 484 \d+ lodged/);
    await flow.move('manual review');
    await window.page.waitForFunction(() =>
      document.querySelector('[data-testid="caused-event"]')?.textContent?.includes('delivery pending'),
    );
    // Spec 6.4: retried 30 s, 5 min, 15 min, 1 h and 6 h after the attempt before; failed after the sixth.
    await advance('1 hour');
    const hour = await failing(/ · pending · [2-5] attempts · /);
    const soFar = Number(/pending · (\d+) attempts/.exec(hour.text)?.[1]);
    expect(soFar).toBeGreaterThanOrEqual(2);
    expect(soFar).toBeLessThan(6);
    expect(hour.text).toMatch(/next attempt 2026-11-22 /);
    expect(hour.rows).toHaveLength(soFar);
    await advance('1 day');
    const day = await failing(/form484\.status_changed · failed · 6 attempts/);
    expect(day.rows).toHaveLength(6);
    for (const row of day.rows) expect(row).toMatch(/^\d2026-11-2\d \d\d:\d\d:\d\d UTC500\d+ ms$/);
  });

  it('has no axe violation on the clock and webhook pages in this mode, and asked nothing of another origin', async () => {
    const problems: string[] = [];
    for (const id of ['clock', 'webhooks'] as const) {
      await flow.go(id);
      await window.page.waitForLoadState('networkidle');
      for (const v of await axeViolations(window.page)) problems.push(`${id}: ${v}`);
    }
    expect(problems).toEqual([]);
    expect(outside).toEqual([]);
    expect(window.pageErrors).toEqual([]);
  });
});
