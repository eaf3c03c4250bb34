// Headless Chromium on the sandbox console: one context per window width, every request to another
// origin refused and recorded, axe-core run on demand, the page signed in with the operator token.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface ConsoleWindow {
  width: number;
  context: BrowserContext;
  page: Page;
  /** Every URL the page asked for or navigated to. */
  urls: string[];
  consoleLines: string[];
  pageErrors: string[];
}

/** A context of `width` px whose requests outside `origin` are refused and pushed to `outside`. */
export async function openWindow(browser: Browser, origin: string, width: number, outside: string[]): Promise<ConsoleWindow> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    outside.push(url);
    return route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  const window: ConsoleWindow = { width, context, page, urls: [], consoleLines: [], pageErrors: [] };
  page.on('request', (request) => window.urls.push(request.url()));
  page.on('framenavigated', (frame) => window.urls.push(frame.url()));
  page.on('console', (message) => window.consoleLines.push(message.text()));
  page.on('pageerror', (error) => window.pageErrors.push(error.message));
  return window;
}

export async function signIn(page: Page, origin: string, token: string): Promise<void> {
  await page.goto(`${origin}/console/`);
  await page.getByLabel('Operator token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Create an account' }).waitFor();
}

/** Opens a console page by its hash and waits for its heading (the page title names it). */
export async function openPage(page: Page, origin: string, id: string, title: string): Promise<void> {
  if (!page.url().startsWith(`${origin}/console/`)) await page.goto(`${origin}/console/#/${id}`);
  else await page.evaluate((hash) => (window.location.hash = hash), `#/${id}`);
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
}

interface AxeResult {
  violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[];
}

/** Every axe-core violation of the page as it is now, any impact, one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<AxeResult> } }).axe;
    return (await axe.run(document)).violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target) }));
  });
  return result.map((v) => `${v.id} (${v.impact}) ${JSON.stringify(v.nodes).slice(0, 300)}`);
}

/** How many px the page is wider than its window (0 when it fits). */
export function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
