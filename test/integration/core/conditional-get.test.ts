// Answers carry no ETag and a conditional GET is answered in full (D-88): the documents name neither
// the header nor a 304, so a client that caches revalidates by reading again, and a 304 the document
// does not list can never reach it. server/http/send.ts writes every answer.
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { serverTest } from '../../support/fixtures.js';

const it = serverTest();

it('sends no ETag, and answers a GET with If-None-Match or If-Modified-Since 200 with the full body', async ({ server, account }) => {
  const url = `${server.url}/api/test/v2/webhooks`;
  const authorization = `Bearer ${account.keys.secretTest}`;
  const first = await fetch(url, { headers: { authorization } });
  const text = await first.text();
  expect(first.status).toBe(200);
  expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(first.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
  expect(first.headers.get('etag')).toBeNull();

  // A browser revalidating sends max-age=0; without a Cache-Control of its own, fetch would add
  // no-cache to a conditional request, which asks for the full answer whatever the server does.
  const conditional = { authorization, 'cache-control': 'max-age=0' };
  // Express's default weak ETag of these bytes, which the service used to send and answer 304 to.
  const bytes = Buffer.from(text);
  const formerEtag = `W/"${bytes.length.toString(16)}-${createHash('sha1').update(bytes).digest('base64').slice(0, 27)}"`;
  const validators: Array<Record<string, string>> = [
    { 'if-none-match': formerEtag },
    { 'if-none-match': '*' },
    { 'if-modified-since': new Date().toUTCString() },
  ];
  for (const validator of validators) {
    const again = await fetch(url, { headers: { ...conditional, ...validator } });
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(text);
  }
});
