// What the sandbox console writes for a user to copy or read: a logged request as a curl line that
// a shell runs with the same bytes, and as a call of the generated SDK with its path parameters; the
// service's three error shapes and the SDK's own refusal as "field: message" lines.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlOf, pathParams, sdkCallOf, shellWord, type LoggedRequest } from '../../console/src/request-copy.js';
import { problemOf } from '../../console/src/errors.js';
import { zPpsrSearchRequest } from '../../generated/client/zod.gen.js';
import { loadDocument, type JsonObject } from '../support/document.js';

const ORIGIN = 'http://127.0.0.1:4000';

function operations(): Record<string, { method: string; path: string }> {
  const found: Record<string, { method: string; path: string }> = {};
  for (const [path, methods] of Object.entries(loadDocument().paths as JsonObject))
    for (const [method, operation] of Object.entries(methods as JsonObject)) {
      const id = (operation as JsonObject).operationId;
      if (typeof id === 'string') found[id] = { method: method.toUpperCase(), path };
    }
  return found;
}

const lodged: LoggedRequest = {
  method: 'POST',
  path: '/api/test/v2/abn/registrations',
  query: '',
  operationId: 'createAbnRegistration',
  requestHeaders: { 'content-type': 'application/json', 'idempotency-key': 'it’s-1', 'user-agent': 'Mozilla' },
  requestBody: { entityName: "O'BRIEN & SONS $HOME `x`", contactEmail: 'a@example.com' },
};

describe('a logged request copied as curl', () => {
  it('quotes every word so a shell passes the body and headers through byte for byte', () => {
    const curl = curlOf(lodged, ORIGIN);
    expect(curl.split(' \\\n  ')[0]).toBe(`curl -X POST '${ORIGIN}/api/test/v2/abn/registrations'`);
    expect(curl).toContain('-H "Authorization: Bearer $SVC_KEY"');
    expect(curl).not.toContain('Mozilla');
    // The shell's own reading of the words curl would get (printf in place of curl).
    const words = execFileSync(
      'bash',
      ['-c', `printf '%s\\n' ${shellWord(JSON.stringify(lodged.requestBody))} ${shellWord('idempotency-key: it’s-1')}`],
      {
        encoding: 'utf8',
      },
    ).split('\n');
    expect(JSON.parse(words[0]!)).toEqual(lodged.requestBody);
    expect(words[1]).toBe('idempotency-key: it’s-1');
  });

  it('keeps the query string of a read', () => {
    const curl = curlOf(
      { ...lodged, method: 'GET', path: '/api/test/v2/helpers/industries', query: 'q=food', requestBody: null, requestHeaders: {} },
      ORIGIN,
    );
    expect(curl).toBe(`curl -X GET '${ORIGIN}/api/test/v2/helpers/industries?q=food' \\\n  -H "Authorization: Bearer $SVC_KEY"`);
  });
});

describe('a logged request copied as an SDK call', () => {
  it('names the operation, its path parameters from the template, the query, the Idempotency-Key and the body', () => {
    const ops = operations();
    expect(pathParams('/api/test/v2/asic-484-forms/12/status', ops.getForm484Status!.path)).toEqual({ requestId: '12' });
    expect(pathParams('/api/v1/webhooks/we_1/deliveries', ops.listWebhookDeliveries!.path)).toEqual({ id: 'we_1' });
    const read = sdkCallOf(
      {
        ...lodged,
        method: 'GET',
        path: '/api/test/v2/webhooks/we_1/deliveries',
        query: 'perPage=100',
        operationId: 'listWebhookDeliveries',
        requestBody: null,
        requestHeaders: {},
      },
      ORIGIN,
      ops,
    );
    expect(read).toContain(`baseUrl: "${ORIGIN}/api/test/v2"`);
    expect(read).toContain('await listWebhookDeliveries({\n  client,\n  path: { id: "we_1" },\n  query: { perPage: 100 },\n});');
    const post = sdkCallOf(lodged, ORIGIN, ops);
    expect(post).toContain("import { createAbnRegistration } from './generated/client/index.js';");
    expect(post).toContain(`headers: { 'Idempotency-Key': "it’s-1" }`);
    expect(post).toContain('"entityName": "O\'BRIEN & SONS $HOME `x`"');
  });

  it('says to use curl for a request that reached no operation', () => {
    expect(sdkCallOf({ ...lodged, operationId: null, path: '/api/test/v2/nowhere' }, ORIGIN, operations())).toMatch(
      /^\/\/ POST \/api\/test\/v2\/nowhere reached no operation/,
    );
  });
});

describe('an error as a sentence and "field: message" lines', () => {
  it('reads the ApiError shape (D-10), the Form 484 shape (D-11) and the shared shape', () => {
    expect(
      problemOf({
        error: 'validation_failed',
        message: 'The request is not valid.',
        errors: { vin: [{ code: 'invalid_format', message: 'Must be 17 characters.' }] },
      }),
    ).toEqual({
      message: 'The request is not valid.',
      lines: ['vin: Must be 17 characters.'],
      fields: [{ field: 'vin', code: 'invalid_format', message: 'Must be 17 characters.' }],
    });
    expect(
      problemOf({
        response: null,
        errors: [
          { code: 'invalid_acn', field: 'generalInformation.acn', message: 'Bad checksum.' },
          { code: 'required', field: 'signature', message: 'Required.' },
        ],
      })?.lines,
    ).toEqual(['generalInformation.acn: Bad checksum.', 'signature: Required.']);
    expect(problemOf({ errors: ['Missing or invalid API key.'] })).toEqual({
      message: 'Missing or invalid API key.',
      lines: [],
      fields: [],
    });
  });

  it("reads the SDK's own refusal (a ZodError) by body field, never as a raw issue list", () => {
    const refused = zPpsrSearchRequest.safeParse({ vin: 'BAD' });
    const issues = refused.error!.issues.map((issue) => ({ ...issue, path: ['body', ...issue.path] }));
    const problem = problemOf({ issues });
    expect(problem?.message).toBe('The SDK refused the request before sending it:');
    expect(problem?.lines).toEqual([expect.stringMatching(/^vin: /)]);
  });
});
