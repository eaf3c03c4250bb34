// The sandbox console's flows as a user clicks them, for the e2e test and the screenshot script:
// each step acts through the page only and returns what the page then shows.
import type { Page } from 'playwright-core';
import { PAGES } from '../../console/src/route.js';
import { openPage } from './console-browser.js';

export type PageId = (typeof PAGES)[number][0];

export function titleOf(id: PageId): string {
  return PAGES.find(([page]) => page === id)![1];
}

/** One clipboard serves every context of the browser: a copy and its read run one window at a time. */
let clipboard: Promise<unknown> = Promise.resolve();
function withClipboard<T>(use: () => Promise<T>): Promise<T> {
  const turn = clipboard.then(use);
  clipboard = turn.catch(() => undefined);
  return turn;
}

export class ConsoleFlow {
  constructor(
    readonly page: Page,
    readonly origin: string,
  ) {}

  go(id: PageId): Promise<void> {
    return openPage(this.page, this.origin, id, titleOf(id));
  }

  /** Creates an account from the Accounts page; returns its secret test key as shown once (and copied). */
  async createAccount(name: string): Promise<{ secretKey: string; copied: string }> {
    const page = this.page;
    await this.go('accounts');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Create account' }).click();
    const shown = page.getByTestId('secret test key');
    await shown.waitFor();
    const secretKey = (await shown.textContent()) ?? '';
    const copied = await withClipboard(async () => {
      await page.getByRole('button', { name: 'Copy secret test key' }).click();
      await page.getByRole('button', { name: 'Copied secret test key' }).waitFor();
      return page.evaluate(() => navigator.clipboard.readText());
    });
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('heading', { name: `Account ${name}` }).waitFor();
    return { secretKey, copied };
  }

  /** "N keys, M active" of the selected account. */
  async keyCount(): Promise<string> {
    await this.go('accounts');
    const text = this.page.getByTestId('active-keys');
    await text.waitFor();
    return (await text.textContent()) ?? '';
  }

  /** Reloads the page on `id` and waits for it. */
  async reload(id: PageId): Promise<void> {
    await this.page.goto(`${this.origin}/console/#/${id}`);
    await this.page.reload();
    await this.page.getByRole('heading', { level: 1, name: titleOf(id), exact: true }).waitFor();
  }

  /** Revokes the key the console session uses, answering its confirmation. */
  async revokeSessionKey(): Promise<void> {
    const page = this.page;
    await this.go('accounts');
    const row = page.getByRole('listitem').filter({ hasText: 'used by this console session' });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByRole('button', { name: 'Yes, revoke' }).click();
    await page.getByText('used by this console session').waitFor({ state: 'detached' });
  }

  /** On a page that needs a key, makes one for the session. */
  async makeSessionKey(id: PageId): Promise<void> {
    await this.go(id);
    await this.page.getByRole('button', { name: 'Make a test secret key for this session' }).click();
    await this.page.getByRole('button', { name: 'Make a test secret key for this session' }).waitFor({ state: 'detached' });
  }

  async registerReceiver(): Promise<string> {
    const page = this.page;
    await this.go('webhooks');
    await page.getByRole('button', { name: 'Use receiver (200)' }).click();
    await page.getByRole('button', { name: 'Register endpoint' }).click();
    await page.getByText(/^Signing secret, shown once/).waitFor();
    const endpoint = page.getByTestId('endpoint').first();
    await endpoint.waitFor();
    return (await endpoint.textContent()) ?? '';
  }

  /** Lodges from the Lodgements page with the first document example; returns the answer's sentence. */
  async lodge(kind: 'form484' | 'abn_registration', outcome = 'normal'): Promise<{ requestId: number; summary: string }> {
    const page = this.page;
    await this.go('lodgements');
    await page.getByLabel('What to lodge').selectOption(kind);
    await page.getByLabel('Sandbox outcome').selectOption(outcome);
    const summary = page.getByTestId('lodged');
    const before = (await summary.count()) ? await summary.textContent() : '';
    await page.getByRole('button', { name: kind === 'form484' ? 'Lodge the Form 484' : 'Lodge the ABN registration' }).click();
    await page.waitForFunction((old) => {
      const text = document.querySelector('[data-testid="lodged"]')?.textContent ?? '';
      return text !== '' && text !== old;
    }, before);
    const text = (await summary.textContent()) ?? '';
    return { requestId: Number(/ (\d+) lodged/.exec(text)?.[1]), summary: text };
  }

  /** Lodges a Form 484 whose ACN fails its checksum; returns the error's lines and Request-Id. */
  async failLodgement(): Promise<{ lines: string[]; requestId: string }> {
    const page = this.page;
    await this.go('lodgements');
    await page.getByLabel('What to lodge').selectOption('form484');
    const acn = page.getByRole('group', { name: 'General information' }).getByLabel('ACN', { exact: true });
    await acn.fill('100000012');
    await page.getByRole('button', { name: 'Lodge the Form 484' }).click();
    const id = page.getByTestId('failed-request-id');
    await id.waitFor();
    const lines = await page.getByRole('alert').locator('li').allTextContents();
    await acn.fill('100000011');
    return { lines, requestId: (await id.textContent()) ?? '' };
  }

  /** Opens a lodgement's detail; returns whether its heading took focus and is in view. */
  async openLodgement(kind: 'form484' | 'abn_registration', requestId: number): Promise<{ focused: boolean; inView: boolean }> {
    await this.go('lodgements');
    const name = kind === 'form484' ? 'Form 484' : 'ABN registration';
    await this.page.getByRole('button', { name: `Open ${name}, request ${requestId}`, exact: true }).click();
    return this.detailShown('lodgement-detail');
  }

  async detailShown(testId: string): Promise<{ focused: boolean; inView: boolean }> {
    const panel = this.page.getByTestId(testId);
    await panel.waitFor();
    return panel.evaluate((element) => {
      const heading = element.querySelector('h2');
      const top = heading?.getBoundingClientRect().top ?? -1;
      // Scrolled to its start, a heading's top can land a fraction of a pixel above the viewport (-0.2 px at 1280 px).
      return { focused: document.activeElement === heading, inView: top > -1 && top < window.innerHeight };
    });
  }

  /** Moves the open lodgement; returns the hint the choice showed (the event it sends). */
  async move(status: string): Promise<string> {
    const page = this.page;
    const detail = page.getByTestId('lodgement-detail');
    await detail.getByLabel('Move to status').selectOption(status);
    const hint = (await detail.locator('.hint').textContent()) ?? '';
    await detail.getByRole('button', { name: 'Move status' }).click();
    await page.waitForFunction((s) => document.querySelector('[data-testid="lodgement-status"]')?.textContent === s, status);
    return hint;
  }

  /** Waits until at least `count` elements matching `selector` contain `text` (15 s at most). */
  private async untilShown(selector: string, text: string, count: number): Promise<void> {
    await this.page.waitForFunction(
      ([css, wanted, n]) => [...document.querySelectorAll(css)].filter((e) => e.textContent?.includes(wanted)).length >= n,
      [selector, text, count] as const,
      { timeout: 15_000 },
    );
  }

  async causedEvents(count: number): Promise<string[]> {
    const events = this.page.getByTestId('lodgement-detail').getByTestId('caused-event');
    await this.untilShown('[data-testid="lodgement-detail"] [data-testid="caused-event"]', 'delivery succeeded', count);
    return events.allTextContents();
  }

  /** The deliveries of the first endpoint, once `count` of them succeeded. */
  async deliveries(count: number): Promise<string[]> {
    const page = this.page;
    await this.go('webhooks');
    const show = page.getByRole('button', { name: 'Show deliveries' });
    if (await show.count()) await show.first().click();
    await this.untilShown('[data-testid="delivery"]', ' · succeeded · ', count);
    return page.getByTestId('delivery').allTextContents();
  }

  /** Resends the newest delivery; returns the page's answer and the delivery once it has two attempts. */
  async resendNewest(): Promise<{ said: string; after: string }> {
    const page = this.page;
    const newest = page.getByTestId('delivery').first();
    const id = /dlv_[0-9A-Za-z]{24}/.exec((await newest.textContent()) ?? '')![0];
    await page.getByRole('button', { name: `Resend ${id}` }).click();
    const said = (await page.getByText(new RegExp(`^Resent ${id}`)).textContent()) ?? '';
    const resent = page.getByTestId('delivery').filter({ hasText: id });
    await page.waitForFunction(
      (d) =>
        [...document.querySelectorAll('[data-testid="delivery"]')].some(
          (e) => e.textContent?.includes(d) && e.textContent.includes('succeeded · 2 attempts'),
        ),
      id,
      { timeout: 15_000 },
    );
    return { said, after: (await resent.textContent()) ?? '' };
  }

  /**
   * What the built-in receiver got, as listed (newest first), once `verified` of the entries show the
   * page's signature verdict: the page checks each signature after the list renders, so reading the
   * list as soon as it appears can miss verdicts still being computed.
   */
  async received(verified: number): Promise<string[]> {
    await this.go('webhooks');
    await this.untilShown('[data-testid="received"]', 'signature verified with the signing secret of we_', verified);
    return this.page.getByTestId('received').allTextContents();
  }

  /** Applies for a business account from the given document example and outcome; returns the answer. */
  async apply(example: string, outcome: 'normal' | 'reject'): Promise<{ requestId: number; said: string }> {
    const page = this.page;
    await this.go('business-accounts');
    await page.getByLabel("Start from the document's example").selectOption(example);
    await page.getByLabel('Sandbox outcome').selectOption(outcome);
    // The notice of the previous application stays on screen until this one's answer renders: read the
    // id from this POST's own answer, then wait for the notice that names it.
    const [answer] = await Promise.all([
      page.waitForResponse(
        (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/business-accounts'),
      ),
      page.getByRole('button', { name: 'Apply', exact: true }).click(),
    ]);
    const { requestId } = (await answer.json()) as { requestId: number };
    const said = page.getByTestId('applied').filter({ hasText: `Application ${requestId}:` });
    await said.waitFor();
    return { requestId, said: (await said.textContent()) ?? '' };
  }

  /** Runs the banking partner until the application reaches `status`. */
  async partnerMoves(requestId: number, status: string): Promise<void> {
    const page = this.page;
    const row = page.getByTestId('application').filter({ hasText: `Open application ${requestId}` });
    for (let tries = 0; tries < 5 && !(await row.textContent())?.includes(` · ${status} · `); tries += 1) {
      await page.getByRole('button', { name: 'Run the banking partner now' }).click();
      await page.getByText(/^The banking partner ran/).waitFor();
      await page.waitForFunction(() => !document.querySelector('button:disabled'));
    }
    await row.filter({ hasText: ` · ${status} · ` }).waitFor();
  }

  /** Reads an application's public status from its detail; returns the table rows. */
  async readApplication(requestId: number): Promise<string[]> {
    const page = this.page;
    await page.getByRole('button', { name: `Open application ${requestId}`, exact: true }).click();
    const detail = page.getByTestId('application-detail');
    await detail.getByRole('button', { name: 'Read the status (public API)' }).click();
    const table = detail.getByTestId('status-read');
    // A refused read shows its reason instead of the table: fail with that reason, not a time-out.
    await table.or(detail.getByRole('alert')).first().waitFor();
    if (!(await table.isVisible())) throw new Error(`status read refused: ${await detail.getByRole('alert').textContent()}`);
    return table.locator('tr').allTextContents();
  }

  /** Runs a PPSR search and its jobs; returns the detail's status once completed. */
  async search(by: string, value: string): Promise<string> {
    const page = this.page;
    await this.go('ppsr');
    await page.getByLabel('Search by').selectOption(by);
    await page.getByLabel('Search for').fill(value);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByTestId('ppsr-detail').waitFor();
    await page.getByRole('button', { name: 'Run the PPSR jobs now' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="ppsr-status"]')?.textContent === 'completed', undefined, {
      timeout: 15_000,
    });
    return (await page.getByTestId('ppsr-status').textContent()) ?? '';
  }

  /** Creates an alert on ACN 100 000 011, adds a registration against it, waits for the event delivered. */
  async alert(): Promise<string[]> {
    const page = this.page;
    await this.go('ppsr-alerts');
    await page.getByLabel('Number type').selectOption('ACN');
    await page.getByLabel('Organisation number').fill('100000011');
    await page.getByRole('button', { name: 'Create alert' }).click();
    await page.getByTestId('alert').first().waitFor();
    await page.getByRole('button', { name: 'Add a registration against ACN 100000011' }).first().click();
    await page.getByText(/^Registration \d+ added/).waitFor();
    await page.waitForFunction(
      () => [...document.querySelectorAll('[data-testid="alert-event"]')].some((e) => e.textContent?.includes('delivery succeeded')),
      undefined,
      { timeout: 15_000 },
    );
    return page.getByTestId('alert-event').allTextContents();
  }

  /** Monitors ACN 100 000 011 and simulates a name change; returns the page's feedback and the events. */
  async monitorAndSimulate(): Promise<{ said: string; events: string[] }> {
    const page = this.page;
    await this.go('monitoring');
    await page.getByLabel('ACN or ABN').fill('100000011');
    await page.getByRole('button', { name: 'Monitor', exact: true }).click();
    await page.getByTestId('entity').first().waitFor();
    await page.getByLabel('Event to simulate').selectOption('name_change');
    await page
      .getByRole('button', { name: /^Simulate name_change on \d+$/ })
      .first()
      .click();
    const said = (await page.getByTestId('simulated').textContent()) ?? '';
    await page.getByTestId('monitoring-event').first().waitFor();
    return { said, events: await page.getByTestId('monitoring-event').allTextContents() };
  }

  /** The Requests page as an error's "Find it on the Requests page" link opens it. */
  async showRequest(requestId: string): Promise<void> {
    await this.page.evaluate((hash) => (window.location.hash = hash), `#/requests?requestId=${encodeURIComponent(requestId)}`);
    await this.page.getByTestId('request-detail').getByTestId('request-status').waitFor();
  }

  /** Follows a failed request's link to the Requests page; returns the detail and what "Copy as curl" copied. */
  async findRequest(requestId: string): Promise<{ status: string; requestBody: string; curl: string; sdk: string }> {
    const page = this.page;
    await this.page.getByRole('link', { name: 'Find it on the Requests page' }).click();
    await this.showRequest(requestId);
    const detail = page.getByTestId('request-detail');
    const copy = (name: string) =>
      withClipboard(async () => {
        await detail.getByRole('button', { name }).click();
        await detail.getByRole('button', { name: name.replace('Copy', 'Copied') }).waitFor();
        return page.evaluate(() => navigator.clipboard.readText());
      });
    const curl = await copy('Copy as curl');
    const sdk = await copy('Copy as SDK call');
    return {
      status: (await detail.getByTestId('request-status').textContent()) ?? '',
      requestBody: (await detail.getByTestId('request-body').textContent()) ?? '',
      curl,
      sdk,
    };
  }

  /** Filters the Requests page by status, path and Request-Id; returns the rows found (each containing `path`). */
  async filterRequests(status: string, path: string, requestId = ''): Promise<string[]> {
    const page = this.page;
    await this.go('requests');
    await page.getByLabel('Status').selectOption(status);
    await page.getByLabel('Path contains').fill(path);
    await page.getByLabel('Request-Id').fill(requestId);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await page.waitForFunction((p) => {
      const rows = [...document.querySelectorAll('[data-testid="request-row"]')];
      return rows.length > 0 && rows.every((r) => r.textContent?.includes(p));
    }, path);
    return page.getByTestId('request-row').allTextContents();
  }

  /** Runs the conformance check of two operations; returns its summary line. */
  async conformance(): Promise<string> {
    const page = this.page;
    await this.go('conformance');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const summary = page.getByTestId('conformance-summary');
    await summary.waitFor({ timeout: 120_000 });
    return (await summary.textContent()) ?? '';
  }
}
