// The replay sends one request of each shape through Prism (scripts/proxy-replay/shapes.ts): two
// requests are alike only when nothing Prism reads differently between them differs.
import { describe, expect, it } from 'vitest';
import { planShapes, shapeSignature } from '../../scripts/proxy-replay/shapes.js';
import type { Stream } from '../../scripts/proxy-replay/streams.js';
import type { ClockEvent, HttpEvent } from '../../scripts/proxy-replay/traffic-format.js';

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

describe('the replay plan', () => {
  const at = (day: number): string => new Date(Date.UTC(2026, 10, 22 + day)).toISOString();
  const request = (stream: string, seq: number, change: Partial<HttpEvent> = {}): HttpEvent => ({ ...base, stream, seq, ...change });
  const clock = (stream: string, seq: number, day: number): ClockEvent => ({ kind: 'clock', stream, seq, at: at(day) });
  const stream = (id: string, events: Stream['events']): Stream => ({
    id,
    start: { kind: 'start', stream: id, seq: 0, at: at(0), source: `test/integration/${id}.test.ts`, customHandlers: false },
    events,
  });

  it('checks each shape once, at its first request in the replay order', () => {
    const early = request('a', 1);
    const repeat = request('b', 1);
    const plan = planShapes([stream('a', [early]), stream('b', [repeat, request('b', 2, { status: 201 })])]);
    expect(plan.viaPrism.has(early)).toBe(true);
    expect(plan.viaPrism.has(repeat)).toBe(false);
    expect(plan.viaPrism.size).toBe(2);
  });

  it('cuts a stream after its last new shape, with the clock travel after it, and keeps what comes before', () => {
    const travelling = stream('travel', [
      request('travel', 1),
      clock('travel', 2, 30),
      request('travel', 3, { status: 201 }),
      clock('travel', 4, 365),
      request('travel', 5),
      request('travel', 6, { status: 201 }),
    ]);
    const plan = planShapes([travelling]);
    expect(plan.streams).toHaveLength(1);
    expect(plan.streams[0]!.events.map((event) => event.seq)).toEqual([1, 2, 3]);
    expect(plan.trimmedRequests).toBe(2);
    expect(plan.trimmedDays).toBe(335);
  });

  it('leaves out a stream with no new shape, and never an operator or skipped request as a reason to go on', () => {
    const plan = planShapes([
      stream('a', [request('a', 1)]),
      stream('b', [request('b', 1), request('b', 2, { path: '/admin/accounts', status: 201 }), request('b', 3, { method: 'OPTIONS' })]),
    ]);
    expect(plan.streams.map((s) => s.id)).toEqual(['a']);
    expect(plan.trimmedRequests).toBe(3);
  });
});
