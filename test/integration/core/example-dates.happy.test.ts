// D-61: the examples the service hands out are dated its today. /openapi.json and the document the
// /docs page embeds move every example date by whole days from `info.x-examples-date` (the committed
// 2026-11-22) to the service clock's date in Brisbane, and say so in `x-examples-date`; a Form 484
// example copied from them is accepted years later, where the committed one is refused.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm484Lodgement, type Form484Request } from '../../../generated/client/index.js';
import { sdkClient, startTestServer, type TestAccount, type TestServer } from '../../support/harness.js';

type Json = Record<string, unknown>;
const committed = JSON.parse(readFileSync('spec/openapi.json', 'utf8')) as Json;

function form484Examples(document: Json): Record<string, Form484Request> {
  const post = ((document.paths as Json)['/asic-484-forms'] as Json).post as Json;
  const media = ((post.requestBody as Json).content as Json)['application/json'] as { examples: Record<string, { value: Form484Request }> };
  return Object.fromEntries(Object.entries(media.examples).map(([name, example]) => [name, example.value]));
}

/** The document Redoc's page carries, as the browser reads it. */
function embeddedDocument(page: string): Json {
  const line = /const __redoc_definition = (\{.*\});$/m.exec(page);
  expect(line, 'the page embeds the document on one line').not.toBeNull();
  return JSON.parse(line![1]!) as Json;
}

describe('examples dated the service clock', () => {
  let server: TestServer;
  let account: TestAccount;

  beforeAll(async () => {
    server = await startTestServer({ record: false });
    account = await server.createAccount();
  });
  afterAll(async () => server?.close());

  it('on the examples own day, serves them as committed', async () => {
    const served = (await (await fetch(`${server.url}/openapi.json`)).json()) as Json;
    expect(served.info).toMatchObject({ 'x-examples-date': '2026-11-22' });
    expect(form484Examples(served)).toEqual(form484Examples(committed));
  });

  it('five years on (15:00 UTC, already the next day in Brisbane), /openapi.json and /docs date every example that day', async () => {
    // 2031-11-21T15:00Z is 2031-11-22 01:00 in Brisbane: the service's today is Brisbane's date.
    server.clock.set(new Date('2031-11-21T15:00:00Z'));
    const served = (await (await fetch(`${server.url}/openapi.json`)).json()) as Json;
    expect(served.info).toMatchObject({ 'x-examples-date': '2031-11-22' });
    const examples = form484Examples(served);
    const days = (Date.parse('2031-11-22') - Date.parse('2026-11-22')) / 86_400_000;
    const moved = (date: string) => new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
    expect(examples.registeredOffice!.signature.date).toBe(moved('2026-11-20'));
    expect(examples.registeredOffice!.registeredOffice!.dateOfChange).toBe(moved('2026-11-16'));

    const page = await (await fetch(`${server.url}/docs/`)).text();
    const embedded = embeddedDocument(page);
    expect(embedded.info).toMatchObject({ 'x-examples-date': '2031-11-22' });
    expect(form484Examples(embedded)).toEqual(examples);
    // The guides' text (release notes' dates included) is not an example: it stays as written.
    const committedPage = readFileSync('generated/docs/index.html', 'utf8');
    const outside = (html: string) => html.replace(/const __redoc_definition = .*$/m, '');
    expect(outside(page.replaceAll(server.url, 'http://127.0.0.1:4000'))).toBe(outside(committedPage));
  });

  it('accepts the served Form 484 examples that day and refuses the committed one as out of its window', async () => {
    const served = form484Examples((await (await fetch(`${server.url}/openapi.json`)).json()) as Json);
    const client = sdkClient(server, account.keys.secretTest);
    for (const [name, body] of Object.entries(served)) {
      const { response, error } = await createForm484Lodgement({ client, body });
      expect(response.status, `${name}: ${JSON.stringify(error)}`).toBe(201);
    }
    const refused = await createForm484Lodgement({ client, body: form484Examples(committed).registeredOffice! });
    expect(refused.response.status).toBe(422);
    expect(JSON.stringify(refused.error)).toContain('date_out_of_window');
  });
});
