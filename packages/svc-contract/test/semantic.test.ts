// The semantic phase against a small fake service: it passes the service that keeps the document's
// rules, and each check fails on the one planted wrong answer it is about (a create answering 200,
// a created date taken in UTC instead of the documented zone, a list whose pages lose an item, a
// rule-breaking body accepted).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { runContract } from '../src/runner.js';
import type { CheckName, JsonObject } from '../src/types.js';

/** The fake's clock: 20:00 UTC is already the next day in Brisbane (UTC+10). */
const NOW = new Date('2026-11-27T20:00:00Z');
const BRISBANE_TODAY = '2026-11-28';
const UTC_TODAY = '2026-11-27';
const ITEMS = 7;

const json = (schema: JsonObject): JsonObject => ({ content: { 'application/json': { schema } } });
const ERROR = { type: 'object', properties: { error: { type: 'string' }, message: { type: 'string' } }, required: ['error'] };

const DOCUMENT: JsonObject = {
  openapi: '3.1.0',
  info: { title: 'fake', version: '1.0.0' },
  components: {
    securitySchemes: { key: { type: 'http', scheme: 'bearer' } },
    schemas: {
      Thing: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          startsAt: { type: 'string', format: 'date', 'x-date-zone': 'Australia/Brisbane', 'x-date-today': 'on-create' },
        },
        required: ['id', 'name', 'startsAt'],
      },
    },
  },
  security: [{ key: [] }],
  paths: {
    '/things': {
      post: {
        operationId: 'createThing',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', properties: { name: { type: 'string', minLength: 1 } }, required: ['name'] },
              examples: { one: { value: { name: 'ONE' } } },
            },
          },
        },
        responses: {
          200: { description: 'existing', ...json({ $ref: '#/components/schemas/Thing' }) },
          201: { description: 'created', ...json({ $ref: '#/components/schemas/Thing' }) },
          401: { description: 'no key', ...json(ERROR) },
          422: { description: 'refused', ...json(ERROR) },
        },
        'x-success-status': { status: 201, byExample: {} },
        'x-refinement-examples': [{ rule: 'name_not_bad', summary: 'A bad name', body: { name: 'BAD' }, status: 422, code: 'name_bad' }],
      },
      get: {
        operationId: 'listThings',
        parameters: [
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
          { name: 'perPage', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
        ],
        responses: {
          200: {
            description: 'a page',
            ...json({
              type: 'object',
              properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Thing' } }, meta: { type: 'object' } },
              required: ['data', 'meta'],
            }),
          },
          401: { description: 'no key', ...json(ERROR) },
          422: { description: 'refused', ...json(ERROR) },
        },
        'x-pagination': { pageParam: 'page', perPageParam: 'perPage', items: 'data', meta: 'meta' },
      },
    },
  },
};

/** One wrong answer the fake can be given. */
type Plant = 'none' | 'create-200' | 'utc-date' | 'page-loses-item' | 'rule-accepted';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', Date: NOW.toUTCString() });
  res.end(JSON.stringify(body));
}

function handle(plant: Plant, req: IncomingMessage, body: string, res: ServerResponse): void {
  if (req.headers.authorization !== 'Bearer k') return answer(res, 401, { error: 'unauthorized' });
  const url = new URL(req.url ?? '/', 'http://fake');
  if (url.pathname !== '/things') return answer(res, 404, { error: 'not_found' });
  if (req.method === 'POST') {
    const name = (JSON.parse(body || '{}') as { name?: unknown }).name;
    if (typeof name !== 'string' || name === '') return answer(res, 422, { error: 'validation_failed' });
    if (name === 'BAD' && plant !== 'rule-accepted')
      return answer(res, 422, { error: 'validation_failed', message: 'x', errors: { name: [{ code: 'name_bad' }] } });
    const startsAt = plant === 'utc-date' ? UTC_TODAY : BRISBANE_TODAY;
    return answer(res, plant === 'create-200' ? 200 : 201, { id: 1, name, startsAt });
  }
  const page = Number(url.searchParams.get('page') ?? 1);
  const perPage = Number(url.searchParams.get('perPage') ?? 25);
  const all = Array.from({ length: ITEMS }, (_, i) => ({ id: i + 1, name: `T${i + 1}`, startsAt: BRISBANE_TODAY }));
  // The planted list counts one item its pages never show (the count and the page query disagree):
  // every page still looks right on its own.
  const listed = plant === 'page-loses-item' ? all.slice(0, ITEMS - 1) : all;
  const shown = listed.slice((page - 1) * perPage, page * perPage);
  return answer(res, 200, {
    data: shown,
    meta: { currentPage: page, perPage, total: ITEMS, lastPage: Math.max(1, Math.ceil(ITEMS / perPage)) },
  });
}

async function fake(plant: Plant): Promise<string> {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => handle(plant, req, body, res));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

const SEMANTIC: CheckName[] = ['success_status_rule', 'pagination_consistency', 'date_zone', 'refinement_rejection'];

async function run(plant: Plant) {
  const baseUrl = await fake(plant);
  const result = await runContract({
    baseUrl,
    key: 'k',
    seed: 1,
    maxExamples: 1,
    maxCoverage: 1,
    document: DOCUMENT,
    mock: true,
    phases: ['semantic'],
    log: () => undefined,
  });
  const cells = Object.fromEntries(result.operations.map((op) => [op.id, op.cells]));
  const failed = result.failures.filter((f) => SEMANTIC.includes(f.check));
  return { cells, failed };
}

describe('semantic phase', () => {
  it('passes every semantic check on a service that keeps the rules', async () => {
    const { cells, failed } = await run('none');
    expect(failed).toEqual([]);
    expect(cells.createThing).toMatchObject({ success_status_rule: 'pass', date_zone: 'pass', refinement_rejection: 'pass' });
    expect(cells.listThings).toMatchObject({ pagination_consistency: 'pass' });
  });

  it.each([
    ['create-200', 'success_status_rule', /answered 200; the operation's rule \(x-success-status\) says 201/],
    ['utc-date', 'date_zone', /startsAt is 2026-11-27; created today, Australia\/Brisbane by the service clock, is 2026-11-28/],
    ['page-loses-item', 'pagination_consistency', /gave 6 items; meta.total is 7/],
    ['rule-accepted', 'refinement_rejection', /rule name_not_bad \("A bad name"\): expected 422 with code name_bad, got 201/],
  ] as const)('fails %s with %s', async (plant, check, message) => {
    const { failed } = await run(plant);
    expect(failed.map((f) => f.check)).toEqual([check]);
    expect(failed[0]?.message).toMatch(message);
  });
});
