// Shared steps of the business account suites: applying and reading through the generated SDK, a raw
// call for bodies the SDK would refuse or re-serialise, the document's example bodies, and the clock
// moved by the operator API.
import { expect } from 'vitest';
import {
  createBusinessAccountApplication,
  getBusinessAccountStatus,
  type BusinessAccountApplication,
} from '../../../generated/client/index.js';
import { sdkClient, type TestServer } from '../../support/harness.js';
import { PREFIX, rawCall, requestExamples } from '../../support/requests.js';

export { PREFIX, advance, mutate, rawCall, withValue } from '../../support/requests.js';

/** Spec 4.4, D-37: one status read per application per 15 minutes. */
export const POLL_SECONDS = 15 * 60;

export type Application = BusinessAccountApplication;

/** The request examples of `POST /business-accounts` as the published document carries them. */
export function documentExamples(): Record<string, Application> {
  return requestExamples<Application>('/business-accounts');
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
