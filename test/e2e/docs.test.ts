// The published docs page as partners read it: served by the service at /docs, in headless Chromium.
// Every guide of docs/guide/ is on it before the reference, and every operation and event; its server
// URLs name the server that served it, not the build's default; axe finds no violation at 1280 and
// 390 px (AXE_VIEWS); code words in description tables are never split; the page asks nothing of any other
// origin, logs no error, shows no broken image, no attribution badge and no markdown left unrendered.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readGuides } from '../../scripts/docs/guides.js';
import { DOCS_PAGE_ORIGIN } from '../../server/http/docs-page.js';
import { chromiumAvailable, launchChromium } from '../support/chromium.js';
import { loadDocument, operationsOf } from '../support/document.js';
import { startTestServer, type TestServer } from '../support/harness.js';

const spec = loadDocument();
const guides = readGuides();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WIDTHS = [1280, 390] as const;
/** Reference sections whose markup the page corrects: a description table and examples, path parameters, an event. */
const REFERENCE_VIEWS = ['ppsr-searches/createppsrsearch', 'ppsr-searches/getppsrsearch', 'lodgement-events'];
/**
 * What axe checks at each width (a run takes up to two seconds): at 1280 px the
 * top, every guide and the corrected reference sections; at 390 px, where the layout is what changes,
 * the top, the guides with the widest code and tables, and the PPSR fields table.
 */
const AXE_VIEWS: Record<(typeof WIDTHS)[number], string[]> = {
  1280: ['', ...guides.map((guide) => guide.slug), ...REFERENCE_VIEWS],
  390: ['', 'getting-started', 'webhooks-and-verification', 'sandbox-magic-values-and-the-test-clock', REFERENCE_VIEWS[0]!],
};

interface AxeResult {
  violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
}

describe('the docs page served at /docs, in headless Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const outside: string[] = [];
  const failures: string[] = [];
  const consoleErrors: string[] = [];

  /** Opens a section of the page by its anchor and waits until it is drawn. */
  async function view(anchor: string): Promise<void> {
    await page.evaluate((hash) => (location.hash = hash), anchor === '' ? '' : `#/${anchor}`);
    if (anchor === '') await page.evaluate(() => window.scrollTo(0, 0));
    else
      await page.waitForFunction(
        (id) => {
          const section = document.getElementById(id);
          return section !== null && section.getBoundingClientRect().height > 0 && section.innerText.trim() !== '';
        },
        anchor,
        { timeout: 30_000 },
      );
    await page.waitForTimeout(300);
  }

  beforeAll(async () => {
    if (!chromiumAvailable()) throw new Error("Chromium not found at /usr/bin/chromium: install Debian's chromium (.ci/run does).");
    server = await startTestServer();
    browser = await launchChromium();
    // bypassCSP: the page's own CSP would hide attempts; the test must see what the page tries.
    const context = await browser.newContext({ bypassCSP: true });
    page = await context.newPage();
    page.on('pageerror', (error) => failures.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      if (url.startsWith(`${server.url}/`) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      outside.push(url);
      return route.abort('blockedbyclient');
    });
    await page.goto(`${server.url}/docs/`, { waitUntil: 'load' });
    await page.waitForSelector('text=Registry Lodgement, Search and Monitoring Service', { timeout: 60_000 });
    await page.waitForTimeout(1000);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const menuText = (): Promise<string> => page.evaluate(() => document.querySelector('[role="navigation"]')?.textContent ?? '');

  it('lists every guide in the sidebar, in order, before the reference', async () => {
    const menu = await menuText();
    const positions = guides.map((guide) => menu.indexOf(guide.title));
    expect(
      positions.every((at) => at >= 0),
      menu.slice(0, 500),
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(Math.max(...positions)).toBeLessThan(menu.indexOf('API reference'));
  });

  it("shows each guide's text at its anchor (the one the guides' links point to) and its sections in the sidebar", async () => {
    for (const guide of guides) {
      // As a reader opens it: its sidebar entry, which also lists its sections.
      await page.getByRole('navigation').getByText(guide.title, { exact: true }).click();
      await view(guide.slug);
      const menu = await menuText();
      for (const [, heading] of guide.body.matchAll(/^## (.+)$/gm)) expect(menu, `${guide.file}: ${heading}`).toContain(heading!.trim());
      // The start of its first paragraph, as the page renders it: no markdown marks, links as their text.
      const opening = guide.body
        .split('\n\n')[0]!
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/\*\*|`/g, '')
        .replace(/\s+/g, ' ')
        .slice(0, 60);
      const text = await page.evaluate((id) => document.getElementById(id)?.innerText.replace(/\s+/g, ' ') ?? '', guide.slug);
      expect(text, guide.file).toContain(opening);
    }
  });

  it('names the server it is served from in every server URL, never the build default', async () => {
    await view('');
    const urls = await page.evaluate(() => (document.body.innerText.match(/https?:\/\/[^\s"']+\/api\/(?:test\/)?v[12]\b/g) ?? []).sort());
    expect(urls).toEqual([`${server.url}/api/test/v1`, `${server.url}/api/test/v2`, `${server.url}/api/v1`, `${server.url}/api/v2`]);
    const html = await (await fetch(`${server.url}/docs`)).text();
    expect(html).not.toContain(DOCS_PAGE_ORIGIN);
  });

  it('never splits a code word of a description table (the PPSR search fields), at 1280 and 390 px', async () => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await view('ppsr-searches/createppsrsearch');
      const split = await page.evaluate(() =>
        [...document.querySelectorAll('table code')].filter((code) => code.getClientRects().length !== 1).map((code) => code.textContent),
      );
      const words = await page.evaluate(() => [...document.querySelectorAll('table code')].map((code) => code.textContent));
      expect(words).toContain('serialNumberType');
      expect(split, `at ${width}px`).toEqual([]);
    }
    // Left at 390 px: the axe test next starts there and ends at 1280, two changes of width instead of
    // four (each lays the whole reference out again in Chromium's renderer).
  });

  it('has no axe violation at 1280 and 390 px and is never wider than the window', async () => {
    const problems: string[] = [];
    await page.evaluate(axeSource);
    // 390 px first: the test before this one leaves the page there.
    for (const width of [...WIDTHS].reverse()) {
      await page.setViewportSize({ width, height: 900 });
      for (const anchor of AXE_VIEWS[width]) {
        await view(anchor);
        // The whole page at the top (landmarks, headings); elsewhere what the anchor changes, the
        // content and the opened sidebar. resultTypes: only violations are worked out in full.
        const context = anchor === '' ? 'document' : `{ include: [['#api-content'], ['[role="navigation"]']] }`;
        const result = (await page.evaluate(`axe.run(${context}, { resultTypes: ['violations'] })`)) as AxeResult;
        for (const v of result.violations)
          problems.push(`#/${anchor} at ${width}px: ${v.id} (${v.impact}) ${JSON.stringify(v.nodes.map((n) => n.target)).slice(0, 300)}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) problems.push(`#/${anchor} at ${width}px: ${overflow}px wider than the window`);
      }
    }
    expect(problems).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('shows the summary of every operation and event', async () => {
    const text = await page.evaluate(() => document.body.textContent ?? '');
    const missing = [...operationsOf(spec), ...operationsOf(spec, 'webhooks')]
      .map(({ operation }) => operation.summary as string)
      .filter((summary) => !text.includes(summary));
    expect(missing).toEqual([]);
  });

  it('shows no attribution badge and no broken image, including after the sidebar has mounted', async () => {
    const visibleBadges = await page.evaluate(
      () => [...document.querySelectorAll('a[href^="https://redocly.com/"]')].filter((a) => a.checkVisibility()).length,
    );
    expect(visibleBadges).toBe(0);
    const broken = await page.evaluate(() =>
      [...document.images]
        .filter((img) => !img.getAttribute('src') || (img.complete && img.naturalWidth === 0))
        .map((img) => img.outerHTML.slice(0, 200)),
    );
    expect(broken).toEqual([]);
  });

  it('renders every description: no literal markdown backtick outside code, "an ABN registration"', async () => {
    // Text nodes outside scripts, styles and code, hidden ones included (server lists, collapsed groups).
    const text = await page.evaluate(() => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const parts: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        if (!node.parentElement?.closest('script, style, pre, code')) parts.push(node.textContent ?? '');
      return parts.join('\n');
    });
    expect(text.split('\n').filter((line) => line.includes('`'))).toEqual([]);
    expect(text).not.toMatch(/\ba [aeiou]/i);
  });

  it('attempted no request outside its origin, raised no script error and logged no console error', () => {
    expect(outside).toEqual([]);
    expect(failures).toEqual([]);
    expect(consoleErrors).toEqual([]);
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
