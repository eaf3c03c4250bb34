// "500s from request bytes": each reproduction of the attack run (against `npm start`) as a
// request to the in-process server, public and operator API alike. None may answer 5xx; each gets
// the 4xx D-48 names, in its operation's error family.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type TestAccount, type TestServer } from '../support/harness.js';
import { loadDocument, operationsOf } from '../support/document.js';
import { exampleRequest } from '../support/example-requests.js';
import { isApiError, isSharedError, rawRequest, type Answer } from '../support/wire.js';
import { startWebhookServer } from '../integration/webhooks/endpoints.support.js';
import { adminCreateLodgement } from '../integration/lodgements/support.js';

const T = '/api/test/v2';
const PROTOTYPE_NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'] as const;
const ENDPOINT = { url: 'https://hooks.example.com/svc', eventTypes: ['*'] };
const ACCOUNT = { name: 'Hostile Pty Ltd', ownerEmail: 'owner@example.com', plan: 'standard', billing: 'card', cardStatus: 'valid' };

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startWebhookServer({ record: false });
  account = await server.createAccount();
});
afterAll(async () => {
  await server?.close();
});

function call(method: string, path: string, body?: string | Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  const admin = path.startsWith('/admin');
  return rawRequest(
    `${server.url}${path}`,
    method,
    {
      Authorization: `Bearer ${admin ? ADMIN_TOKEN : account.keys.secretTest}`,
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body,
  );
}

/** A JSON object text with one more member, whatever its name (an object literal cannot hold `__proto__` as data). */
function withMember(base: Record<string, unknown>, name: string, value: unknown): string {
  const text = JSON.stringify(base);
  return `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}${JSON.stringify(name)}:${JSON.stringify(value)}}`;
}

function problems(answer: Answer): Record<string, { code: string }[]> {
  return (answer.body as { errors: Record<string, { code: string }[]> }).errors;
}

function expectProblem(answer: Answer, path: string, code: string): void {
  expect(answer.status, answer.text).toBe(422);
  expect(isApiError(answer.body, 'validation_failed'), answer.text).toBe(true);
  const errors = problems(answer);
  expect(Object.hasOwn(errors, path), `${path} in ${answer.text}`).toBe(true);
  expect(
    errors[path]!.map((p) => p.code),
    answer.text,
  ).toContain(code);
}

function abnRegistration(): { path: string; headers: Record<string, string>; body: Record<string, unknown> } {
  const op = operationsOf(loadDocument()).find((o) => o.operation.operationId === 'createAbnRegistration')!;
  const example = exampleRequest(op);
  const { Authorization: _placeholder, ...headers } = example.headers;
  return { path: `${T}${example.path}`, headers, body: JSON.parse(example.body!) as Record<string, unknown> };
}

describe('keys named like built-in properties (constructor, toString, valueOf, hasOwnProperty, __proto__)', () => {
  for (const name of PROTOTYPE_NAMES) {
    it(`"${name}" at the top of a public body is an unknown field (POST /webhooks), not a 500`, async () => {
      const answer = await call('POST', `${T}/webhooks`, withMember(ENDPOINT, name, 1));
      expectProblem(answer, name, 'unknown_field');
    });

    it(`"${name}" at the top of the body of every public operation that takes one is named in the 422`, async () => {
      for (const op of operationsOf(loadDocument()).filter((o) => o.operation.requestBody !== undefined)) {
        const example = exampleRequest(op);
        const { Authorization: _placeholder, ...headers } = example.headers;
        if (headers['Idempotency-Key'] !== undefined) headers['Idempotency-Key'] = `proto-${name}-${String(op.operation.operationId)}`;
        const answer = await call(
          op.method.toUpperCase(),
          `${T}${example.path}`,
          withMember(JSON.parse(example.body!) as Record<string, unknown>, name, 1),
          headers,
        );
        const label = `${String(op.operation.operationId)}: ${answer.text.slice(0, 300)}`;
        expect(answer.status, label).toBe(422);
        const errors = (answer.body as { errors: Record<string, unknown> | { field: string }[] }).errors;
        const named = Array.isArray(errors) ? errors.some((e) => e.field === name) : Object.hasOwn(errors, name);
        expect(named, label).toBe(true);
      }
    });

    it(`"${name}" at the top of an operator body is an unknown field (POST /admin/accounts)`, async () => {
      const answer = await call('POST', '/admin/accounts', withMember(ACCOUNT, name, { a: 1 }));
      expectProblem(answer, name, 'unknown_field');
    });

    it(`"${name}" inside a nested object and in an array item is an unknown field or a wrong type there`, async () => {
      const { path, headers, body } = abnRegistration();
      const text = JSON.stringify(body).replace('"businessAddress":{', `"businessAddress":{${JSON.stringify(name)}:1,`);
      expect(text).toContain(`{${JSON.stringify(name)}:1,`);
      const nested = await call('POST', path, text, headers);
      expectProblem(nested, `businessAddress.${name}`, 'unknown_field');
      const item = await call('POST', `${T}/webhooks`, JSON.stringify(ENDPOINT).replace('["*"]', `[${withMember({}, name, 1)}]`));
      expectProblem(item, 'eventTypes.0', 'invalid_type');
    });

    it(`"${name}" as a header name is a header like any other`, async () => {
      const answer = await call('POST', `${T}/webhooks`, JSON.stringify(ENDPOINT), { [name]: '1' });
      expect(answer.status, answer.text).toBe(201);
    });

    it(`"${name}" in a query string is ignored where undeclared and never crashes`, async () => {
      const answer = await call('GET', `${T}/helpers/industries?q=cafe&${name}=1&${name}[x]=2`);
      expect(answer.status, answer.text).toBe(200);
    });
  }
});

describe('NUL and lone surrogates in strings: 422 invalid_format at their path, before any database call (D-48)', () => {
  const UNSAFE = { nul: 'A\u0000B', high: 'A\uD800B', low: 'A\uDC00B', trailing: 'AB\uD83D' };

  for (const [label, value] of Object.entries(UNSAFE)) {
    it(`${label}: public body (POST /abn/registrations entityName)`, async () => {
      const { path, headers, body } = abnRegistration();
      const answer = await call('POST', path, JSON.stringify({ ...body, entityName: value }), {
        ...headers,
        'Idempotency-Key': `k-${label}`,
      });
      expectProblem(answer, 'entityName', 'invalid_format');
    });

    it(`${label}: operator bodies (account name, lodgement entityName), nothing stored`, async () => {
      const created = await call('POST', '/admin/accounts', JSON.stringify({ ...ACCOUNT, name: value }));
      expectProblem(created, 'name', 'invalid_format');
      const lodgement = await call(
        'POST',
        '/admin/lodgements',
        JSON.stringify({ accountId: account.id, environment: 'test', kind: 'company_registration', entityName: value }),
      );
      expectProblem(lodgement, 'entityName', 'invalid_format');
    });

    it(`${label}: in an object key`, async () => {
      const key = await call('POST', `${T}/webhooks`, withMember(ENDPOINT, `x${value}`, 1));
      expectProblem(key, `x${value}`, 'invalid_format');
    });
  }

  it('nul: in a declared query value (a lone surrogate cannot be percent-encoded: it arrives as U+FFFD)', async () => {
    const query = await call('GET', `${T}/helpers/industries?q=caf%00e`);
    expectProblem(query, 'q', 'invalid_format');
    const name = await call('GET', `${T}/helpers/company-name-availability?name=A%00B`);
    expectProblem(name, 'name', 'invalid_format');
  });

  it('a well-formed pair (an emoji) is accepted', async () => {
    const created = await call('POST', '/admin/accounts', JSON.stringify({ ...ACCOUNT, name: 'Café 😀 Pty Ltd' }));
    expect(created.status, created.text).toBe(201);
    expect((created.body as { account: { name: string } }).account.name).toBe('Café 😀 Pty Ltd');
  });
});

describe('bounded validation: huge arrays and deep nesting answer 422 without a stack overflow', () => {
  it('eventTypes: Array(70000).fill(1) is too_many at eventTypes', async () => {
    const answer = await call('POST', `${T}/webhooks`, JSON.stringify({ ...ENDPOINT, eventTypes: Array(70000).fill(1) }));
    expectProblem(answer, 'eventTypes', 'too_many');
  });

  it('an array of 1,000 invalid items still lists problems (under the guard, Ajv reports them)', async () => {
    const answer = await call('POST', `${T}/webhooks`, JSON.stringify({ ...ENDPOINT, eventTypes: Array(1000).fill(1) }));
    expect(answer.status, answer.text).toBe(422);
    expect(Object.keys(problems(answer)).length).toBeGreaterThan(1);
  });

  it('an item nested 10,000 deep (arrays and objects, public and operator) is too_deep', async () => {
    const arrays = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`;
    const objects = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const inEventTypes = await call('POST', `${T}/webhooks`, `{"url":"https://hooks.example.com/svc","eventTypes":[${arrays}]}`);
    expect(inEventTypes.status, inEventTypes.text.slice(0, 300)).toBe(422);
    expect(
      Object.values(problems(inEventTypes))
        .flat()
        .map((p) => p.code),
    ).toContain('too_deep');
    const operator = await call('POST', '/admin/accounts', withMember(ACCOUNT, 'extra', 0).replace(/0}$/, `${objects}}`));
    expect(operator.status, operator.text.slice(0, 300)).toBe(422);
    expect(
      Object.values(problems(operator))
        .flat()
        .map((p) => p.code),
    ).toContain('too_deep');
  });

  it('more than 10,000 values in a 1 MiB body is too_many at body', async () => {
    const members = Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`k${i}`, i]));
    const answer = await call('POST', `${T}/webhooks`, JSON.stringify({ ...ENDPOINT, extra: members }));
    expectProblem(answer, 'body', 'too_many');
  });
});

describe('integer query parameters are bounded', () => {
  it('page=Infinity and pages past 2^53 are 422; the largest safe integer is a (last, empty) page', async () => {
    const created = await call('POST', `${T}/webhooks`, JSON.stringify(ENDPOINT));
    expect(created.status, created.text).toBe(201);
    const id = (created.body as { id: string }).id;
    for (const page of ['Infinity', '-Infinity', '1e400', '400000000000000000', '9007199254740993', '99999999999999999999999']) {
      const answer = await call('GET', `${T}/webhooks/${id}/deliveries?page=${page}`);
      expect(answer.status, `${page}: ${answer.text}`).toBe(422);
      expect(Object.keys(problems(answer)), answer.text).toEqual(['page']);
    }
    const last = await call('GET', `${T}/webhooks/${id}/deliveries?page=9007199254740991&perPage=100`);
    expect(last.status, last.text).toBe(200);
  });
});

describe('path ids and escapes (D-48)', () => {
  it('numeric ids are plain decimal digits: 0x1, 1e0, +1, 1.0 and " 1" are 404 where 1 is found', async () => {
    const lodgement = await adminCreateLodgement(server, { accountId: account.id, environment: 'test', kind: 'company_registration' });
    const id = lodgement.requestId;
    const found = await call('GET', `${T}/lodgements/${id}`);
    expect(found.status, found.text).toBe(200);
    for (const spelled of [
      `0x${id.toString(16)}`,
      `${id}e0`,
      `+${id}`,
      `%2B${id}`,
      `${id}.0`,
      `%20${id}`,
      `${id}%20`,
      `0b${id.toString(2)}`,
    ]) {
      const answer = await call('GET', `${T}/lodgements/${spelled}`);
      expect(answer.status, `${spelled}: ${answer.text}`).toBe(404);
      expect(isApiError(answer.body, 'not_found'), answer.text).toBe(true);
    }
    const status = await call('POST', `/admin/lodgements/0x${id.toString(16)}/status`, JSON.stringify({ status: 'submitted' }));
    expect(status.status, status.text).toBe(404);
  });

  it('a malformed percent-escape is 404 in the family shape (public and operator)', async () => {
    for (const path of [
      `${T}/lodgements/%ff`,
      `${T}/lodgements/%`,
      `${T}/webhooks/%E0%A4%A`,
      '/admin/accounts/%ff',
      '/admin/keys/%C0%AF',
    ]) {
      const answer = await call('GET', path);
      expect(answer.status, `${path}: ${answer.text}`).toBe(404);
      expect(isApiError(answer.body, 'not_found'), answer.text).toBe(true);
    }
    const unknown = await call('GET', `${T}/no-such/%ff`);
    expect(unknown.status).toBe(404);
    expect(isSharedError(unknown.body), unknown.text).toBe(true);
  });

  it('a NUL or a lone surrogate in a path id is 404 (public and operator)', async () => {
    for (const path of ['/admin/accounts/%00', `/admin/accounts/${account.id}%00`, '/admin/keys/%ED%A0%80', `${T}/webhooks/we_%00`]) {
      const answer = await call('GET', path);
      expect(answer.status, `${path}: ${answer.text}`).toBe(404);
      expect(isApiError(answer.body, 'not_found'), answer.text).toBe(true);
    }
  });
});

describe('Content-Encoding and charset (D-48)', () => {
  it('a Content-Encoding other than identity is 415 (gzip, deflate, br, unknown), public and operator', async () => {
    for (const encoding of ['gzip', 'deflate', 'br', 'x-unknown', 'gzip, identity']) {
      for (const [path, body] of [
        [`${T}/webhooks`, ENDPOINT],
        ['/admin/accounts', ACCOUNT],
      ] as const) {
        const answer = await call('POST', path, JSON.stringify(body), { 'Content-Encoding': encoding });
        expect(answer.status, `${encoding} ${path}: ${answer.text}`).toBe(415);
        expect(isApiError(answer.body, 'unsupported_media_type'), answer.text).toBe(true);
      }
    }
    const identity = await call('POST', `${T}/webhooks`, JSON.stringify(ENDPOINT), { 'Content-Encoding': 'identity' });
    expect(identity.status, identity.text).toBe(201);
  });

  it('a charset other than utf-8 is 415; utf-8 in any spelling is accepted', async () => {
    for (const charset of ['latin1', 'iso-8859-1', 'utf-16', 'UTF-16LE', 'us-ascii', '"windows-1252"']) {
      const answer = await call('POST', '/admin/accounts', JSON.stringify(ACCOUNT), {
        'Content-Type': `application/json; charset=${charset}`,
      });
      expect(answer.status, `${charset}: ${answer.text}`).toBe(415);
      expect(isApiError(answer.body, 'unsupported_media_type'), answer.text).toBe(true);
    }
    for (const charset of ['utf-8', 'UTF-8', 'utf8', '"utf-8"']) {
      const answer = await call('POST', '/admin/accounts', JSON.stringify(ACCOUNT), {
        'Content-Type': `application/json; charset=${charset}`,
      });
      expect(answer.status, `${charset}: ${answer.text}`).toBe(201);
    }
  });

  it('bytes that are not UTF-8 are 400 invalid_json, never read as U+FFFD', async () => {
    const latin1 = Buffer.from(JSON.stringify({ ...ACCOUNT, name: 'Caf\u00e9 Pty Ltd' }), 'latin1');
    const answer = await call('POST', '/admin/accounts', latin1);
    expect(answer.status, answer.text).toBe(400);
    expect(isApiError(answer.body, 'invalid_json'), answer.text).toBe(true);
  });
});
