// A small HTTP front for the Prism mock that makes it refuse exactly what the server refuses. Prism
// checks a request against the document only: it knows no checksum (an ACN's `format: acn`), none of
// an operation's own rules (one PPSR search type, D-26 event types, Form 484's D-11 rules) and
// answers every refused body with the operation's first 422 example whatever was wrong. So the front
// runs the server's own checks of a request's input (server/http/request-check.ts: body bytes,
// Idempotency-Key, the document's structural pass, the operation's rules from its handler, the Zod
// parse) and answers a refusal itself, word for word the server's; only a request the server would
// hand its handler goes on to Prism, which answers it from the document's examples. Nothing here
// restates a rule, so the mock cannot drift from the server. Which documented answer Prism gives an
// accepted request is chosen from the request (example-choice.ts).
//
// Prism still answers what depends on no body: a request without a bearer credential (its 401, which
// the server too answers before reading the body), a path or method the document does not have.
// Those go to Prism with `{}` for any body they carried, since a body Prism cannot survive (a member
// name outside Latin-1 in its `sl-violations` header, deep nesting in its request log) would take its
// process down; a path with a malformed escape, on which Prism's router throws, gets the server's 404.
import { request as httpRequest, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { Operation } from 'openapi-backend';
import { loadConfig } from '../../server/config.js';
import { ManualClock, RealClock, type Clock } from '../../server/clock.js';
import { createBackend } from '../../server/http/backend.js';
import { inputSchemasOf, type AnyHandler, type RuleDeps } from '../../server/http/handler.js';
import { factsOf, type OperationFacts } from '../../server/http/operation-facts.js';
import { checkRequest, pathRefusal } from '../../server/http/request-check.js';
import { newRequestId } from '../../server/http/request-id.js';
import type { RequestContext } from '../../server/http/context.js';
import type { HttpResult } from '../../server/http/responses.js';
import { PUBLIC_HANDLERS } from '../../server/routes/index.js';
import { PUBLIC_OPERATIONS } from '../../schemas/operations.js';
import { preferFor } from './example-choice.js';

/** Prism's own test of an http bearer credential (prism-http's security handler `bearer.js`). */
const BEARER = /^Bearer\s.+$/;

/**
 * The mock delivers no webhook, so it asks no DNS: every host name stands for one public address
 * (example.com's), and a webhook URL is judged by what it says itself (scheme, IP literal,
 * `localhost`), as the server judges it. A name that does not resolve is the one answer that differs.
 */
const PUBLIC_ADDRESS = '93.184.216.34';

/**
 * The sandbox's defaults (no SVC_WEBHOOK_ALLOW_LOCAL), no DNS, and the real clock, or the mock's
 * `--today` (at noon in Brisbane): the day its examples are dated (D-61) is the day dates are judged by.
 */
function ruleDeps(today: string | undefined): RuleDeps {
  const clock: Clock = today ? new ManualClock(new Date(`${today}T02:00:00Z`)) : new RealClock();
  return { config: loadConfig({}), clock, resolveHost: async () => [PUBLIC_ADDRESS] };
}

/**
 * The CORS headers Prism gives every answer (prism-http-server's `setCommonCORSHeaders`), so that a
 * page calling the mock can read a refusal the front makes just as it reads Prism's answers.
 */
function corsHeaders(req: IncomingMessage): Record<string, string> {
  const header = (name: string): string | undefined => [req.headers[name]].flat()[0];
  return {
    'Access-Control-Allow-Origin': header('origin') ?? '*',
    'Access-Control-Allow-Headers': header('access-control-request-headers') ?? '*',
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Expose-Headers': header('access-control-expose-headers') ?? '*',
  };
}

function answer(req: IncomingMessage, res: ServerResponse, result: HttpResult): void {
  const body = result.body === undefined ? '' : JSON.stringify(result.body);
  res.writeHead(result.status, {
    ...corsHeaders(req),
    ...(result.headers ?? {}),
    'X-Request-Id': newRequestId(),
    ...(body ? { 'Content-Type': 'application/json; charset=utf-8' } : {}),
    'Content-Length': String(Buffer.byteLength(body)),
  });
  res.end(body);
}

function forward(prism: URL, req: IncomingMessage, res: ServerResponse, body: string | undefined, prefer?: string): void {
  const headers = { ...req.headers, host: prism.host, ...(prefer ? { prefer } : {}) };
  delete headers['transfer-encoding'];
  delete headers['content-length'];
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  // A connection per request: a kept-alive one that Prism closes as the next request goes out would
  // fail that request with ECONNRESET, which the caller would take for the mock's error.
  const upstream = httpRequest(
    { host: prism.hostname, port: prism.port, method: req.method, path: req.url, headers, agent: false },
    (reply) => {
      res.writeHead(reply.statusCode ?? 502, reply.rawHeaders);
      reply.pipe(res);
    },
  );
  upstream.on('error', (error) => {
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
    res.end(`Prism did not answer: ${error.message}`);
  });
  upstream.end(body);
}

/** Reads and drops a body the front does not check: Prism gets `{}` in its place. */
async function drained(req: IncomingMessage): Promise<string | undefined> {
  let carried = false;
  for await (const chunk of req) carried ||= (chunk as Buffer).length > 0;
  return carried ? '{}' : undefined;
}

/** The front server: listen on it where `npm run mock` promises the mock (127.0.0.1:4010). */
export async function createMockFront(document: Record<string, unknown>, prism: URL, today?: string): Promise<Server> {
  const backend = await createBackend(document);
  const deps = ruleDeps(today);
  const schemas = inputSchemasOf(PUBLIC_OPERATIONS);
  const handlers: Readonly<Record<string, AnyHandler<RequestContext>>> = PUBLIC_HANDLERS;
  const facts = new Map<string, OperationFacts>();
  const factsFor = (operation: Operation & { operationId: string }): OperationFacts => {
    const found = facts.get(operation.operationId) ?? factsOf(operation);
    facts.set(operation.operationId, found);
    return found;
  };

  return createServer((req, res) => {
    void (async () => {
      const [path = '/', search = ''] = (req.url ?? '/').split(/\?(.*)/s);
      const method = req.method === 'HEAD' ? 'get' : (req.method ?? 'GET').toLowerCase();
      // The document the mock serves, dated its day as a service's own /openapi.json (D-61, D-73):
      // the contract runner reads the mock's today there.
      if (method === 'get' && path === '/openapi.json') {
        await drained(req);
        return answer(req, res, { status: 200, body: document });
      }
      const operation = backend.router.matchOperation({ method, path, headers: {} });
      const unnamed = pathRefusal(backend, operation, path, factsFor);
      if (unnamed) {
        await drained(req);
        return answer(req, res, unnamed);
      }
      if (!operation?.operationId || !BEARER.test(req.headers.authorization ?? '')) return forward(prism, req, res, await drained(req));
      const id = operation.operationId;
      const checked = await checkRequest({
        deps,
        backend,
        operation,
        facts: factsFor(operation as Operation & { operationId: string }),
        req,
        method,
        path,
        query: parseQuery(search),
        ...(handlers[id]?.refineProblems ? { rules: handlers[id].refineProblems } : {}),
        ...(schemas[id] ? { schemas: schemas[id] } : {}),
      });
      if (checked.kind === 'aborted') return void res.destroy();
      if (checked.kind === 'refused') return answer(req, res, checked.result);
      const described = (document.paths as Record<string, Record<string, Record<string, unknown>>>)[operation.path]?.[operation.method];
      const prefer = described
        ? preferFor(document, described, { body: checked.json, query: parseQuery(search), prefer: [req.headers.prefer].flat()[0] })
        : undefined;
      forward(prism, req, res, checked.json === undefined ? undefined : JSON.stringify(checked.json), prefer);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String(error));
    });
  });
}
