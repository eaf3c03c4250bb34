// The breaking-change gate (D-44) on copies of spec/openapi.json with one planted change
// each: every breaking one is flagged with a pointer to where it happened, every compatible one
// passes, and a new major version lets breaking changes through.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { compareDocuments } from '../../scripts/spec-diff/classify.js';
import { decide, majorOf } from '../../scripts/spec-diff/gate.js';
import { readDocumentAtRef, UnknownRefError } from '../../scripts/spec-diff/git-base.js';
import { requiredBump } from '../../scripts/spec-diff/semver.js';
import { statesExistingRule } from '../../scripts/spec-diff/stated-rules.js';
import type { OpenApiDocument, SpecChange } from '../../scripts/spec-diff/types.js';
import { loadDocument } from '../support/document.js';

type Json = Record<string, unknown>;

const FULL = loadDocument() as unknown as OpenApiDocument;
// Plants go into a copy cut down to the paths they touch, every webhook, the security schemes and
// the components those reach: a comparison walks the whole resolved document, components included,
// and the full one takes seconds on a busy machine (the 94 components nothing here reaches were
// two thirds of each comparison's time).
const PLANTED_PATHS = [
  '/webhooks',
  '/webhooks/{id}',
  '/webhooks/{id}/rotate-secret',
  '/monitoring/entities',
  '/helpers/industries',
  '/ppsr/alerts',
  // Reached for the older-forms test: a certificate's download URL is a pattern with slashes, an
  // event's entity a `$ref` with a description beside it.
  '/ppsr/searches/{requestId}',
  '/monitoring/events/{id}',
];
const BASE = withReachableComponents({
  ...FULL,
  paths: Object.fromEntries(PLANTED_PATHS.map((path) => [path, (FULL.paths as Json)[path]])),
});
const SLOW = { timeout: 60_000 };

function obj(value: unknown): Json {
  if (typeof value !== 'object' || value === null) throw new Error('expected an object in the document');
  return value as Json;
}

/** The document with only the components its paths and webhooks reach through `$ref`, and every security scheme. */
function withReachableComponents(doc: OpenApiDocument): OpenApiDocument {
  const all = obj(doc.components);
  const kept: Record<string, Json> = { securitySchemes: obj(all.securitySchemes) };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key !== '$ref' || typeof value !== 'string') visit(value);
      else if (value.startsWith('#/components/')) {
        const [, , kind, name] = value.split('/') as [string, string, string, string];
        if (kept[kind]?.[name] !== undefined) continue;
        kept[kind] = { ...kept[kind], [name]: obj(all[kind])[name] };
        visit(obj(all[kind])[name]);
      }
    }
  };
  visit([doc.paths, doc.webhooks]);
  return { ...doc, components: kept };
}

/** Follows a local `$ref` so plants land in the component the operation really uses. */
function deref(doc: Json, node: unknown): Json {
  const ref = obj(node).$ref;
  if (typeof ref !== 'string') return obj(node);
  return ref
    .slice(2)
    .split('/')
    .reduce<Json>((at, key) => obj(at[key]), doc);
}

function operation(doc: Json, path: string, method: string): Json {
  return obj(obj(obj(doc.paths)[path])[method]);
}

function requestSchema(doc: Json, path: string, method: string): Json {
  return deref(doc, obj(obj(obj(operation(doc, path, method).requestBody).content)['application/json']).schema);
}

function responseSchema(doc: Json, path: string, method: string, status: string): Json {
  return deref(doc, obj(obj(obj(obj(operation(doc, path, method).responses)[status]).content)['application/json']).schema);
}

function properties(schema: Json): Json {
  return obj(schema.properties);
}

function planted(change: (doc: Json) => void, version?: string): { changes: SpecChange[]; pass: boolean } {
  const head = structuredClone(BASE) as Json;
  change(head);
  if (version) obj(head.info).version = version;
  const changes = compareDocuments(BASE, head as OpenApiDocument);
  return { changes, pass: decide(changes, BASE.info?.version, obj(head.info).version as string).pass };
}

/** The base document's version with one part raised (the committed document's version moves on). */
function bumped(part: 'major' | 'minor' | 'patch'): string {
  const [major, minor, patch] = String(BASE.info?.version).split('.').map(Number) as [number, number, number];
  if (part === 'major') return `${major + 1}.0.0`;
  return part === 'minor' ? `${major}.${minor + 1}.0` : `${major}.${minor}.${patch + 1}`;
}

function breakingAt(changes: SpecChange[]): string[] {
  return changes.filter((c) => c.severity === 'breaking').map((c) => c.pointer);
}

const WEBHOOK_ENDPOINT = ['/webhooks/{id}', 'patch', '200'] as const;

describe('spec:diff flags breaking changes', () => {
  it.each<[string, (doc: Json) => void, RegExp]>([
    ['a removed operation', (doc) => delete obj(obj(doc.paths)['/webhooks']).get, /^\/paths\/~1webhooks\/get$/],
    [
      'a removed response field',
      (doc) => {
        const schema = responseSchema(doc, ...WEBHOOK_ENDPOINT);
        delete properties(schema).url;
        schema.required = (schema.required as string[]).filter((name) => name !== 'url');
      },
      /^\/paths\/~1webhooks~1\{id\}\/patch\/responses\/200\/.*\/properties\/url$/,
    ],
    [
      'a new required request field',
      (doc) => {
        const schema = requestSchema(doc, '/webhooks', 'post');
        properties(schema).label = { type: 'string' };
        schema.required = [...(schema.required as string[]), 'label'];
      },
      /^\/paths\/~1webhooks\/post\/requestBody\/.*\/required\/\d+$/,
    ],
    [
      'a new required query parameter',
      (doc) =>
        (operation(doc, '/monitoring/entities', 'get').parameters as Json[]).push({
          name: 'region',
          in: 'query',
          required: true,
          schema: { type: 'string' },
        }),
      /^\/paths\/~1monitoring~1entities\/get\/parameters\/\d+$/,
    ],
    [
      'a narrowed request enum',
      (doc) => {
        const items = obj(obj(properties(requestSchema(doc, '/webhooks', 'post')).eventTypes).items);
        items.enum = (items.enum as string[]).filter((value) => value !== 'monitoring.expired');
      },
      /^\/paths\/~1webhooks\/post\/requestBody\/.*\/eventTypes\/items\/enum\/\d+$/,
    ],
    [
      'a narrowed request type',
      (doc) => (obj(properties(requestSchema(doc, '/webhooks', 'post')).url).maxLength = 100),
      /^\/paths\/~1webhooks\/post\/requestBody\/.*\/url\/maxLength$/,
    ],
    [
      'a changed success status code',
      (doc) => {
        const responses = obj(operation(doc, '/webhooks', 'post').responses);
        responses['200'] = responses['201'];
        delete responses['201'];
      },
      /^\/paths\/~1webhooks\/post\/responses\/201$/,
    ],
    [
      'changed security (an alternative removed)',
      (doc) => (operation(doc, '/helpers/industries', 'get').security = [{ secretKey: [] }]),
      /^\/paths\/~1helpers~1industries\/get\/security\/1$/,
    ],
    [
      'changed security (a scheme replaced)',
      (doc) => (operation(doc, '/webhooks', 'get').security = [{ publishableKey: [] }]),
      /^\/paths\/~1webhooks\/get\/security\/0\/secretKey$/,
    ],
    [
      'changed security (a scheme required as well)',
      (doc) => (operation(doc, '/webhooks', 'get').security = [{ secretKey: [], publishableKey: [] }]),
      /^\/paths\/~1webhooks\/get\/security\/0\/publishableKey$/,
    ],
    [
      'an added response enum value',
      (doc) => {
        // A nullable enum is published as `anyOf: [{enum}, {type: null}]` (schemas/common/nullable-enums.ts).
        const reason = obj((obj(properties(responseSchema(doc, ...WEBHOOK_ENDPOINT)).disabledReason).anyOf as Json[])[0]);
        reason.enum = [...(reason.enum as unknown[]), 'suspended'];
      },
      /^\/paths\/~1webhooks~1\{id\}\/patch\/responses\/200\/.*\/disabledReason\/anyOf\/0\/enum\/\d+$/,
    ],
    [
      'a new required field in one alternative of a "one of these identifiers" row',
      (doc) => {
        const first = obj((obj(obj(obj(doc.components).schemas).MonitoringOrderRow).anyOf as Json[])[0]);
        first.required = [...(first.required as string[]), 'reference'];
      },
      /^\/paths\/~1monitoring~1entities\/post\/requestBody\/.*\/required\/\d+$/,
    ],
    ['a removed webhook', (doc) => delete obj(doc.webhooks)['monitoring.expired'], /^\/webhooks\/monitoring\.expired\/post$/],
    [
      'a removed webhook payload field',
      (doc) => {
        const payload = deref(
          doc,
          obj(obj(obj(obj(obj(obj(doc.webhooks)['monitoring.expired']).post).requestBody).content)['application/json']).schema,
        );
        delete properties(payload).timestamp;
      },
      /^\/webhooks\/monitoring\.expired\/post\/requestBody\/content\/application~1json\/schema\/properties\/timestamp$/,
    ],
  ])(
    '%s',
    (_name, change, pointer) => {
      const { changes, pass } = planted(change);
      expect(pass).toBe(false);
      expect(breakingAt(changes)).toContainEqual(expect.stringMatching(pointer));
    },
    SLOW.timeout,
  );
});

describe('spec:diff passes compatible changes', () => {
  it.each<[string, (doc: Json) => void]>([
    [
      'a new optional request field',
      (doc) => (properties(requestSchema(doc, '/webhooks', 'post')).label = { type: 'string', maxLength: 100 }),
    ],
    ['a new response field', (doc) => (properties(responseSchema(doc, ...WEBHOOK_ENDPOINT)).label = { type: 'string' })],
    [
      'a new operation',
      (doc) =>
        (obj(doc.paths)['/webhooks/{id}/ping'] = {
          post: { ...structuredClone(operation(doc, '/webhooks/{id}/rotate-secret', 'post')), operationId: 'pingWebhookEndpoint' },
        }),
    ],
    [
      'a widened request enum',
      (doc) => {
        const items = obj(obj(properties(requestSchema(doc, '/webhooks', 'post')).eventTypes).items);
        items.enum = [...(items.enum as string[]), 'lodgement.status_changed'];
      },
    ],
    [
      'a new optional query parameter',
      (doc) =>
        (operation(doc, '/monitoring/entities', 'get').parameters as Json[]).push({
          name: 'region',
          in: 'query',
          required: false,
          schema: { type: 'string' },
        }),
    ],
    ['a new security alternative', (doc) => (operation(doc, '/webhooks', 'get').security = [{ secretKey: [] }, { publishableKey: [] }])],
    [
      'description changes',
      (doc) => {
        operation(doc, '/webhooks', 'post').description = 'Reworded.';
        obj(properties(requestSchema(doc, '/webhooks', 'post')).url).description = 'Reworded.';
      },
    ],
    ['a new webhook', (doc) => (obj(doc.webhooks)['monitoring.renewed'] = structuredClone(obj(doc.webhooks)['monitoring.expired']))],
    [
      'examples replaced and links added (documentation only)',
      (doc) => {
        const responses = obj(operation(doc, '/webhooks', 'post').responses);
        obj(obj(obj(responses['409']).content)['application/json']).examples = {
          other: { summary: 'Other', value: { error: 'x', message: 'y' } },
        };
        obj(responses['201']).links = { self: { operationId: 'listWebhookEndpoints' } };
      },
    ],
  ])(
    '%s',
    (_name, change) => {
      const { changes, pass } = planted(change);
      expect(changes.length).toBeGreaterThan(0);
      expect(breakingAt(changes)).toEqual([]);
      expect(pass).toBe(true);
    },
    SLOW.timeout,
  );

  it(
    'the whole unchanged document has no changes',
    () => {
      expect(compareDocuments(FULL, structuredClone(FULL))).toEqual([]);
    },
    SLOW.timeout,
  );

  it(
    'reads "one of these identifiers" in the older form (bare `required` lists beside `properties`) as the same schema',
    () => {
      const older = structuredClone(BASE) as Json;
      const schemas = obj(obj(older.components).schemas);
      const row = obj(schemas.MonitoringOrderRow);
      schemas.MonitoringOrderRow = {
        type: 'object',
        properties: obj((row.anyOf as Json[])[0]).properties,
        additionalProperties: false,
        description: row.description,
        anyOf: [{ required: ['acn'] }, { required: ['abn'] }],
      };
      const changes = compareDocuments(older as OpenApiDocument, BASE);
      expect(breakingAt(changes)).toEqual([]);
      expect(decide(changes, BASE.info?.version, BASE.info?.version).pass).toBe(true);
    },
    SLOW.timeout,
  );

  it(
    'reads the forms zod-to-openapi wrote before generator-forms.ts (allOf-wrapped $ref, escaped slashes, null in an enum) as the same schemas',
    () => {
      const older = (node: unknown): unknown => {
        if (Array.isArray(node)) return node.map(older);
        if (typeof node !== 'object' || node === null) return node;
        const walked = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, older(v)])) as Json;
        const { $ref, description, anyOf, ...rest } = walked;
        const [values, none] = Array.isArray(anyOf) ? (anyOf as Json[]) : [];
        if (typeof $ref === 'string' && description !== undefined && Object.keys(rest).length === 0)
          return { allOf: [{ $ref }, { description }] };
        if (values?.enum && none?.type === 'null' && (anyOf as Json[]).length === 2) {
          return {
            type: [values.type, 'null'],
            enum: [...(values.enum as unknown[]), null],
            ...(description ? { description } : {}),
            ...rest,
          };
        }
        return typeof walked.pattern === 'string' ? { ...walked, pattern: walked.pattern.replace(/\//g, '\\/') } : walked;
      };
      const base = older(structuredClone(BASE)) as OpenApiDocument;
      const text = JSON.stringify(base);
      expect(text.includes('"allOf":[{"$ref":"#/components/schemas/MonitoredEntity"},{"description"')).toBe(true);
      expect(text.includes('"disabledReason":{"type":["string","null"]')).toBe(true);
      expect(text.includes('"pattern":"^\\\\/api\\\\/')).toBe(true);
      expect(compareDocuments(base, BASE)).toEqual([]);
    },
    SLOW.timeout,
  );

  it(
    'lets a breaking change on a provisional operation through, saying why',
    () => {
      const { changes, pass } = planted((doc) => delete obj(obj(doc.paths)['/ppsr/alerts']).get);
      expect(pass).toBe(true);
      expect(changes).toContainEqual(
        expect.objectContaining({
          pointer: '/paths/~1ppsr~1alerts/get',
          severity: 'compatible',
          note: expect.stringContaining('x-provisional'),
        }),
      );
    },
    SLOW.timeout,
  );
});

describe('spec:diff and rules the server applied before the document stated them (D-72)', () => {
  /** `doc` with the safe-integer maximum of `page` and the rule keywords taken out, as before 6.1.0. */
  function unstated(doc: Json): Json {
    const older = structuredClone(doc);
    const page = (operation(older, '/monitoring/entities', 'get').parameters as Json[]).find((p) => p.name === 'page')!;
    delete obj(page.schema).maximum;
    const strip = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(strip);
      else if (node && typeof node === 'object') {
        for (const key of ['x-rules', 'x-checksum', 'x-request-rules']) delete (node as Json)[key];
        Object.values(node).forEach(strip);
      }
    };
    strip(older);
    return older;
  }

  it(
    'passes the safe-integer maximum and the rule keywords as stating what the server did, and flags a lower maximum',
    () => {
      const changes = compareDocuments(unstated(BASE as unknown as Json) as OpenApiDocument, BASE);
      expect(breakingAt(changes)).toEqual([]);
      expect(changes.filter((c) => c.note?.includes('safe-integer')).map((c) => c.pointer)).toContainEqual(
        expect.stringMatching(/^\/paths\/~1monitoring~1entities\/get\/parameters\/.*maximum$/),
      );
      expect(changes.some((c) => /x-(rules|checksum|request-rules)/.test(c.pointer))).toBe(false);
      const lower = planted((doc) => {
        const page = (operation(doc, '/monitoring/entities', 'get').parameters as Json[]).find((p) => p.name === 'page')!;
        obj(page.schema).maximum = 1000;
      });
      expect(breakingAt(lower.changes)).toContainEqual(expect.stringMatching(/maximum$/));
    },
    SLOW.timeout,
  );

  it("knows the conditionals of 6.1.0 (Form 484, a listen attempt's report) by where they are, and nothing else added there", () => {
    const added = (path: string[], after: unknown) =>
      ({ type: 'breaking', action: 'add', path, after }) as Parameters<typeof statesExistingRule>[0];
    const office = '/paths/~1asic-484-forms/post/requestBody/content/application~1json/schema/properties/registeredOffice';
    expect(statesExistingRule(added(['if'], {}), `${office}/if`)).toMatch(/applied before/);
    expect(statesExistingRule(added(['required'], ['x']), `${office}/required`)).toBeUndefined();
    expect(statesExistingRule(added(['maximum'], 100), `${office}/maximum`)).toBeUndefined();
  });
});

describe('spec:diff and info.version (D-44)', () => {
  const removeOperation = (doc: Json) => delete obj(obj(doc.paths)['/webhooks']).get;

  it(
    'passes a breaking change when the major version went up',
    () => {
      const { changes, pass } = planted(removeOperation, bumped('major'));
      expect(breakingAt(changes)).toEqual(['/paths/~1webhooks/get']);
      expect(pass).toBe(true);
    },
    SLOW.timeout,
  );

  it(
    'still fails a breaking change with only a minor or patch bump',
    () => {
      expect(planted(removeOperation, bumped('minor')).pass).toBe(false);
      expect(planted(removeOperation, bumped('patch')).pass).toBe(false);
    },
    SLOW.timeout,
  );

  it('asks for a patch, not a minor, when only descriptions and info.version changed', () => {
    const change = (pointer: string): SpecChange => ({ severity: 'compatible', action: 'replace', pointer, message: pointer });
    expect(requiredBump([change('/info/version'), change('/components/securitySchemes/secretKey/description')])).toBe('patch');
    expect(requiredBump([change('/info/version'), change('/paths/~1webhooks/get')])).toBe('minor');
  });

  it('reads the major number of semver versions only', () => {
    expect(majorOf('2.0.0')).toBe(2);
    expect(majorOf('10.4.1-beta.1')).toBe(10);
    expect(majorOf('two')).toBeUndefined();
    expect(decide([{ severity: 'breaking', action: 'remove', pointer: '/x', message: 'x' }], 'x', 'y').pass).toBe(false);
  });
});

describe('spec:diff base ref', () => {
  const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, stdio: 'pipe', encoding: 'utf8' });

  it('reads the document at a ref, passes a ref without it and refuses an unknown ref', () => {
    const repo = mkdtempSync(join(tmpdir(), 'spec-diff-'));
    onTestFinished(() => rmSync(repo, { recursive: true, force: true }));
    git(repo, 'init', '-q');
    git(repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '--allow-empty', '-m', 'before the spec');
    mkdirSync(join(repo, 'spec'));
    writeFileSync(join(repo, 'spec/openapi.json'), JSON.stringify({ openapi: '3.1.0', info: { version: '1.0.0' }, paths: {} }));
    git(repo, 'add', '.');
    git(repo, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'spec');
    expect(readDocumentAtRef('HEAD', 'spec/openapi.json', repo)).toMatchObject({ kind: 'found', document: { info: { version: '1.0.0' } } });
    expect(readDocumentAtRef('HEAD~1', 'spec/openapi.json', repo)).toMatchObject({ kind: 'missing' });
    expect(() => readDocumentAtRef('no-such-ref', 'spec/openapi.json', repo)).toThrow(UnknownRefError);
  });
});
