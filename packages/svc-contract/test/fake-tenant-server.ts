// A small multi-account API and its document, for the runner's cross-account, idempotency,
// webhook and pacing checks: correct by default, and able to commit one bug at a time so a test
// can show a check fails on exactly that bug.
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JsonObject } from '../src/types.js';

export interface Bugs {
  /** Another account's widget id answers 403 (telling the prober it exists) instead of 404. */
  foreignIdForbidden?: boolean;
  /** The list answers every account's widgets. */
  listLeaks?: boolean;
  /** An Idempotency-Key is never replayed: every request creates again. */
  neverReplays?: boolean;
  /** Deliveries are signed with another key than the endpoint secret. */
  wrongSigningKey?: boolean;
}

export const KEY_A = 'key_account_a';
export const KEY_B = 'key_account_b';
export const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
/** Requests per window of the rate limit, and the window's length in seconds. */
export const LIMIT = 3;

const error = { type: 'object', properties: { error: { type: 'string' }, message: { type: 'string' } }, required: ['error'] };
const widget = {
  type: 'object',
  properties: { id: { type: 'string' }, name: { type: 'string', minLength: 1, maxLength: 20 } },
  required: ['id', 'name'],
  additionalProperties: false,
};
const json = (schema: object) => ({ content: { 'application/json': { schema } } });

export const FAKE_DOCUMENT: JsonObject = {
  openapi: '3.1.0',
  info: { title: 'widgets', version: '1.0.0' },
  servers: [{ url: '/api/test/v1' }],
  security: [{ secretKey: [] }],
  components: { securitySchemes: { secretKey: { type: 'http', scheme: 'bearer' } } },
  paths: {
    '/widgets': {
      post: {
        operationId: 'createWidget',
        parameters: [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            schema: { type: 'string', description: 'Another body with the same key is refused with 409 `idempotency_key_reused`.' },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', properties: { name: { type: 'string', minLength: 1, maxLength: 20 } }, required: ['name'] },
              example: { name: 'first' },
            },
          },
        },
        responses: { '201': json(widget), '409': json(error), '429': json(error) },
      },
      get: {
        operationId: 'listWidgets',
        responses: {
          '200': json({ type: 'object', properties: { data: { type: 'array', items: widget } }, required: ['data'] }),
          '429': json(error),
        },
      },
    },
    '/widgets/{id}': {
      get: {
        operationId: 'getWidget',
        description: 'Poll no more than once every 15 minutes per widget: a sooner read answers 429 with `Retry-After`.',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': json(widget), '403': json(error), '404': json(error), '429': json(error) },
      },
    },
  },
  webhooks: {
    'widget.created': {
      post: {
        parameters: [{ name: 'X-Svc-Signature', in: 'header', required: true, schema: { type: 'string' } }],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { event: { const: 'widget.created' }, id: { type: 'string' }, deliveryId: { type: 'string' } },
                required: ['event', 'id', 'deliveryId'],
                additionalProperties: false,
              },
            },
          },
        },
        responses: { '200': { description: 'acknowledged' } },
      },
    },
  },
};

export interface FakeServer {
  baseUrl: string;
  /** What a receiver got for each widget created: headers and raw body, as the operator API lists them. */
  deliveries: { receivedAt: string; headers: Record<string, string>; body: string; endpointId: string; deliveryId: string }[];
  /** Requests that got 429. */
  refused: () => number;
  close: () => Promise<void>;
}

function signed(body: string, secret: string, id: string, now: number): Record<string, string> {
  const t = Math.floor(now / 1000);
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  return {
    'content-type': 'application/json',
    'x-svc-signature': `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`,
    'webhook-id': id,
    'webhook-timestamp': String(t),
    'webhook-signature': `v1,${createHmac('sha256', key).update(`${id}.${t}.${body}`).digest('base64')}`,
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

export async function startFakeServer(bugs: Bugs = {}, rateLimited = false): Promise<FakeServer> {
  const widgets = new Map<string, { id: string; name: string; owner: string }>();
  const keys = new Map<string, { body: string; status: number; answer: string }>();
  const deliveries: FakeServer['deliveries'] = [];
  const polled = new Set<string>();
  let windowStart = Date.now();
  let used = 0;
  let refused = 0;

  const send = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(value));
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const owner =
        req.headers.authorization === `Bearer ${KEY_A}` ? 'A' : req.headers.authorization === `Bearer ${KEY_B}` ? 'B' : undefined;
      if (!owner) return send(res, 401, { error: 'unauthorized' });
      const limit: Record<string, string> = {};
      if (rateLimited) {
        if (Date.now() - windowStart >= 1000) {
          windowStart = Date.now();
          used = 0;
        }
        used += 1;
        const reset = String(Math.max(1, Math.ceil((windowStart + 1000 - Date.now()) / 1000)));
        Object.assign(limit, {
          'RateLimit-Limit': String(LIMIT),
          'RateLimit-Remaining': String(Math.max(0, LIMIT - used)),
          'RateLimit-Reset': reset,
        });
        if (used > LIMIT) {
          refused += 1;
          return send(res, 429, { error: 'rate_limited' }, { ...limit, 'Retry-After': reset });
        }
      }
      const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/api\/test\/v1/, '');
      const text = await readBody(req);
      if (req.method === 'GET' && path === '/widgets') {
        const rows = [...widgets.values()].filter((w) => bugs.listLeaks || w.owner === owner).map(({ id, name }) => ({ id, name }));
        return send(res, 200, { data: rows }, limit);
      }
      const one = /^\/widgets\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && one) {
        const found = widgets.get(decodeURIComponent(one[1]!));
        if (!found) return send(res, 404, { error: 'not_found' }, limit);
        if (found.owner !== owner)
          return bugs.foreignIdForbidden ? send(res, 403, { error: 'forbidden' }, limit) : send(res, 404, { error: 'not_found' }, limit);
        // The documented poll interval: one answered read per widget per 15 minutes.
        if (polled.has(found.id)) return send(res, 429, { error: 'rate_limited' }, { ...limit, 'Retry-After': '900' });
        polled.add(found.id);
        return send(res, 200, { id: found.id, name: found.name }, limit);
      }
      if (req.method === 'POST' && path === '/widgets') {
        const key = req.headers['idempotency-key'];
        const stored = typeof key === 'string' && !bugs.neverReplays ? keys.get(`${owner}:${key}`) : undefined;
        if (stored && stored.body !== text) return send(res, 409, { error: 'idempotency_key_reused' }, limit);
        if (stored) {
          res.writeHead(stored.status, { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true', ...limit });
          return void res.end(stored.answer);
        }
        const created = { id: `w_${randomUUID()}`, name: (JSON.parse(text) as { name: string }).name };
        widgets.set(created.id, { ...created, owner });
        const answer = JSON.stringify(created);
        if (typeof key === 'string') keys.set(`${owner}:${key}`, { body: text, status: 201, answer });
        const deliveryId = `dlv_${deliveries.length + 1}`;
        const payload = JSON.stringify({ event: 'widget.created', id: created.id, deliveryId });
        const now = Date.now();
        deliveries.push({
          receivedAt: new Date(now).toISOString(),
          headers: signed(payload, bugs.wrongSigningKey ? 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' : SECRET, deliveryId, now),
          body: payload,
          endpointId: 'we_1',
          deliveryId,
        });
        res.writeHead(201, { 'Content-Type': 'application/json', ...limit });
        return void res.end(answer);
      }
      return send(res, 404, { error: 'not_found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/test/v1`,
    deliveries,
    refused: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
