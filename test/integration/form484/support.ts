// Shared steps of the Form 484 suites: lodging and reading through the generated SDK, a raw call for
// bodies the SDK's own validator would refuse before sending, the document's example bodies and the
// clock moved by the operator API.
import { expect } from 'vitest';
import { createForm484Lodgement, getForm484Status, type Form484Request } from '../../../generated/client/index.js';
import { loadDocument, type JsonObject } from '../../support/document.js';
import { sdkClient, type TestServer } from '../../support/harness.js';

export const PREFIX = { test: '/api/test/v2', live: '/api/v2', v1Test: '/api/test/v1', v1Live: '/api/v1' } as const;

/** The D-11 codes: every 422 of Form 484 uses these and no other. */
export const D11_CODES = [
  'required',
  'too_long',
  'not_uppercase',
  'invalid_date',
  'date_in_future',
  'date_out_of_window',
  'invalid_acn',
  'under_18',
  'sum_mismatch_v455',
  'unknown_share_class',
  'section_required',
  'invalid_enum',
  'invalid_format',
] as const;

export interface Form484Problem {
  code: string;
  field: string;
  message: string;
}

/** The request examples of `POST /asic-484-forms` as the published document carries them. */
export function documentExamples(): Record<string, Form484Request> {
  const operation = ((loadDocument().paths as JsonObject)['/asic-484-forms'] as JsonObject).post as JsonObject;
  const media = ((operation.requestBody as JsonObject).content as JsonObject)['application/json'] as JsonObject;
  return Object.fromEntries(
    Object.entries(media.examples as Record<string, { value: Form484Request }>).map(([name, example]) => [name, example.value]),
  );
}

export function clone<T>(value: T): T {
  return structuredClone(value);
}

/** Sets `path` (dotted, array indexes as numbers) in a copy of `body`; `undefined` deletes the key. */
export function withValue<T>(body: T, path: string, value: unknown): T {
  const copy = clone(body) as unknown as Record<string, unknown>;
  const parts = path.split('.');
  let node: Record<string, unknown> = copy;
  for (const part of parts.slice(0, -1)) node = node[part] as Record<string, unknown>;
  const last = parts[parts.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy as unknown as T;
}

export async function lodge(server: TestServer, key: string, body: Form484Request, prefix: string = PREFIX.test, idempotencyKey?: string) {
  const { data, error, response } = await createForm484Lodgement({
    client: sdkClient(server, key, prefix),
    body,
    ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  });
  expect(error, JSON.stringify(error)).toBeUndefined();
  expect(response.status).toBe(201);
  return { ...data!.response, response };
}

export async function readStatus(server: TestServer, key: string, requestId: number, prefix: string = PREFIX.test) {
  const { data, error, response } = await getForm484Status({ client: sdkClient(server, key, prefix), path: { requestId } });
  return { data, error, status: response.status };
}

/** A raw call, so a deliberately bad body (or none) reaches the server as written. */
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

/** POSTs a body (any JSON value) and returns the Form 484 problems of the 422. */
export async function problemsOf(server: TestServer, key: string, body: unknown): Promise<Form484Problem[]> {
  const answer = await rawCall(server, key, 'POST', '/asic-484-forms', JSON.stringify(body));
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  expect(answer.body.response).toBeNull();
  return answer.body.errors as Form484Problem[];
}

export async function advance(server: TestServer, seconds: number): Promise<void> {
  const moved = await server.admin('POST', '/admin/clock/advance', { seconds });
  expect(moved.status).toBe(200);
}

/** The webhook endpoint of one environment, registered through the public API on a loopback receiver. */
export interface Endpoint {
  id: string;
  secret: string;
  path: string;
}
