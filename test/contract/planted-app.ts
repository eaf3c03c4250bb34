// A deliberately broken copy of the app, one planted bug per operation, to prove the runner catches
// each with the right check. Bugs a handler can have are planted as replacement handlers run by the
// real pipeline. Two bugs cannot be planted that way, because the pipeline authenticates and
// validates before any handler runs: accepting an invalid body and not enforcing auth. Those are
// planted as a small Express app in front of the real one that serves a single operation itself
// (what a route mounted outside the pipeline, or a regression in it, would look like); every other
// request falls through to the real app.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import type { StandInHandlers } from '../../server/http/handler.js';
import { loadDocument } from '../support/document.js';
import { TEST_PREFIX } from '../../scripts/contract/in-process.js';

const doc = loadDocument();

/** The first documented example of a response body. */
export function responseExample(path: string, method: string, status: number): Record<string, unknown> {
  const paths = doc.paths as Record<
    string,
    Record<string, { responses: Record<string, { content: Record<string, { examples: Record<string, { value: unknown }> }> }> }>
  >;
  const examples = paths[path]![method]!.responses[String(status)]!.content['application/json']!.examples;
  return structuredClone(Object.values(examples)[0]!.value) as Record<string, unknown>;
}

const base62 = (length: number) =>
  [...randomBytes(length)].map((b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[b % 62]).join('');

interface Endpoint {
  id: string;
  url: string;
  eventTypes: string[];
  enabled: boolean;
  consecutiveFailures: number;
  disabledReason: null;
  createdAt: string;
  updatedAt: string;
}

/** Replacement handlers: four broken operations and a webhook store whose delete forgets to delete. */
export function plantedHandlers(): StandInHandlers {
  const endpoints = new Map<string, Endpoint>();
  const now = '2026-11-22T00:00:00Z';
  const missing = { status: 404, body: { error: 'not_found', message: 'No such webhook endpoint.' } };
  return {
    // Bug 1: a 500 on an edge input, the documented maximum page size.
    listIndustries: async (_ctx, input) => {
      if (Number(input.query.perPage) === 100) throw new Error('planted: perPage at its documented maximum');
      return { status: 200, body: responseExample('/helpers/industries', 'get', 200) };
    },
    // Bug 7 (for shrinking): a 500 whenever the name contains a digit, which no example has, so only
    // fuzzing finds it, and fast-check should shrink the name to a single digit.
    getCompanyNameAvailability: async (_ctx, input) => {
      if (/\d/.test(String(input.query.name))) throw new Error('planted: digits in a company name');
      return { status: 200, body: responseExample('/helpers/company-name-availability', 'get', 200) };
    },
    // Bug 2: a field the document does not have. Sent raw so the harness's own response validation
    // (which would turn it into a 500) does not hide it from the runner.
    getLodgement: async () => ({
      status: 200,
      raw: {
        contentType: 'application/json',
        data: Buffer.from(JSON.stringify({ ...responseExample('/lodgements/{requestId}', 'get', 200), internalNote: 'planted' })),
      },
    }),
    // Bug 3: a status code the operation does not document.
    getPpsrSearch: async () => ({ status: 410, body: { error: 'gone', message: 'Searches are archived.' } }),
    // Bug 6: delete answers 204 but the endpoint stays (and stays updatable).
    createWebhookEndpoint: async (_ctx, input) => {
      const body = input.body as { url: string; eventTypes: string[] };
      const endpoint: Endpoint = {
        id: `we_${base62(24)}`,
        url: body.url,
        eventTypes: body.eventTypes,
        enabled: true,
        consecutiveFailures: 0,
        disabledReason: null,
        createdAt: now,
        updatedAt: now,
      };
      endpoints.set(endpoint.id, endpoint);
      return { status: 201, body: { ...endpoint, secret: `whsec_${base62(32)}` } };
    },
    updateWebhookEndpoint: async (_ctx, input) => {
      const endpoint = endpoints.get(String(input.params.id));
      if (!endpoint) return missing;
      Object.assign(endpoint, input.body as Partial<Endpoint>);
      return { status: 200, body: endpoint };
    },
    rotateWebhookEndpointSecret: async (_ctx, input) => {
      const endpoint = endpoints.get(String(input.params.id));
      return endpoint ? { status: 200, body: { ...endpoint, secret: `whsec_${base62(32)}` } } : missing;
    },
    listWebhookDeliveries: async (_ctx, input) =>
      endpoints.has(String(input.params.id))
        ? { status: 200, body: { data: [], meta: { currentPage: 1, perPage: 25, total: 0, lastPage: 1 } } }
        : missing,
    deleteWebhookEndpoint: async (_ctx, input) => (endpoints.has(String(input.params.id)) ? { status: 204 } : missing),
  };
}

/**
 * Bugs 8 to 12, one for each check no other planted bug or mutant covers, all on monitoring paths
 * (which the other planted runs leave out), answered in front of the real app.
 */
function plantMonitoringBugs(front: express.Express, secret: string, requestId: () => string): void {
  const authorised = (req: express.Request, res: express.Response): boolean => {
    res.setHeader('X-Request-Id', requestId());
    if (req.headers.authorization === `Bearer ${secret}` && req.headers.origin === undefined && req.headers['sec-fetch-site'] === undefined)
      return true;
    res.status(401).json({ errors: ['Invalid API key.'] });
    return false;
  };
  // Bug 8 (positive_data_acceptance): the event list refuses every request, valid or not, with 400.
  front.get(`${TEST_PREFIX}/monitoring/events`, (req, res) => {
    if (authorised(req, res)) res.status(400).json({ error: 'invalid_request', message: 'planted: every request refused' });
  });
  // Bug 9 (unsupported_method): a method the path does not define answers 404, not 405 with Allow.
  front.put(`${TEST_PREFIX}/monitoring/events`, (_req, res) => {
    res.setHeader('X-Request-Id', requestId());
    res.status(404).json({ error: 'not_found', message: 'No such endpoint.' });
  });
  // Bug 10 (missing_required_header): the renewal goes ahead without its required Idempotency-Key.
  front.post(`${TEST_PREFIX}/monitoring/entities/renew`, (req, res) => {
    req.resume();
    if (authorised(req, res)) res.status(200).json(responseExample('/monitoring/entities/renew', 'post', 200));
  });
  // Bug 11 (ensure_resource_availability): an order answers 201 with entities it never made, so
  // reading the first one (the document's link GetEntity) finds nothing.
  front.post(`${TEST_PREFIX}/monitoring/entities`, (req, res) => {
    req.resume();
    if (authorised(req, res)) res.status(201).json(responseExample('/monitoring/entities', 'post', 201));
  });
  front.get(`${TEST_PREFIX}/monitoring/entities/:id`, (req, res) => {
    if (authorised(req, res)) res.status(404).json({ error: 'not_found', message: 'No such monitored entity.' });
  });
  // Bug 12 (max_response_time): the first read of the entity list is slow (a cold cache), then the real app answers.
  let cold = true;
  front.get(`${TEST_PREFIX}/monitoring/entities`, (_req, _res, next) => {
    if (!cold) return next();
    cold = false;
    setTimeout(next, SLOW_FIRST_ANSWER_MS);
  });
}

/** How long bug 12's first answer takes; the planted test's --max-response-time is below it. */
export const SLOW_FIRST_ANSWER_MS = 1500;

export interface FrontApp {
  url: string;
  close: () => Promise<void>;
}

/** Bugs 4, 5 and 8 to 12, in front of the real app. `secret` is the only key the planted route accepts. */
export async function startFrontApp(realApp: express.Express, secret: string): Promise<FrontApp> {
  const front = express();
  const requestId = () => `req_${base62(24)}`;
  // Bug 4: authenticates properly but takes any body, valid or not, and creates an alert.
  front.post(`${TEST_PREFIX}/ppsr/alerts`, (req, res) => {
    res.setHeader('X-Request-Id', requestId());
    if (req.headers.authorization !== `Bearer ${secret}`) return void res.status(401).json({ errors: ['Invalid API key.'] });
    if (req.headers.origin !== undefined || req.headers['sec-fetch-site'] !== undefined) {
      return void res.status(403).json({ errors: ['Secret keys must not be used from a browser; use a publishable key.'] });
    }
    req.resume();
    res.status(201).json(responseExample('/ppsr/alerts', 'post', 201));
  });
  // Bug 5: answers without looking at the credentials.
  front.get(`${TEST_PREFIX}/webhooks`, (_req, res) => {
    res.setHeader('X-Request-Id', requestId());
    res.status(200).json({ data: [] });
  });
  plantMonitoringBugs(front, secret, requestId);
  front.use(realApp);
  const server: Server = front.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
