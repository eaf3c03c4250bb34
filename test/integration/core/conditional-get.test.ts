// A JSON answer carries a weak ETag of its bytes (Express's default: length and SHA-1), and a GET
// sent again with that ETag in If-None-Match is answered 304 without a body: clients that cache
// (browsers, the sandbox console) revalidate for free. server/http/send.ts writes every answer.
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { serverTest } from '../../support/fixtures.js';

const it = serverTest();

function weakEtagOf(text: string): string {
  const bytes = Buffer.from(text);
  return `W/"${bytes.length.toString(16)}-${createHash('sha1').update(bytes).digest('base64').slice(0, 27)}"`;
}

it('tags a JSON answer with a weak ETag of its bytes, and answers 304 to a GET that sends it back', async ({ server, account }) => {
  const url = `${server.url}/api/test/v2/webhooks`;
  const authorization = `Bearer ${account.keys.secretTest}`;
  const first = await fetch(url, { headers: { authorization } });
  const text = await first.text();
  expect(first.status).toBe(200);
  expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(first.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
  expect(first.headers.get('etag')).toBe(weakEtagOf(text));

  // A browser revalidating sends max-age=0; without a Cache-Control of its own, fetch would add
  // no-cache to a conditional request, which asks for the full answer.
  const conditional = { authorization, 'cache-control': 'max-age=0' };
  const again = await fetch(url, { headers: { ...conditional, 'if-none-match': first.headers.get('etag')! } });
  expect(again.status).toBe(304);
  expect(await again.text()).toBe('');
  expect(again.headers.get('content-type')).toBeNull();

  const changed = await fetch(url, { headers: { ...conditional, 'if-none-match': 'W/"0-other"' } });
  expect(changed.status).toBe(200);
  expect(await changed.text()).toBe(text);
});
