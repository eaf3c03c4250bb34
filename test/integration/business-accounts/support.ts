// Shared steps of the business account suites: applying and reading through the generated SDK, a raw
// call for bodies the SDK would refuse or re-serialise, the document's example bodies, and the clock
// moved by the operator API.
import { expect } from 'vitest';
import {
  createBusinessAccountApplication,
  getBusinessAccountStatus,
  type BusinessAccountApplication,
} from '../../../generated/client/index.js';
import { loadDocument, type JsonObject } from '../../support/document.js';
import { sdkClient, type TestServer } from '../../support/harness.js';

export const PREFIX = { test: '/api/test/v2', live: '/api/v2' } as const;
/** Spec 4.4, D-37: one status read per application per 15 minutes. */
export const POLL_SECONDS = 15 * 60;

export type Application = BusinessAccountApplication;

/** The request examples of `POST /business-accounts` as the published document carries them. */
export function documentExamples(): Record<string, Application> {
  const operation = ((loadDocument().paths as JsonObject)['/business-accounts'] as JsonObject).post as JsonObject;
  const media = ((operation.requestBody as JsonObject).content as JsonObject)['application/json'] as JsonObject;
  return Object.fromEntries(
    Object.entries(media.examples as Record<string, { value: Application }>).map(([name, example]) => [name, example.value]),
  );
}

/** Sets `path` (dotted, array indexes as numbers) in a copy of `body`; `undefined` deletes the key. */
export function withValue<T>(body: T, path: string, value: unknown): T {
  const copy = structuredClone(body) as unknown as Record<string, unknown>;
  const parts = path.split('.');
  let node: Record<string, unknown> = copy;
  for (const part of parts.slice(0, -1)) node = node[part] as Record<string, unknown>;
  const last = parts[parts.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy as unknown as T;
}

export function mutate<T>(body: T, ...changes: [string, unknown][]): T {
  return changes.reduce((acc, [path, value]) => withValue(acc, path, value), body);
}

/** Applies through the SDK; returns the HTTP status (201 new, 200 existing) and the answer. */
export async function apply(server: TestServer, key: string, body: Application, prefix: string = PREFIX.test, idempotencyKey?: string) {
  const { data, error, response } = await createBusinessAccountApplication({
    client: sdkClient(server, key, prefix),
    body,
    ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  });
  expect(error, JSON.stringify(error)).toBeUndefined();
  return { status: response.status, requestId: data!.requestId, applicationStatus: data!.status, response };
}

export async function readStatus(server: TestServer, key: string, requestId: number, prefix: string = PREFIX.test) {
  const { data, error, response } = await getBusinessAccountStatus({ client: sdkClient(server, key, prefix), path: { requestId } });
  return { data, error, status: response.status, headers: response.headers };
}

/** A raw call, so a deliberately bad body reaches the server as written. */
export async function rawCall(
  server: TestServer,
  key: string,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
  prefix: string = PREFIX.test,
) {
  const response = await fetch(`${server.url}${prefix}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
}

export interface FieldError {
  code: string;
  message: string;
}

/** POSTs a body (any JSON value) and returns the `errors` object of the 422 (D-10). */
export async function problemsOf(server: TestServer, key: string, body: unknown): Promise<Record<string, FieldError[]>> {
  const answer = await rawCall(server, key, 'POST', '/business-accounts', JSON.stringify(body));
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  expect(answer.body).toMatchObject({ error: 'validation_failed', message: expect.any(String) });
  return answer.body.errors as Record<string, FieldError[]>;
}

/** `{ path: [codes] }`, the comparable core of a D-10 errors object. */
export function codesByPath(errors: Record<string, FieldError[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([path, list]) => [path, list.map((e) => e.code).sort()]));
}

export async function advance(server: TestServer, seconds: number): Promise<void> {
  const moved = await server.admin('POST', '/admin/clock/advance', { seconds });
  expect(moved.status).toBe(200);
}
