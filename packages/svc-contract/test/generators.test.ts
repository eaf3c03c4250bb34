// The runner's own parts, without a server: checksums, the schema -> arbitrary converter (valid
// values really are valid for every operation of the document), mutations really break validity,
// link expressions, and curl commands that send the bytes the runner sent.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// The service's document and its own checksums are the fixtures: the runner must agree with both.
import { isValidAbn, isValidAcn } from '../../../schemas/common/identifiers.js';
import { ArbitraryBuilder } from '../src/arbitraries.js';
import type { PhaseContext } from '../src/context.js';
import { listOperations } from '../src/document.js';
import { brokenFormat, isAbn, isAcn, makeAbn, makeAcn } from '../src/formats.js';
import { LocationFinder } from '../src/locations.js';
import { exampleParts } from '../src/phases/examples.js';
import { mutate, validRequests } from '../src/phases/fuzzing.js';
import { evaluateExpression } from '../src/phases/stateful.js';
import { edgeValues } from '../src/values.js';
import { toCurl } from '../src/request.js';
import { SchemaViews } from '../src/schema-view.js';
import { normaliseParts, Session } from '../src/session.js';
import type { JsonObject } from '../src/types.js';
import { Validators } from '../src/validator.js';

const doc = JSON.parse(readFileSync(new URL('../../../spec/openapi.json', import.meta.url), 'utf8')) as JsonObject;
const operations = listOperations(doc);
const views = new SchemaViews(doc);
const validators = new Validators(doc);
const ctx: PhaseContext = {
  doc,
  operations: new Map(operations.map((op) => [op.id, op])),
  // Never sends anything here: the context needs one for its types only.
  session: new Session({
    baseUrl: 'http://127.0.0.1:9/api/test/v2',
    credentials: { secret: 'unused' },
    validators,
    timeoutMs: 1,
    maxWaitSeconds: 0,
    log: () => undefined,
  }),
  views,
  arbitraries: new ArbitraryBuilder(views),
  locations: new LocationFinder(views, validators),
  budget: { maxExamples: 1, maxCoverage: 1, maxBoundaryLength: 300, maxShrinkRequests: 1 },
  seed: 7,
  log: () => undefined,
};

describe('formats', () => {
  it('generates ACNs and ABNs the service accepts, from any digits', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{8}$/), (digits) => isValidAcn(makeAcn(digits)) && isAcn(makeAcn(digits))));
    fc.assert(fc.property(fc.stringMatching(/^\d{9}$/), (digits) => isValidAbn(makeAbn(digits)) && isAbn(makeAbn(digits))));
  });

  it('agrees with the sandbox values of the document and breaks them on purpose', () => {
    for (const acn of ['100000011', '100000075']) expect(isAcn(acn)).toBe(true);
    for (const abn of ['60100000011', '53900000001']) expect(isAbn(abn)).toBe(true);
    expect(isAcn(brokenFormat('acn', '100000011')!)).toBe(false);
    expect(isAbn(brokenFormat('abn', '60100000011')!)).toBe(false);
  });
});

describe('schema -> arbitrary', () => {
  it.each(operations.map((op) => [op.id, op] as const))('%s: generated requests are valid for the document', (_id, operation) => {
    const samples = fc.sample(validRequests(ctx, operation), { seed: 11, numRuns: 30 });
    const invalid = samples.map((parts) => validators.classify(operation, normaliseParts(parts))).filter((v) => !v.valid);
    // A few misses are tolerated (they are judged as invalid requests, never wrongly as valid).
    expect(invalid.length, invalid[0]?.problems.join('; ')).toBeLessThanOrEqual(3);
  });

  it.each(operations.filter((op) => op.parameters.length > 0 || op.body).map((op) => [op.id, op] as const))(
    '%s: a mutation makes the request invalid',
    (_id, operation) => {
      const base = exampleParts(ctx, operation)[0]!;
      expect(validators.classify(operation, normaliseParts(base)).problems).toEqual([]);
      let mutated = 0;
      const stillValid: string[] = [];
      for (let where = 0; where < 40; where++) {
        for (let which = 0; which < 4; which++) {
          const result = mutate(ctx, operation, base, where, which);
          if (!result.mutation) continue;
          mutated += 1;
          if (validators.classify(operation, normaliseParts(result.parts)).valid) stillValid.push(result.mutation);
        }
      }
      expect(mutated).toBeGreaterThan(0);
      expect(stillValid).toEqual([]);
    },
  );
});

describe('link expressions', () => {
  const parts = { path: { id: 'we_1' }, query: { page: 2 }, header: {}, body: { kind: 'json' as const, value: { entities: [{ id: 5 }] } } };
  const response = {
    status: 201,
    headers: { location: '/api/test/v2/ppsr/searches/7' },
    bodyText: '{"requestId":7,"entities":[{"id":501}]}',
  };

  it('reads the response body, headers and the request', () => {
    expect(evaluateExpression('$response.body#/requestId', parts, response)).toBe(7);
    expect(evaluateExpression('$response.body#/entities/0/id', parts, response)).toBe(501);
    expect(evaluateExpression('$response.header.Location', parts, response)).toBe('/api/test/v2/ppsr/searches/7');
    expect(evaluateExpression('$request.path.id', parts, response)).toBe('we_1');
    expect(evaluateExpression('$request.body#/entities/0/id', parts, response)).toBe(5);
    expect(evaluateExpression('$statusCode', parts, response)).toBe(201);
    expect(evaluateExpression('$response.body#/missing', parts, response)).toBeUndefined();
  });
});

describe('curl reproduction', () => {
  it('sends the same method, path, query, headers and body bytes', async () => {
    const seen: { method?: string; url?: string; headers?: IncomingMessage['headers']; body?: string } = {};
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        Object.assign(seen, { method: req.method, url: req.url, headers: req.headers, body });
        res.writeHead(418).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const body = JSON.stringify({ name: "O'Brien & Sons [test] $HOME `x`", note: 'ünïcode ✓' });
    const curl = toCurl({
      operationId: 'x',
      method: 'PATCH',
      url: `http://127.0.0.1:${port}/api/test/v2/a/..%2Fb?q=a%20b&x=%5B1%5D`,
      headers: { Authorization: 'Bearer k', 'Idempotency-Key': "it's", 'X-Empty': '', 'Content-Type': 'application/json' },
      body,
    });
    const { stdout } = await promisify(execFile)('sh', ['-c', curl]);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(stdout).toMatch(/^HTTP\/1.1 418/);
    expect(seen.method).toBe('PATCH');
    expect(seen.url).toBe('/api/test/v2/a/..%2Fb?q=a%20b&x=%5B1%5D');
    expect(seen.headers?.['idempotency-key']).toBe("it's");
    expect(seen.headers?.['x-empty']).toBe('');
    expect(seen.headers?.['content-type']).toBe('application/json');
    expect(seen.body).toBe(body);
  });
});

describe('boundary values of an enum', () => {
  it('are every member (valid) and its edges: a non-member, a member in another case, one with a trailing space (invalid)', () => {
    const doc = { components: { schemas: { Status: { type: 'string', enum: ['active', 'stopped'] } } } };
    const view = new SchemaViews(doc).at('#/components/schemas/Status');
    const edges = edgeValues(view, 'active', { inParameter: true, maxBoundaryLength: 100, seed: 1 });
    expect(edges.valid.map((e) => e.value)).toEqual(['active', 'stopped']);
    expect(edges.invalid.filter((e) => typeof e.value === 'string').map((e) => [e.label, e.value])).toEqual([
      ['not an enum member', 'NOT_A_MEMBER'],
      ['enum member in another case', 'ACTIVE'],
      ['enum member with a trailing space', 'active '],
    ]);
  });
});
