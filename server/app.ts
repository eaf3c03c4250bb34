// Builds the HTTP app from its dependencies. main.ts calls it with the real configuration; tests
// call it in-process with a manual clock and an in-memory PGlite.
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { AppDeps } from './deps.js';
import { createApi } from './http/api.js';
import { documentFile } from './http/document-files.js';
import { refusal, type ErrorShape } from './http/error-mappers.js';
import { rawRequestFamily, type PrefixedDocument } from './http/raw-request-family.js';
import { inputSchemasOf, pendingOperations, type StandInHandlers } from './http/handler.js';
import { implementedHandlers } from './http/handler-maps.js';
import { PUBLIC_OPERATIONS } from '../schemas/operations.js';
import { ADMIN_OPERATIONS } from '../schemas/admin/operations.js';
import { operatorProfile } from './http/operator-profile.js';
import { publicProfile } from './http/public-profile.js';
import { send } from './http/send.js';
import { PUBLIC_HANDLERS, type PublicHandlers } from './routes/index.js';
import { OPERATOR_HANDLERS } from './routes/admin.js';
import { DOCUMENTS_PATH, documentsHandler } from './routes/documents.js';
import { CONSOLE_PATH, RECEIVER_PATH, consoleRouter, webhookReceiver } from './http/console.js';
import { CHANGELOG_PATH, changelogRedirect, DOCS_PATH, docsRouter } from './http/docs-page.js';
import { PACKAGES_PATH, packagesRouter } from './http/packages.js';
import { servedDocument } from './http/served-document.js';
import type { JobRegistry } from './jobs/runner.js';
import { createJobRegistry } from './job-registry.js';
import { ping } from './store/db.js';
import { createMetrics } from './http/metrics.js';
import { createRefusalLimiter } from './http/refusal-limit.js';
import { newRequestId } from './http/request-id.js';
import type { ConnectionGuards } from './http/connection-guards.js';
import { logRequest } from './http/request-log.js';
import { SharedManualClock } from './store/shared-clock.js';
import { ROOT } from './root.js';
import { callerText } from '../schemas/common/caller-text.js';

export interface BuiltApp {
  app: express.Express;
  jobs: JobRegistry;
  /** Operations of each document without a handler (they answer 501), computed, not kept by hand. */
  pending: { public: string[]; operator: string[] };
}

export interface AppOptions {
  /** Check every handler response against the document (on in tests, like openapi-backend's examples). */
  validateResponses?: boolean;
  /** Replace the handler map (tests of cross-cutting pieces use stand-in handlers). */
  handlers?: PublicHandlers | StandInHandlers;
}

export const API_PREFIXES = [
  { path: '/api/v2', environment: 'live', version: 'v2' },
  { path: '/api/test/v2', environment: 'test', version: 'v2' },
  { path: '/api/v1', environment: 'live', version: 'v1' },
  { path: '/api/test/v1', environment: 'test', version: 'v1' },
] as const;

/** The operations of each document that answer 501 with the default handlers (what `npm start` prints). */
export function pendingOfService(): BuiltApp['pending'] {
  return {
    public: pendingOperations(documentFile('spec/openapi.json'), PUBLIC_HANDLERS),
    operator: pendingOperations(documentFile('spec/admin.openapi.json'), OPERATOR_HANDLERS),
  };
}

export async function buildApp(deps: AppDeps, options: AppOptions = {}): Promise<BuiltApp> {
  const jobs = createJobRegistry(deps.config);
  const publicDocument = documentFile('spec/openapi.json');
  const operatorDocument = documentFile('spec/admin.openapi.json');
  const publicHandlers = options.handlers ?? PUBLIC_HANDLERS;
  const validateResponses = options.validateResponses === true;
  const publicApi = await createApi(deps, {
    document: publicDocument,
    handlers: implementedHandlers(publicHandlers),
    schemas: inputSchemasOf(PUBLIC_OPERATIONS),
    validateResponses,
  });
  const operatorApi = await createApi(deps, {
    document: operatorDocument,
    handlers: implementedHandlers(OPERATOR_HANDLERS),
    schemas: inputSchemasOf(ADMIN_OPERATIONS),
    validateResponses,
  });
  const pending = {
    public: pendingOperations(publicDocument, publicHandlers),
    operator: pendingOperations(operatorDocument, OPERATOR_HANDLERS),
  };
  const metrics = createMetrics(deps.processes);

  const app = express();
  app.disable('x-powered-by');
  // No ETag, so no 304 to a conditional GET: neither is in the documents, and hashing every answer cost CPU (D-88).
  app.set('etag', false);
  // Paths are case-sensitive, as the document's are: /API/TEST/V2/webhooks is no endpoint (404).
  app.enable('case sensitive routing');
  // req.ip is the socket's address unless SVC_TRUST_PROXY names the proxies in front (D-53): a header
  // any client can write must not pick the address that budgets and limits count against.
  app.set('trust proxy', deps.config.SVC_TRUST_PROXY ?? false);
  // Where the worker shares this process, it lets requests in flight go first (jobs/request-gate.ts, D-85).
  const gate = deps.requestGate;
  if (gate)
    app.use((_req: Request, res: Response, next: NextFunction) => {
      gate.enter();
      res.once('close', gate.leave);
      next();
    });
  app.use((req: Request, res: Response, next: NextFunction) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && /^[A-Za-z0-9_.-]{1,100}$/.test(incoming) ? incoming : newRequestId();
    res.setHeader('X-Request-Id', id);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observe(req.method, res.statusCode, seconds);
      // The line's object (and req.path's parse) only where it is written: not at LOG_LEVEL=warn.
      if (deps.logger.isLevelEnabled('info'))
        deps.logger.info({ requestId: id, method: req.method, path: req.path, status: res.statusCode }, 'request');
      logRequest(deps, req, res, seconds * 1000);
    });
    next();
  });

  // A manual clock shared through the database: read the time another process may have moved it to.
  const sharedClock = deps.clock instanceof SharedManualClock ? deps.clock : undefined;
  // A failed read keeps this process's time (never wrong, at worst behind); the request goes on.
  // Only the APIs read the clock: health checks, metrics and docs do not pay for the query.
  if (sharedClock)
    app.use(['/api', '/admin'], (_req, _res, next) => {
      sharedClock.pull().then(
        () => next(),
        () => next(),
      );
    });

  app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  app.get('/readyz', (_req, res, next) => {
    // Not ready before the start's own work is done: an advance of the manual clock sent the moment
    // this says ready must find the worker and the recurring jobs in place.
    if (deps.startup && !deps.startup.done()) {
      res.status(503).json({ status: 'starting' });
      return;
    }
    ping(deps.db)
      .then((ok) => void res.status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'database unavailable' }))
      .catch(next);
  });
  app.get('/metrics', (_req, res, next) => {
    metrics
      .render()
      .then((text) => void res.type('text/plain; version=0.0.4').send(text))
      .catch(next);
  });
  app.use(DOCS_PATH, docsRouter(deps.config, deps.clock, `${ROOT}generated/docs/index.html`));
  app.get(CHANGELOG_PATH, changelogRedirect);
  app.use(CONSOLE_PATH, consoleRouter(`${ROOT}build/console`));
  // The workspace packages' tarballs that `npm run pack` wrote (D-65).
  app.use(PACKAGES_PATH, packagesRouter(deps.config, `${ROOT}build/packages`));
  // Over HTTP the built-in test receiver is reachable only where webhooks may target this loopback
  // service (D-24); test endpoints on its URLs are delivered in-process without it (D-59).
  if (deps.config.SVC_WEBHOOK_ALLOW_LOCAL) app.use(RECEIVER_PATH, webhookReceiver(deps));
  app.get('/openapi.json', servedDocument(deps.config, deps.clock, `${ROOT}spec/openapi.json`));
  app.get(DOCUMENTS_PATH, documentsHandler(deps));

  // One budget of 401s per client address for both APIs and every prefix (D-52).
  const refusals = createRefusalLimiter(deps);
  app.use('/admin', operatorApi.mount(operatorProfile(deps, jobs, refusals)));
  for (const prefix of API_PREFIXES) {
    const handler = publicApi.mount(publicProfile(deps, { environment: prefix.environment, version: prefix.version }, refusals));
    if (prefix.version === 'v1') {
      app.use(prefix.path, (_req, res, next) => {
        res.setHeader('Deprecation', 'true');
        res.setHeader('Link', '</docs/migration-v1>; rel="deprecation"');
        next();
      });
    }
    app.use(prefix.path, handler);
  }
  app.use((req: Request, res: Response) =>
    send(res, refusal('shared', 'not_found', `No such endpoint: ${req.method} ${callerText(req.path)}.`)),
  );
  // Last resort: a bug. Logged with the request id (the `err` serializer of logger.ts keeps query
  // parameters and bodies out of database errors); the caller gets no internals.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    deps.logger.error(
      { err: error, requestId: String(res.getHeader('X-Request-Id')), method: req.method, path: req.path },
      'unhandled error',
    );
    if (res.headersSent) return;
    send(res, refusal('shared', 'internal_error', 'Internal error. Quote the X-Request-Id when contacting support.'));
  });
  return { app, jobs, pending };
}

/** The bounds of connection-guards.ts from the settings and the app's `trust proxy` (D-53). */
export function connectionGuardsOf(config: AppDeps['config'], app: express.Express): ConnectionGuards {
  return {
    bodyTimeoutMs: config.SVC_BODY_TIMEOUT_MS,
    maxConnectionsPerClient: config.SVC_MAX_CONNECTIONS_PER_CLIENT,
    isTrustedProxy: app.get('trust proxy fn') as ConnectionGuards['isTrustedProxy'],
  };
}

/** The shape of a raw request's answer, from the two documents as the app routes them. */
let familyOfRawRequest: ((raw: Buffer | undefined) => ErrorShape) | undefined;
function rawFamily(raw: Buffer | undefined): ErrorShape {
  familyOfRawRequest ??= rawRequestFamily([
    { prefixes: API_PREFIXES.map((prefix) => prefix.path), paths: documentFile('spec/openapi.json').paths as PrefixedDocument['paths'] },
    { prefixes: [''], paths: documentFile('spec/admin.openapi.json').paths as PrefixedDocument['paths'] },
  ]);
  return familyOfRawRequest(raw);
}

/**
 * Node answers malformed HTTP itself (a control character in a header, headers over 16 KB or slower
 * than 60 s) before Express sees it, with a bare status line. Give those answers an X-Request-Id and
 * the error shape of the operation the request line names, as the app would (D-10..D-13): the bytes
 * Node received are read for the method and path; without a readable one, the shared shape.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    const current = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || current?.headersSent) {
      socket.destroy();
      return;
    }
    const answer =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? refusal(rawFamily(error.rawPacket), 'headers_too_large', 'Request headers are too large (16 KB at most).')
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? refusal(rawFamily(error.rawPacket), 'request_timeout', 'The request took too long to arrive.')
          : refusal(rawFamily(error.rawPacket), 'bad_request', 'Malformed HTTP request.');
    const body = JSON.stringify(answer.body);
    socket.end(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${newRequestId()}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
