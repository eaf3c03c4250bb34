// The pipeline's own matchOperation (route-table.ts) and structural pass (request-validation.ts)
// restate openapi-backend's: over every operation of both documents and requests of every kind
// (paths with odd ids and trailing slashes, declared and repeated query values, bodies of every JSON
// type), they give the library's operation, Ajv errors, coerced path parameters and query.
import { readFileSync } from 'node:fs';
import type { OpenAPIBackend, Operation } from 'openapi-backend';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBackend, libraryBackend } from '../../server/http/backend.js';
import { validateStructure, type RequestToValidate } from '../../server/http/request-validation.js';
import { routeTable } from '../../server/http/route-table.js';
import { ROOT } from '../../server/root.js';

const DOCUMENTS = ['spec/openapi.json', 'spec/admin.openapi.json'];
const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'options', 'head', 'GET', ' post '];

function readDocument(relative: string): Record<string, unknown> {
  return JSON.parse(readFileSync(`${ROOT}${relative}`, 'utf8')) as Record<string, unknown>;
}

/** Paths of a template with each parameter filled in one way, and a few around them. */
function pathsOf(template: string): string[] {
  const fills = ['1', '42', 'abc', '-1', '0x1', '99999999999999999999', 'a%20b', '', 'x.y'];
  const paths = fills.flatMap((fill) => {
    const path = template.replace(/\{[^}]+\}/g, fill);
    return [
      path,
      `${path}/`,
      `${path}//`,
      ` ${path}`,
      `${path} `,
      `${path}/ `,
      `${path}\u00a0`,
      `${path}/extra`,
      `${path}?/x`,
      path.toUpperCase(),
    ];
  });
  return [...paths, template];
}

const identity = (operation: Operation | undefined): string | undefined => operation && `${operation.method} ${operation.path}`;

function strictOutcome(match: () => Operation): string | undefined {
  try {
    return identity(match());
  } catch (error) {
    return (error as Error).message;
  }
}

function queriesOf(operation: Operation): Array<Record<string, string | string[]>> {
  const names = (operation.parameters ?? []).flatMap((p) => ('in' in p && p.in === 'query' ? [p.name] : []));
  const values: Array<string | string[]> = ['1', '25', 'abc', '', '-3', '1.5', ['1', '2'], ['x'], 'true'];
  return [{}, ...values.map((value) => Object.fromEntries(names.map((name) => [name, value])))];
}

const BODIES: unknown[] = [
  undefined,
  {},
  [],
  null,
  'text',
  '"quoted"',
  '5',
  5,
  true,
  { name: 'X', unknown: 1 },
  { url: 'https://example.com/hook' },
];

const HEADERS: Array<Record<string, string>> = [
  {},
  { 'content-type': 'application/json; charset=utf-8', 'idempotency-key': 'k-1' },
  { 'content-type': 'text/plain' },
];

/** Every body with every header set, and every path with every query (bodies and headers taken in turn). */
function requestsOf(operation: Operation): RequestToValidate[] {
  const method = operation.method;
  const fills = ['1', '7', 'abc', '', '123456789012345678901'].map((fill) => operation.path.replace(/\{[^}]+\}/g, fill));
  const paths = [...fills, `${fills[0]}/`];
  const requests: RequestToValidate[] = BODIES.flatMap((body) =>
    HEADERS.map((headers) => ({ method, path: paths[0]!, headers, query: {}, body })),
  );
  let turn = 0;
  for (const path of paths)
    for (const query of queriesOf(operation)) {
      turn++;
      requests.push({ method, path, headers: HEADERS[turn % HEADERS.length]!, query, body: BODIES[turn % BODIES.length] });
    }
  return requests;
}

describe.each(DOCUMENTS)('%s: the pipeline routes and validates as openapi-backend does', (file) => {
  let library: OpenAPIBackend;
  let served: OpenAPIBackend;
  let operations: Operation[];
  beforeAll(async () => {
    const document = readDocument(file);
    library = await libraryBackend(document);
    served = await createBackend(document);
    operations = library.router.getOperations();
    // The library flattens the document into this list again (lodash) twice in every match, which was
    // a quarter of this file's CPU; the document does not change here, so the reference matches on the
    // list it built once. The matching itself stays the library's.
    library.router.getOperations = () => operations;
  });

  it('matches every path to the same operation, strict or not', () => {
    const match = routeTable(served.router.getOperations());
    const paths = [...new Set([...operations.flatMap((op) => pathsOf(op.path)), '/', '', '/nothing', '/webhooks?x=1'])];
    let compared = 0;
    for (const path of paths)
      for (const method of METHODS) {
        const req = { method, path, headers: {} };
        expect(identity(match(req)), `${method} ${path}`).toBe(identity(library.router.matchOperation(req)));
        expect(
          strictOutcome(() => match(req, true)),
          `${method} ${path} (strict)`,
        ).toBe(strictOutcome(() => library.router.matchOperation(req, true)));
        compared++;
      }
    expect(compared).toBeGreaterThan(1000);
    // The served backend's router is the table.
    const first = operations[0]!;
    expect(identity(served.router.matchOperation({ method: first.method, path: first.path, headers: {} }))).toBe(identity(first));
  });

  it('gives the same errors, path parameters and query for every request', () => {
    let compared = 0;
    let refused = 0;
    for (const operation of operations) {
      const servedOperation = served.router.getOperations().find((op) => op.operationId === operation.operationId)!;
      for (const request of requestsOf(operation)) {
        const validation = library.validator.validateRequest(structuredClone(request), operation);
        const parsed = library.router.parseRequest(structuredClone(request), operation);
        const coerced = validation.coerced as { params?: Record<string, unknown>; query?: Record<string, unknown> };
        const expected = {
          errors: !validation.valid && validation.errors ? validation.errors : [],
          params: coerced.params ?? parsed.params,
          query: coerced.query ?? parsed.query,
        };
        const actual = validateStructure(served, servedOperation, structuredClone(request));
        expect(actual, `${operation.operationId} ${JSON.stringify(request)}`).toEqual(expected);
        compared++;
        if (expected.errors.length > 0) refused++;
      }
    }
    // Both outcomes are covered, in numbers.
    expect(refused).toBeGreaterThan(50);
    expect(compared - refused).toBeGreaterThan(50);
  });
});
