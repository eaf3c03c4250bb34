// Sends one operation of the public document to a test server the way a partner would (built from the
// document's own examples), with the caller's credentials and prefix, and reads the answer. Also the
// three error shapes of spec 7 as predicates, so the security and robustness suites judge them alike.
import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import type { JsonObject, OperationRef } from './document.js';
import { exampleRequest } from './example-requests.js';

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

export const PREFIX = { test: '/api/test/v2', live: '/api/v2', v1Test: '/api/test/v1', v1Live: '/api/v1' } as const;

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export interface CallOptions {
  prefix: string;
  /** Headers for this call; the example's placeholder `Authorization` is dropped first. */
  headers?: Record<string, string>;
  /** Replaces the example path (already prefixed-free, e.g. `/webhooks/abc`), query included. */
  path?: string;
  /** Replaces the example body (sent as is; a stream goes chunked, without Content-Length). `null` sends no body. */
  body?: string | Buffer | Readable | null;
  /** Drops these headers from the example (lower-case names). */
  drop?: string[];
}

export function operationId(ref: OperationRef): string {
  return String(ref.operation.operationId);
}

export function errorFamily(ref: OperationRef): 'api' | 'form484' {
  return ref.operation['x-error-family'] === 'form484' ? 'form484' : 'api';
}

export function isMonitoring(ref: OperationRef): boolean {
  return ref.operation['x-rate-limit-class'] === 'monitoring';
}

export function isTestOnly(ref: OperationRef): boolean {
  return ref.operation['x-test-only'] === true;
}

export function allowsPublishable(ref: OperationRef): boolean {
  return ((ref.operation.security ?? []) as JsonObject[]).some((s) => 'publishableKey' in s);
}

export function hasBody(ref: OperationRef): boolean {
  return ref.operation.requestBody !== undefined;
}

export function describeOp(ref: OperationRef): string {
  return `${ref.method.toUpperCase()} ${ref.path} (${operationId(ref)})`;
}

/** Sends the operation's example request with the given credentials; every answer must carry X-Request-Id. */
export async function callOperation(baseUrl: string, ref: OperationRef, options: CallOptions): Promise<Answer> {
  const example = exampleRequest(ref);
  const headers: Record<string, string> = {};
  const dropped = new Set(['authorization', ...(options.drop ?? []).map((h) => h.toLowerCase())]);
  for (const [name, value] of Object.entries(example.headers)) if (!dropped.has(name.toLowerCase())) headers[name] = value;
  // A fresh Idempotency-Key per call, so concurrent calls of one account never meet in the store.
  if (headers['Idempotency-Key'] !== undefined) headers['Idempotency-Key'] = `key-${randomUUID()}`;
  Object.assign(headers, options.headers ?? {});
  const body = options.body === undefined ? example.body : options.body === null ? undefined : options.body;
  if (body === undefined) delete headers['Content-Type'];
  const answer = await rawRequest(`${baseUrl}${options.prefix}${options.path ?? example.path}`, example.method, headers, body);
  if (!answer.headers.get('x-request-id')) {
    throw new Error(`${describeOp(ref)} on ${options.prefix} answered ${answer.status} without X-Request-Id`);
  }
  return answer;
}

/**
 * One HTTP request through node:http rather than fetch: fetch refuses a body on GET and adds headers
 * of its own (`Sec-Fetch-Mode`), and the robustness suite must send exactly what it means to.
 * A `Readable` body goes chunked (no Content-Length); a string or Buffer goes with its length.
 */
export function rawRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string | Buffer | Readable,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing: Record<string, string> = { ...headers };
    if (body !== undefined && !(body instanceof Readable)) outgoing['Content-Length'] = String(Buffer.byteLength(body));
    const request = httpRequest(url, { method, headers: outgoing, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (value === undefined) continue;
          for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, item);
        }
        let parsed: unknown = undefined;
        if (text) {
          try {
            parsed = JSON.parse(text) as unknown;
          } catch {
            parsed = text;
          }
        }
        resolve({ status: response.statusCode ?? 0, headers: responseHeaders, body: parsed, text });
      });
    });
    // A connection reset before any answer is a failure (a 413 must arrive even while the body is still being sent).
    request.on('error', reject);
    if (body instanceof Readable) body.pipe(request);
    else request.end(body);
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{errors: [string, ...]}` and nothing else (D-03). */
export function isSharedError(body: unknown): boolean {
  if (!isRecord(body) || Object.keys(body).length !== 1 || !Array.isArray(body.errors) || body.errors.length === 0) return false;
  return body.errors.every((e) => typeof e === 'string' && e.length > 0);
}

const API_ERROR_KEYS = new Set(['error', 'message', 'errors', 'limit', 'active', 'current']);

/** `{error, message, errors?}` (D-10): `errors` keyed by field, each an array of `{code, message}`. */
export function isApiError(body: unknown, code?: string): boolean {
  if (!isRecord(body) || typeof body.error !== 'string' || typeof body.message !== 'string') return false;
  if (code !== undefined && body.error !== code) return false;
  if (!Object.keys(body).every((k) => API_ERROR_KEYS.has(k))) return false;
  if (body.errors === undefined) return true;
  if (!isRecord(body.errors)) return false;
  return Object.values(body.errors).every(
    (list) =>
      Array.isArray(list) &&
      list.length > 0 &&
      list.every((p) => isRecord(p) && typeof p.code === 'string' && typeof p.message === 'string'),
  );
}

/** `{response: null, errors: [{code, field, message}, ...]}` (D-11). */
export function isForm484Error(body: unknown, code?: string): boolean {
  if (!isRecord(body) || body.response !== null || !Array.isArray(body.errors) || body.errors.length === 0) return false;
  if (Object.keys(body).length !== 2) return false;
  const ok = body.errors.every(
    (p) => isRecord(p) && typeof p.code === 'string' && typeof p.field === 'string' && typeof p.message === 'string',
  );
  return ok && (code === undefined || body.errors.some((p) => isRecord(p) && p.code === code));
}

/** The family shape of a non-auth error of this operation. */
export function isFamilyError(ref: OperationRef, body: unknown, code?: string): boolean {
  return errorFamily(ref) === 'form484' ? isForm484Error(body, code) : isApiError(body, code);
}

/** "Accepted": the credentials got past authentication and key checks. */
export function accepted(answer: Answer): boolean {
  return answer.status !== 401 && answer.status !== 403;
}

/** Runs `send` for every item, `batch` at a time (keeps the embedded database's queue short). */
export async function inBatches<T, R>(items: readonly T[], send: (item: T) => Promise<R>, batch = 8): Promise<R[]> {
  const out: R[] = [];
  for (let start = 0; start < items.length; start += batch) out.push(...(await Promise.all(items.slice(start, start + batch).map(send))));
  return out;
}
