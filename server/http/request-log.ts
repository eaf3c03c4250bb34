// The request log's hooks into the HTTP pipeline (D-51): what a public API request was, noted while
// it is answered, and handed to the log's buffer once its answer is out. Every hook is a map lookup
// or a field set; redaction, serialisation and the database write happen later, in batches
// (store/request-log.ts). Only a request that authenticated as an account is logged: one refused
// with 401 or 403 by authentication names no account the log could belong to (the process's JSON
// log line keeps it). Operator API requests have no account and are not logged.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import type { AppDeps } from '../deps.js';
import type { Caller } from '../domain/caller.js';
import { MAX_KEPT_BODY, type RequestLogEntry } from '../store/request-log.js';
import type { HttpResult } from './responses.js';

interface Draft {
  caller: Caller;
  operationId: string;
  requestText?: string;
  answer?: HttpResult;
  /** The answer's JSON text as it was sent, when it was JSON. */
  answerText?: string;
}

const drafts = new WeakMap<IncomingMessage, Draft>();

/** Request headers kept with a test entry; credentials (Authorization, X-Auth-SVC) never are. */
export const KEPT_HEADERS = ['content-type', 'idempotency-key', 'user-agent', 'x-request-id'] as const;

/** A path or query kept longer than this is cut (Node already bounds the request line with its 16 KB of headers). */
const MAX_URL_PART = 2048;

/** The request authenticated as `caller` (public-profile.ts): from now on it is logged. */
export function watchCaller(req: IncomingMessage, caller: Caller, operationId: string): void {
  drafts.set(req, { caller, operationId });
}

/**
 * The request body's text as it arrived (body.ts); kept only for a logged test request. A body past
 * what the log keeps is copied down to that (a character more says it was cut), so the buffer never
 * holds a Form 484 of 8 MiB until its batch is written.
 */
export function noteRequestText(req: IncomingMessage, text: string): void {
  const draft = drafts.get(req);
  if (!draft || draft.caller.environment !== 'test') return;
  draft.requestText = text.length > MAX_KEPT_BODY ? Buffer.from(text.slice(0, MAX_KEPT_BODY + 1)).toString() : text;
}

/** The answer as the pipeline wrote it (send.ts), with its JSON text when it sent one. */
export function noteAnswer(res: ServerResponse, result: HttpResult, text?: string): void {
  const draft = drafts.get(res.req);
  if (!draft) return;
  draft.answer = result;
  draft.answerText = text;
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function entryOf(deps: AppDeps, req: Request, res: Response, draft: Draft, durationMs: number): RequestLogEntry {
  const { caller } = draft;
  const url = req.originalUrl;
  const mark = url.indexOf('?');
  const test = caller.environment === 'test';
  const idempotencyKey = headerValue(req, 'idempotency-key');
  const entry: RequestLogEntry = {
    accountId: caller.account.id,
    environment: caller.environment,
    requestId: String(res.getHeader('X-Request-Id')),
    method: req.method,
    path: (mark === -1 ? url : url.slice(0, mark)).slice(0, MAX_URL_PART),
    // D-51: a live entry is only method, path, status, time and request id (with its duration and operation).
    query: test && mark !== -1 ? url.slice(mark + 1, mark + 1 + MAX_URL_PART) : '',
    status: res.statusCode,
    durationMs: Math.round(durationMs * 100) / 100,
    operationId: draft.operationId || null,
    keyId: caller.key?.id ?? null,
    idempotencyKey: test && idempotencyKey !== undefined ? idempotencyKey.slice(0, 255) : null,
    replayed: res.getHeader('Idempotent-Replayed') === 'true',
    createdAt: deps.clock.now(),
  };
  if (test) entry.kept = keptOf(req, draft);
  return entry;
}

/** What a test entry keeps besides the facts (D-51): selected headers and both bodies. Set field by field, without spreads, on the path of every answer. */
function keptOf(req: Request, draft: Draft): NonNullable<RequestLogEntry['kept']> {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = headerValue(req, name);
    if (value !== undefined) headers[name] = value.slice(0, MAX_URL_PART);
  }
  const kept: NonNullable<RequestLogEntry['kept']> = { headers };
  if (draft.requestText !== undefined) kept.requestText = draft.requestText;
  const { answer } = draft;
  if (answer && !answer.raw && answer.status !== 204) {
    kept.responseBody = answer.body;
    if (draft.answerText !== undefined) kept.responseText = draft.answerText;
  }
  return kept;
}

/** Once the answer is out (app.ts): hands a watched request to the log. A failure here never reaches the caller. */
export function logRequest(deps: AppDeps, req: Request, res: Response, durationMs: number): void {
  const draft = drafts.get(req);
  if (!draft) return;
  drafts.delete(req);
  try {
    deps.requestLog.record(entryOf(deps, req, res, draft, durationMs));
  } catch (error) {
    deps.logger.warn({ err: error, requestId: String(res.getHeader('X-Request-Id')) }, 'request log: an entry could not be recorded');
  }
}
