// The published docs page works with the network cut: every operation and event is on the page, the
// page attempts no request outside itself (no CDN logo, no fonts, no telemetry), logs no console
// error, shows no broken image and no markdown left unrendered (an empty-source logo in
// the sidebar footer, literal backticks in the server descriptions, "a abn registration").
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
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    if (!chromiumAvailable()) throw new Error("Chromium not found at /usr/bin/chromium: install Debian's chromium (.ci/run does).");
    browser = await launchChromium();
    // bypassCSP: the page's own CSP would hide attempts; the test must see what the page tries.
    const context = await browser.newContext({ offline: true, bypassCSP: true });
    page = await context.newPage();
    page.on('pageerror', (error) => failures.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
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

  it('logged no console error', () => {
    expect(consoleErrors).toEqual([]);
  });

  it('shows no broken image, including after the sidebar has mounted', async () => {
    const broken = await page.evaluate(() =>
      [...document.images]
        .filter((img) => !img.getAttribute('src') || (img.complete && img.naturalWidth === 0))
        .map((img) => img.outerHTML.slice(0, 200)),
    );
    expect(broken).toEqual([]);
  });

  it('renders every description: no literal markdown backtick in the text, "an ABN registration"', async () => {
    // Text nodes outside scripts and styles, hidden ones included (server lists, collapsed groups).
    const text = await page.evaluate(() => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const parts: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement?.tagName;
        if (parent !== 'SCRIPT' && parent !== 'STYLE') parts.push(node.textContent ?? '');
      }
      return parts.join('\n');
    });
    const backticks = text.split('\n').filter((line) => line.includes('`'));
    expect(backticks).toEqual([]);
    expect(text).not.toMatch(/\ba [aeiou]/i);
  });

  it('shows each event its own name as the X-Svc-Event example', () => {
    for (const [event, item] of Object.entries(
      (spec.webhooks ?? {}) as Record<
        string,
        { post: { parameters: { name: string; example?: unknown; schema?: { example?: unknown } }[] } }
      >,
    )) {
      const header = item.post.parameters.find((p) => p.name === 'X-Svc-Event');
      expect(header?.example ?? header?.schema?.example, event).toBe(event);
    }
  });
});
