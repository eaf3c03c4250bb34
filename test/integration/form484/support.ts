// Shared steps of the Form 484 suites: lodging and reading through the generated SDK, a raw call for
// bodies the SDK's own validator would refuse before sending, the document's example bodies and the
// clock moved by the operator API.
import { expect } from 'vitest';
import { createForm484Lodgement, getForm484Status, type Form484Request } from '../../../generated/client/index.js';
import { sdkClient, type TestServer } from '../../support/harness.js';
import { PREFIX, rawCall, requestExamples } from '../../support/requests.js';

export { PREFIX, advance, rawCall, withValue } from '../../support/requests.js';

/** The D-11 codes, from the contract (schemas/form484/problems.ts): every 422 of Form 484 uses these and no other. */
export { FORM484_ERROR_CODES as D11_CODES } from '../../../schemas/form484/problems.js';

export interface Form484Problem {
  code: string;
  field: string;
  message: string;
}

/** The request examples of `POST /asic-484-forms` as the published document carries them. */
export function documentExamples(): Record<string, Form484Request> {
  return requestExamples<Form484Request>('/asic-484-forms');
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

/** POSTs a body (any JSON value) and returns the Form 484 problems of the 422. */
export async function problemsOf(server: TestServer, key: string, body: unknown): Promise<Form484Problem[]> {
  const answer = await rawCall(server, key, 'POST', '/asic-484-forms', JSON.stringify(body));
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  expect(answer.body.response).toBeNull();
  return answer.body.errors as Form484Problem[];
}

/** The webhook endpoint of one environment, registered through the public API on a loopback receiver. */
export interface Endpoint {
  id: string;
  secret: string;
  path: string;
}
