// Walks the published document (spec/openapi.json) and proves every operation carries what a
// partner relies on: the interface's operations and 9 events, ids, summaries, descriptions, tags,
// security, every error family, X-Request-Id, rate-limit headers, idempotency, examples and closed
// responses. Operations beyond the interface's are welcome: each must have its one definition, a
// handler (or be pending) and tests, in either document.
import { describe, expect, it } from 'vitest';
import { PUBLIC_OPERATIONS } from '../../schemas/operations.js';
import { ADMIN_OPERATIONS } from '../../schemas/admin/operations.js';
import type { OperationDefinition, PublicOperationDefinition } from '../../schemas/common/operation.js';
import { OPERATOR_HANDLERS } from '../../server/routes/admin.js';
import { PUBLIC_HANDLERS } from '../../server/routes/index.js';
import { loadDocument, operationsOf, type JsonObject, type OperationRef } from '../support/document.js';
import { testsOf } from '../support/operation-tests.js';

const document = loadDocument();
const operations = operationsOf(document);
const webhooks = operationsOf(document, 'webhooks');
const schemas = ((document.components as JsonObject).schemas ?? {}) as Record<string, JsonObject>;

/** The interface's 31 operations (spec 4): a conformance fixture, not the list of the document's operations. */
const INTERFACE_OPERATIONS: Record<string, string> = {
  'GET /helpers/company-name-availability': 'getCompanyNameAvailability',
  'GET /helpers/industries': 'listIndustries',
  'POST /abn/registrations': 'createAbnRegistration',
  'GET /lodgements/{requestId}': 'getLodgement',
  'GET /webhooks': 'listWebhookEndpoints',
  'POST /webhooks': 'createWebhookEndpoint',
  'PATCH /webhooks/{id}': 'updateWebhookEndpoint',
  'DELETE /webhooks/{id}': 'deleteWebhookEndpoint',
  'POST /webhooks/{id}/rotate-secret': 'rotateWebhookEndpointSecret',
  'GET /webhooks/{id}/deliveries': 'listWebhookDeliveries',
  'POST /webhooks/{id}/deliveries/{deliveryId}/resend': 'resendWebhookDelivery',
  'POST /ppsr/searches': 'createPpsrSearch',
  'GET /ppsr/searches/{requestId}': 'getPpsrSearch',
  'GET /ppsr/searches/{requestId}/certificates/{certificateNumber}': 'getPpsrCertificate',
  'GET /ppsr/alerts': 'listPpsrAlerts',
  'POST /ppsr/alerts': 'createPpsrAlert',
  'DELETE /ppsr/alerts/{id}': 'deletePpsrAlert',
  'POST /business-accounts': 'createBusinessAccountApplication',
  'GET /business-accounts/status/{requestId}': 'getBusinessAccountStatus',
  'POST /asic-484-forms': 'createForm484Lodgement',
  'GET /asic-484-forms/{requestId}/status': 'getForm484Status',
  'POST /monitoring/entities': 'createMonitoringEntities',
  'POST /monitoring/entities/renew': 'renewMonitoringEntities',
  'POST /monitoring/entities/{id}/resume': 'resumeMonitoringEntity',
  'GET /monitoring/entities': 'listMonitoringEntities',
  'GET /monitoring/entities/{id}': 'getMonitoringEntity',
  'DELETE /monitoring/entities/{id}': 'stopMonitoringEntity',
  'GET /monitoring/entities/{id}/events': 'listMonitoringEntityEvents',
  'GET /monitoring/events': 'listMonitoringEvents',
  'GET /monitoring/events/{id}': 'getMonitoringEvent',
  'POST /monitoring/entities/{id}/simulate': 'simulateMonitoringEvent',
};

const EXPECTED_EVENTS = [
  'company_registration.status_changed',
  'abn_registration.status_changed',
  'business_name_registration.status_changed',
  'business_name_renewal.status_changed',
  'form484.status_changed',
  'ppsr.alert.grantor_registration_changed',
  'monitoring.change_detected',
  'monitoring.expiring',
  'monitoring.expired',
];

/**
 * D-18 for the interface's operations: every charged POST, every other create and rotate-secret accept
 * Idempotency-Key; renew requires it. Any other operation takes it when its definition says so.
 */
const IDEMPOTENT_BY_D18 = new Set([
  'createAbnRegistration',
  'createWebhookEndpoint',
  'rotateWebhookEndpointSecret',
  'createPpsrSearch',
  'createPpsrAlert',
  'createBusinessAccountApplication',
  'createForm484Lodgement',
  'createMonitoringEntities',
  'renewMonitoringEntities',
]);

const ERROR_SCHEMAS = new Set(['#/components/schemas/SharedError', '#/components/schemas/ErrorResponse', '#/components/schemas/Form484Error']);
const PROPER_WORDS = new Set(['Form', 'I', 'Standard']);

function resolve(schema: JsonObject): JsonObject {
  const ref = schema.$ref as string | undefined;
  return ref ? (schemas[ref.split('/').pop()!] ?? {}) : schema;
}

function refsOf(schema: JsonObject | undefined): string[] {
  if (!schema) return [];
  if (schema.$ref) return [schema.$ref as string];
  // An error response narrowed to its codes is `allOf: [{$ref}, {closed object with the enum}]`.
  return ((schema.oneOf ?? schema.anyOf ?? schema.allOf ?? []) as JsonObject[]).flatMap(refsOf);
}

/** Every object schema reachable from a response must be closed (or a typed map). */
function openObjects(schema: JsonObject, path: string, seen = new Set<string>()): string[] {
  if (schema.$ref) {
    const ref = schema.$ref as string;
    if (seen.has(ref)) return [];
    seen.add(ref);
    return openObjects(resolve(schema), ref, seen);
  }
  const found: string[] = [];
  const isObject = schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object')) || schema.properties;
  if (isObject && schema.properties && schema.additionalProperties !== false) found.push(path);
  for (const [key, child] of Object.entries((schema.properties ?? {}) as Record<string, JsonObject>)) found.push(...openObjects(child, `${path}.${key}`, seen));
  if (schema.items) found.push(...openObjects(schema.items as JsonObject, `${path}[]`, seen));
  for (const keyword of ['oneOf', 'anyOf', 'allOf'] as const) {
    ((schema[keyword] ?? []) as JsonObject[]).forEach((child, i) => found.push(...openObjects(child, `${path}.${keyword}[${i}]`, seen)));
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') found.push(...openObjects(schema.additionalProperties as JsonObject, `${path}{}`, seen));
  return found;
}

describe('the public document', () => {
  it('is OpenAPI 3.1 with live and test servers', () => {
    expect(document.openapi).toBe('3.1.0');
    const urls = (document.servers as JsonObject[]).map((s) => s.url);
    expect(urls).toEqual(expect.arrayContaining(['http://127.0.0.1:4000/api/v2', 'http://127.0.0.1:4000/api/test/v2']));
  });

  it('contains every operation of the interface', () => {
    const actual = Object.fromEntries(operations.map(({ method, path, operation }) => [`${method.toUpperCase()} ${path}`, operation.operationId]));
    expect(actual).toMatchObject(INTERFACE_OPERATIONS);
  });

  it('lists the 9 outbound events with payload examples and the signature header', () => {
    expect(webhooks.map((w) => w.path).sort()).toEqual([...EXPECTED_EVENTS].sort());
    for (const { path, operation } of webhooks) {
      const media = ((operation.requestBody as JsonObject).content as JsonObject)['application/json'] as JsonObject;
      expect(Object.keys((media.examples ?? {}) as JsonObject).length, path).toBeGreaterThan(0);
      const headers = ((operation.parameters ?? []) as JsonObject[]).filter((p) => p.in === 'header').map((p) => p.name);
      expect(headers, path).toEqual(expect.arrayContaining(['X-Svc-Signature', 'webhook-id', 'webhook-timestamp', 'webhook-signature']));
      const payload = resolve(media.schema as JsonObject);
      expect(payload.required, path).toEqual(expect.arrayContaining(['event', 'timestamp', 'deliveryId']));
    }
  });

  it('declares every tag it uses, with a description', () => {
    const declared = new Map((document.tags as JsonObject[]).map((t) => [t.name, t.description]));
    for (const { operation } of [...operations, ...webhooks]) {
      for (const tag of operation.tags as string[]) {
        expect(declared.has(tag), tag).toBe(true);
        expect(String(declared.get(tag)).length).toBeGreaterThan(10);
      }
    }
  });
});

describe.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))('%s', (_label, { method, operation }) => {
  const id = operation.operationId as string;
  const responses = operation.responses as Record<string, JsonObject>;
  const family = operation['x-error-family'] as string;

  it('has a camelCase operationId, a sentence-case summary, a description and one tag', () => {
    expect(id).toMatch(/^[a-z][A-Za-z0-9]+$/);
    const summary = operation.summary as string;
    expect(summary).toMatch(/^[A-Z]/);
    expect(summary).not.toMatch(/\.$/);
    for (const word of summary.split(' ').slice(1)) {
      const fine = word === word.toLowerCase() || word === word.toUpperCase() || /\d/.test(word) || PROPER_WORDS.has(word);
      expect(fine, `"${word}" in "${summary}" is not sentence case`).toBe(true);
    }
    expect((operation.description as string).length).toBeGreaterThan(60);
    expect(operation.tags).toHaveLength(1);
  });

  it('requires an API key', () => {
    const security = operation.security as JsonObject[];
    expect(security.length).toBeGreaterThan(0);
    expect(security.some((s) => 'secretKey' in s)).toBe(true);
    const isHelper = (operation.tags as string[])[0] === 'Helpers';
    expect(security.some((s) => 'publishableKey' in s)).toBe(isHelper);
  });

  it('documents success, auth, rate-limit and body errors in the right shapes', () => {
    const statuses = Object.keys(responses);
    expect(statuses.some((s) => /^2\d\d$/.test(s))).toBe(true);
    expect(statuses).toEqual(expect.arrayContaining(['401', '403', '429']));
    if (operation.requestBody) expect(statuses).toEqual(expect.arrayContaining(['400', '413', '415']));
    const limited = responses['429']!;
    expect(Object.keys(limited.headers as JsonObject)).toEqual(expect.arrayContaining(['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']));
    for (const [status, response] of Object.entries(responses)) {
      expect(Object.keys((response.headers ?? {}) as JsonObject), `${status} X-Request-Id`).toContain('X-Request-Id');
      if (Number(status) < 400) continue;
      const media = ((response.content ?? {}) as JsonObject)['application/json'] as JsonObject | undefined;
      expect(media, `${status} has a JSON body`).toBeDefined();
      const refs = refsOf(media!.schema as JsonObject);
      expect(refs.length, `${status} uses a registered error shape`).toBeGreaterThan(0);
      for (const ref of refs) expect(ERROR_SCHEMAS.has(ref), `${status} ${ref}`).toBe(true);
      if (status === '401') expect(refs).toEqual(['#/components/schemas/SharedError']);
      if (!['401', '403', '429'].includes(status)) {
        expect(refs).toEqual([family === 'form484' ? '#/components/schemas/Form484Error' : '#/components/schemas/ErrorResponse']);
      }
    }
  });

  it('has an example for every request and response body', () => {
    const body = operation.requestBody as JsonObject | undefined;
    if (body) {
      const media = (body.content as JsonObject)['application/json'] as JsonObject;
      expect(Object.keys((media.examples ?? {}) as JsonObject).length).toBeGreaterThan(0);
    }
    for (const [status, response] of Object.entries(responses)) {
      const media = ((response.content ?? {}) as JsonObject)['application/json'] as JsonObject | undefined;
      if (!media) continue;
      expect(media.example !== undefined || Object.keys((media.examples ?? {}) as JsonObject).length > 0, `${status} example`).toBe(true);
    }
  });

  // Dredd builds each request from the parameters' own examples and refuses the whole document when
  // a required path or query parameter has none ("Required URI parameter 'id' has no example");
  // examples.test.ts checks each against its schema.
  it('carries an example on every parameter itself', () => {
    for (const parameter of (operation.parameters ?? []) as JsonObject[]) {
      expect(parameter.example ?? parameter.examples, `${String(parameter.in)} ${String(parameter.name)}`).toBeDefined();
    }
  });

  it('returns closed objects only', () => {
    for (const [status, response] of Object.entries(responses)) {
      for (const media of Object.values((response.content ?? {}) as Record<string, JsonObject>)) {
        if (!media.schema) continue;
        expect(openObjects(media.schema as JsonObject, `${status}`), `${status} open objects`).toEqual([]);
      }
    }
  });

  it('takes Idempotency-Key where D-18 says', () => {
    const header = ((operation.parameters ?? []) as JsonObject[]).find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
    if (IDEMPOTENT_BY_D18.has(id)) expect(header).toBeDefined();
    expect(Boolean(header)).toBe(Boolean((PUBLIC_OPERATIONS as Readonly<Record<string, PublicOperationDefinition | undefined>>)[id]?.idempotencyKey));
    if (header) {
      expect((header.schema as JsonObject).maxLength).toBe(255);
      expect(header.required).toBe(id === 'renewMonitoringEntities');
      // The D-18 refusals are documented, with an example of each code.
      const codes = (status: string) =>
        JSON.stringify((((responses[status]?.content ?? {}) as JsonObject)['application/json'] as JsonObject | undefined)?.examples ?? {});
      expect(codes('409')).toContain('idempotency_key_reused');
      expect(codes('409')).toContain('request_in_progress');
      expect(codes('400')).toContain('idempotency_key_invalid');
      if (header.required) expect(codes('400')).toContain('idempotency_key_required');
    }
    void method;
  });
});

describe('structural rules the schemas carry', () => {
  it('makes the PPSR search request a oneOf of search types', () => {
    const op = operations.find((o) => o.operation.operationId === 'createPpsrSearch')!.operation;
    const schema = resolve(((op.requestBody as JsonObject).content as JsonObject)['application/json'] as JsonObject);
    const body = resolve(schema.schema as JsonObject);
    expect(Array.isArray(body.oneOf)).toBe(true);
    expect((body.oneOf as JsonObject[]).length).toBeGreaterThanOrEqual(6);
  });

  it('declares ACN and ABN checksums as formats', () => {
    const text = JSON.stringify(document);
    expect(text).toContain('"format":"acn"');
    expect(text).toContain('"format":"abn"');
  });
});

describe.each([
  ['public', loadDocument(), PUBLIC_OPERATIONS, PUBLIC_HANDLERS],
  ['operator', loadDocument('admin.openapi.json'), ADMIN_OPERATIONS, OPERATOR_HANDLERS],
] as const)('every operation of the %s document', (_name, document, definitions, handlers) => {
  const byId: Readonly<Record<string, OperationDefinition>> = definitions;
  const all: Readonly<Record<string, unknown>> = handlers;

  it.each(operationsOf(document).map((op) => [String(op.operation.operationId), op] as [string, OperationRef]))(
    '%s has its one definition, a handler (or is pending) and tests',
    (id, op) => {
      expect(byId[id], `${id}: no definition`).toMatchObject({ method: op.method, path: op.path });
      expect(Object.hasOwn(all, id), `${id}: neither a handler nor pending`).toBe(true);
      expect(testsOf(op), `${id}: no integration or e2e test calls it`).not.toEqual([]);
    },
  );
});
