// The replay sends one request of each shape through Prism (scripts/proxy-replay/shapes.ts): two
// requests are alike only when nothing Prism reads differently between them differs.
import { describe, expect, it } from 'vitest';
import { shapeSignature } from '../../scripts/proxy-replay/shapes.js';
import type { HttpEvent } from '../../scripts/proxy-replay/traffic-format.js';

const base: HttpEvent = {
  kind: 'http',
  stream: 's',
  seq: 1,
  method: 'POST',
  path: '/api/test/v2/webhooks/we_3kTq9ZmW2xYb7NcR4vLp8sQe/rotate-secret?page=2',
  headers: { authorization: 'Bearer a', 'content-type': 'application/json', 'idempotency-key': 'k1', 'x-forwarded-for': '10.0.0.1' },
  body: JSON.stringify({ url: 'https://a.example.com', eventTypes: ['*'], enabled: true }),
  bodyEncoding: 'utf8',
  bodyBytes: 10,
  status: 200,
  response: { id: 'we_1', secret: 'whsec_x', createdAt: '2026-11-22T00:00:00Z' },
};
const sig = (change: Partial<HttpEvent>): string => shapeSignature({ ...base, ...change });

describe('replay shapes', () => {
  it('treats requests that differ only in values, ids, keys and client address as alike', () => {
    expect(
      sig({
        path: '/api/test/v2/webhooks/we_9999999999999999999999aa/rotate-secret?page=7',
        headers: { authorization: 'Bearer b', 'content-type': 'application/json', 'idempotency-key': 'k2', 'x-forwarded-for': '10.0.0.2' },
        body: JSON.stringify({ eventTypes: ['a', 'b'], enabled: false, url: 'https://b.example.com' }),
        response: { createdAt: '2027-01-01T00:00:00Z', secret: 'whsec_y', id: 'we_2' },
      }),
    ).toBe(sig({}));
  });

  it('tells apart a different status, path, query parameter, header, content type or body and answer shape', () => {
    const variants = [
      sig({ status: 201 }),
      sig({ method: 'PATCH' }),
      sig({ path: '/api/test/v2/webhooks/we_3kTq9ZmW2xYb7NcR4vLp8sQe' }),
      sig({ path: '/api/test/v2/webhooks/we_3kTq9ZmW2xYb7NcR4vLp8sQe/rotate-secret?limit=2' }),
      sig({ headers: { ...base.headers, 'accept-version': '2' } }),
      sig({ headers: { ...base.headers, 'content-type': 'text/plain' } }),
      sig({ body: JSON.stringify({ url: 'https://a.example.com', eventTypes: ['*'], enabled: true, colour: 'red' }) }),
      sig({ body: JSON.stringify({ url: 'https://a.example.com', eventTypes: ['*'], enabled: 'yes' }) }),
      sig({ body: JSON.stringify({ url: 'https://a.example.com', eventTypes: [1], enabled: true }) }),
      sig({ body: 'not json' }),
      sig({ response: { id: 'we_1', secret: 'whsec_x', createdAt: '2026-11-22T00:00:00Z', debug: true } }),
      sig({ response: undefined }),
    ];
    expect(new Set([sig({}), ...variants]).size).toBe(variants.length + 1);
  });

  it('reads a body nested thousands of levels deep without overflowing the stack', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(() => sig({ body: deep })).not.toThrow();
  });
});
