// D-47 in a real browser (publishable keys could not work from one). Debian's Chromium loads
// a partner's page from a made-up origin (--host-resolver-rules sends its name to a loopback server),
// and the page calls a helper operation of the in-process API with a publishable key, as a partner's
// checkout would. From the key's own domain the call succeeds (preflight, then the answer is
// readable); from another origin the browser refuses to hand the answer to the page.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from '../support/chromium.js';
import { startTestServer, type TestServer } from '../support/harness.js';

const PARTNER = 'shop.partner.example.com';
const STRANGER = 'evil.example.org';

interface Outcome {
  ok: boolean;
  status?: number;
  total?: number;
  requestId?: string | null;
  error?: string;
}

let api: TestServer;
let pages: Server;
let pagePort: number;
let browser: Browser;
let publishable: string;

beforeAll(async () => {
  if (!chromiumAvailable()) throw new Error("Chromium not found at /usr/bin/chromium: install Debian's chromium (.ci/run does).");
  api = await startTestServer();
  const account = await api.createAccount();
  const created = await api.admin<{ secret: string }>('POST', `/admin/accounts/${account.id}/keys`, {
    type: 'publishable',
    environment: 'test',
    domains: [PARTNER],
  });
  expect(created.status).toBe(201);
  publishable = created.body.secret;
  // The partner's page: any host name, one empty document.
  pages = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>checkout</title>'));
  pages.listen(0, '127.0.0.1');
  await once(pages, 'listening');
  pagePort = (pages.address() as AddressInfo).port;
  browser = await launchChromium([`--host-resolver-rules=MAP ${PARTNER} 127.0.0.1, MAP ${STRANGER} 127.0.0.1`]);
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (pages ? pages.close(() => resolve()) : resolve()));
  await api?.close();
});

/** Opens the page on `host` and calls the industries helper from it with the publishable key. */
async function callFrom(host: string): Promise<Outcome> {
  const context = await browser.newContext();
  try {
    const page: Page = await context.newPage();
    await page.goto(`http://${host}:${pagePort}/`);
    return await page.evaluate(
      async ({ url, key }) => {
        try {
          const response = await fetch(url, { headers: { Authorization: `Bearer ${key}` } });
          const body = (await response.json()) as { meta?: { total?: number } };
          return { ok: true, status: response.status, total: body.meta?.total, requestId: response.headers.get('X-Request-Id') };
        } catch (error) {
          return { ok: false, error: String(error) };
        }
      },
      { url: `${api.url}/api/test/v2/helpers/industries?q=cafe`, key: publishable },
    );
  } finally {
    await context.close();
  }
}

describe('a publishable key in Chromium (D-47)', () => {
  it('calls a helper from a page on an allowed origin and reads the answer and its X-Request-Id', async () => {
    const outcome = await callFrom(PARTNER);
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true, status: 200 });
    expect(outcome.total).toBeGreaterThan(0);
    expect(outcome.requestId).toMatch(/\S/);
  });

  it('is refused from a page on another origin: the browser does not hand the answer over', async () => {
    const outcome = await callFrom(STRANGER);
    expect(outcome.ok, JSON.stringify(outcome)).toBe(false);
    expect(outcome.error).toMatch(/TypeError|Failed to fetch/);
  });
});
