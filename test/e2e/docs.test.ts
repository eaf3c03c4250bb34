// The published docs page works with the network cut: every operation and event is on the page and
// the page attempts no request outside itself (no CDN logo, no fonts, no telemetry).
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchChromium } from '../support/chromium.js';
import { loadDocument, operationsOf } from '../support/document.js';

const docsUrl = pathToFileURL(resolve('generated/docs/index.html')).href;
const spec = loadDocument();

describe('generated/docs/index.html in headless Chromium, network cut', () => {
  let browser: Browser;
  let page: Page;
  const outside: string[] = [];
  const failures: string[] = [];

  beforeAll(async () => {
    if (!chromiumAvailable()) throw new Error("Chromium not found at /usr/bin/chromium: install Debian's chromium (.ci/run does).");
    browser = await launchChromium();
    // bypassCSP: the page's own CSP would hide attempts; the test must see what the page tries.
    const context = await browser.newContext({ offline: true, bypassCSP: true });
    page = await context.newPage();
    page.on('pageerror', (error) => failures.push(error.message));
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      if (url.startsWith('file:') || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      outside.push(url);
      return route.abort('blockedbyclient');
    });
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith('file:') && !url.startsWith('data:') && !url.startsWith('blob:') && !outside.includes(url)) outside.push(url);
    });
    await page.goto(docsUrl, { waitUntil: 'load' });
    await page.waitForSelector('text=Registry Lodgement, Search and Monitoring Service', { timeout: 60_000 });
    await page.waitForTimeout(1500);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the summary of every operation and event', async () => {
    // textContent, not innerText: Redoc keeps collapsed menu groups in the DOM but hidden.
    const text = await page.evaluate(() => document.body.textContent ?? '');
    const missing = [...operationsOf(spec), ...operationsOf(spec, 'webhooks')]
      .map(({ operation }) => operation.summary as string)
      .filter((summary) => !text.includes(summary));
    expect(missing).toEqual([]);
  });

  it('attempted no request outside the page', () => {
    expect(outside).toEqual([]);
  });

  it('raised no script error', () => {
    expect(failures).toEqual([]);
  });
});
