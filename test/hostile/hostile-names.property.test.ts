// The hostile-input gate for names (D-57, D-64): every name field of both documents (a string member
// whose key says name, found by walking each request example against its schema, and each query
// parameter called name) gets an invisible character (Unicode Cc, Cf or Default_Ignorable_Code_Point,
// a Hangul filler or U+2800, from any plane) inserted at a random place, from a fixed seed so a failure replays exactly. Each answer must be a
// 422 naming `invalid_format` at that field, in the operation's error family; never a 5xx. The
// document must say so too: each such field's pattern refuses a zero-width space.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocument, operationsOf, type JsonObject, type OperationRef } from '../support/document.js';
import { exampleRequest } from '../support/example-requests.js';
import { ADMIN_TOKEN, type TestAccount, type TestServer } from '../support/harness.js';
import { errorFamily, operationId, rawRequest, type Answer } from '../support/wire.js';
import { startWebhookServer } from '../integration/webhooks/endpoints.support.js';

const SEED = 20261124;
/** Insertions per name field. */
const RUNS_PER_FIELD = 8;
/** A member or parameter holding a name: `name`, `companyName`, `givenName1`, `businessNames`, `formerNameOrganisation`... */
const NAME_KEY = /^name$|Names?\d*$|^formerNameOrganisation$/;

/** Every invisible character Unicode has (the rule is the categories and the property, not a list). */
const INVISIBLE: readonly string[] = (() => {
  const out: string[] = [];
  for (let code = 0; code <= 0x10ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const character = String.fromCodePoint(code);
    if (/[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u115F\u1160\u3164\uFFA0\u2800]/u.test(character)) out.push(character);
  }
  return out;
})();

const DOCUMENTS = [
  { name: 'public', document: loadDocument(), prefix: '/api/test/v2' },
  { name: 'operator', document: loadDocument('admin.openapi.json'), prefix: '' },
] as const;

type Segment = string | number;

interface NameField {
  document: (typeof DOCUMENTS)[number];
  op: OperationRef;
  where: 'body' | 'query';
  /** The example body the field was found in (body fields). */
  body?: unknown;
  path: Segment[];
  value: string;
  /** The field's schema (its branches merged where it has combinators). */
  schema: JsonObject[];
}

function resolve(document: JsonObject, schema: unknown): JsonObject {
  let current = (schema ?? {}) as JsonObject;
  for (let depth = 0; typeof current.$ref === 'string' && depth < 20; depth++) {
    const target = (current.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as JsonObject)[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
    current = { ...(target as JsonObject), ...Object.fromEntries(Object.entries(current).filter(([k]) => k !== '$ref')) };
  }
  return current;
}

/** The schemas a value may be checked against: the schema and every branch of its combinators. */
function branches(document: JsonObject, schema: unknown): JsonObject[] {
  const resolved = resolve(document, schema);
  const nested = (['allOf', 'anyOf', 'oneOf'] as const).flatMap((k) =>
    ((resolved[k] ?? []) as unknown[]).flatMap((branch) => branches(document, branch)),
  );
  return [resolved, ...nested];
}

type Found = { path: Segment[]; value: string; schema: JsonObject[] };

/** Whether a path ends in a name: its last key, or the key of the array it is an item of. */
function isNamePath(path: Segment[]): boolean {
  const key = [...path].reverse().find((segment) => typeof segment === 'string');
  return typeof key === 'string' && NAME_KEY.test(key) && (typeof path[path.length - 1] === 'string' || key.endsWith('s'));
}

/** Paths of the example's strings whose key says name (dates such as `dateMemberNameAddedToRegister` aside). */
function namesIn(document: JsonObject, schema: unknown, value: unknown, path: Segment[], out: Found[]): void {
  const options = branches(document, schema);
  if (typeof value === 'string') {
    if (isNamePath(path) && !options.some((s) => s.format === 'date')) out.push({ path, value, schema: options });
    return;
  }
  if (Array.isArray(value)) {
    const items = options.map((s) => s.items).filter((s) => s !== undefined);
    value.forEach((item, i) => items.slice(0, 1).forEach((s) => namesIn(document, s, item, [...path, i], out)));
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, member] of Object.entries(value as JsonObject)) {
      const property = options.map((s) => (s.properties as JsonObject | undefined)?.[key]).find((s) => s !== undefined);
      if (property !== undefined) namesIn(document, property, member, [...path, key], out);
    }
  }
}

function bodyExamples(operation: JsonObject): unknown[] {
  const media = (((operation.requestBody as JsonObject | undefined)?.content ?? {}) as Record<string, JsonObject>)['application/json'];
  if (!media) return [];
  if (media.example !== undefined) return [media.example];
  return Object.values((media.examples ?? {}) as Record<string, JsonObject>).map((example) => example.value);
}

function nameFields(): NameField[] {
  const out: NameField[] = [];
  for (const document of DOCUMENTS) {
    for (const op of operationsOf(document.document)) {
      const schema = (
        ((op.operation.requestBody as JsonObject | undefined)?.content as JsonObject | undefined)?.['application/json'] as
          JsonObject | undefined
      )?.schema;
      const seen = new Set<string>();
      for (const body of bodyExamples(op.operation)) {
        const found: Found[] = [];
        namesIn(document.document, schema, body, [], found);
        for (const field of found) {
          const key = field.path.join('.');
          if (seen.has(key)) continue;
          seen.add(key);
          out.push({ document, op, where: 'body', body, ...field });
        }
      }
      for (const parameter of (op.operation.parameters ?? []) as JsonObject[]) {
        const parameterSchema = resolve(document.document, parameter.schema);
        if (parameter.in !== 'query' || !NAME_KEY.test(String(parameter.name))) continue;
        const value = String(parameter.example ?? parameterSchema.example ?? 'SANDBOX TRADING PTY LTD');
        out.push({ document, op, where: 'query', path: [String(parameter.name)], value, schema: [parameterSchema] });
      }
    }
  }
  return out;
}

function withString(body: unknown, path: Segment[], value: string): unknown {
  const copy = structuredClone(body) as JsonObject;
  let node: JsonObject = copy;
  path.slice(0, -1).forEach((segment) => (node = node[segment] as JsonObject));
  node[path[path.length - 1]!] = value;
  return copy;
}

async function send(field: NameField, value: string, authorization: string): Promise<Answer> {
  const example = exampleRequest(field.op);
  const headers: Record<string, string> = { ...example.headers, Authorization: authorization };
  if (headers['Idempotency-Key'] !== undefined) headers['Idempotency-Key'] = `names-${randomUUID()}`;
  let path = example.path;
  let body = example.body;
  if (field.where === 'query') {
    const [base, search = ''] = path.split('?');
    const query = new URLSearchParams(search);
    query.set(String(field.path[0]), value);
    path = `${base}?${query.toString()}`;
  } else body = JSON.stringify(withString(field.body, field.path, value));
  return rawRequest(`${server.url}${field.document.prefix}${path}`, example.method, headers, body);
}

/** The codes the 422 gives at `field`, in either error family. */
function codesAt(answer: Answer, op: OperationRef, field: string): string[] {
  const body = answer.body as { errors?: unknown };
  if (errorFamily(op) === 'form484')
    return ((body.errors ?? []) as { field: string; code: string }[]).filter((e) => e.field === field).map((e) => e.code);
  const errors = (body.errors ?? {}) as Record<string, { code: string }[]>;
  return Object.hasOwn(errors, field) ? errors[field]!.map((e) => e.code) : [];
}

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startWebhookServer({ record: false, env: { SVC_RATE_LIMIT_MULTIPLIER: '1000' } });
  account = await server.createAccount();
});
afterAll(async () => {
  await server?.close();
});

const FIELDS = nameFields();

describe(`invisible characters in every name field of both documents (seed ${SEED})`, () => {
  it('finds the name fields of the examples: companies, people, organisations, business and entity names', () => {
    const found = new Set(FIELDS.map((f) => `${operationId(f.op)} ${f.path.join('.')}`));
    for (const expected of [
      'getCompanyNameAvailability name',
      'createForm484Lodgement generalInformation.companyName',
      'createForm484Lodgement signature.name.familyName',
      'createForm484Lodgement officeHolders.0.name.givenName1',
      'createBusinessAccountApplication generalInformation.companyName',
      'createBusinessAccountApplication accountInformation.directorsContacts.0.familyName',
      'createAbnRegistration entityName',
      'createPpsrSearch organisationName',
    ])
      expect(found, expected).toContain(expected);
    expect(FIELDS.length).toBeGreaterThan(30);
  });

  it("says so in the document: each name field's pattern refuses a zero-width space", () => {
    const silent = FIELDS.filter(
      (f) => !f.schema.some((s) => typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test('A\u200BB')),
    ).map((f) => `${f.document.name} ${operationId(f.op)} ${f.path.join('.')}`);
    expect(silent).toEqual([]);
  });

  it('answers every insertion with 422 invalid_format at the field, never a 5xx', { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const [index, field] of FIELDS.entries()) {
      const authorization = field.document.name === 'public' ? `Bearer ${account.keys.secretTest}` : `Bearer ${ADMIN_TOKEN}`;
      const dotted = field.path.join('.');
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...INVISIBLE), fc.nat(), async (character, at) => {
          const position = at % (field.value.length + 1);
          const value = `${field.value.slice(0, position)}${character}${field.value.slice(position)}`;
          const answer = await send(field, value, authorization);
          sent += 1;
          const codes = answer.status === 422 ? codesAt(answer, field.op, dotted) : [];
          if (!codes.includes('invalid_format')) {
            const code = `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
            failures.push(`${operationId(field.op)} ${dotted} with ${code} at ${position}: ${answer.status} ${answer.text.slice(0, 300)}`);
          }
          return answer.status < 500;
        }),
        { seed: SEED + index, numRuns: RUNS_PER_FIELD },
      );
    }
    console.log(`invisible-character insertions: ${sent} over ${FIELDS.length} name fields; failures ${failures.length}`);
    expect(failures.slice(0, 20)).toEqual([]);
  });
});
