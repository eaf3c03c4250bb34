// What the Form 484 part contributes to the OpenAPI document: rules expressed structurally so
// Ajv, Prism and the SDK enforce them too, and the two operations as spec 4.6 and D-14/D-17 say.
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { describe, expect, it } from 'vitest';
import { collectOperations, registerOperations } from '../../schemas/common/operation-collection.js';
import { FORM484_OPERATIONS, FORM484_STATUSES } from '../../schemas/form484/index.js';
import * as form484Definitions from '../../schemas/form484/paths.js';
import { registerForm484Events } from '../../schemas/form484/events.js';
import { UPPERCASE_NAME_PATTERN, UPPERCASE_PATTERN } from '../../schemas/common/names.js';
import { UPPERCASE_PRINTABLE_PATTERN } from '../../schemas/form484/fields.js';

type Json = Record<string, unknown>;

function buildDocument(): Json {
  const registry = new OpenAPIRegistry();
  registerOperations(registry, collectOperations(form484Definitions));
  registerForm484Events(registry);
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'form484', version: '0' },
  });
  return JSON.parse(JSON.stringify(document)) as Json;
}

const document = buildDocument();
const schemas = (document.components as Json).schemas as Record<string, Json>;
const paths = document.paths as Record<string, Record<string, Json>>;

/** Every property schema under the request's components, with its path. */
function walk(schema: Json, path: string, visit: (schema: Json, path: string) => void, seen = new Set<string>()): void {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop()!;
    if (seen.has(name)) return;
    seen.add(name);
    walk(schemas[name]!, name, visit, seen);
    return;
  }
  visit(schema, path);
  for (const [key, child] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) walk(child, `${path}.${key}`, visit, seen);
  if (schema.items) walk(schema.items as Json, `${path}[]`, visit, seen);
  for (const child of (schema.allOf ?? []) as Json[]) walk(child, path, visit, seen);
}

describe('the Form 484 request schema', () => {
  it('constrains every string: an enum, a date or ACN/ABN format, or a pattern', () => {
    const loose: string[] = [];
    let strings = 0;
    walk({ $ref: '#/components/schemas/Form484Request' }, '', (schema, path) => {
      if (schema.type !== 'string') return;
      strings += 1;
      if (!schema.enum && !schema.format && !schema.pattern) loose.push(path);
    });
    expect(strings).toBeGreaterThan(40);
    expect(loose).toEqual([]);
  });

  it('makes every free-text string uppercase', () => {
    // Names carry the upper-case rule inside their own pattern (D-57).
    const uppercase = new Set([UPPERCASE_PATTERN.source, UPPERCASE_PRINTABLE_PATTERN.source, UPPERCASE_NAME_PATTERN.source]);
    const lower: string[] = [];
    walk({ $ref: '#/components/schemas/Form484Request' }, '', (schema, path) => {
      if (
        schema.type === 'string' &&
        typeof schema.pattern === 'string' &&
        !/^\^\[0-9\]\{\d+\}\$$/.test(schema.pattern) &&
        !uppercase.has(schema.pattern)
      )
        lower.push(`${path} ${schema.pattern}`);
    });
    expect(lower).toEqual([]);
  });

  it('gives every name field the name pattern: upper case, no control or invisible formatting characters (D-57)', () => {
    const names: string[] = [];
    const loose: string[] = [];
    walk({ $ref: '#/components/schemas/Form484Request' }, '', (schema, path) => {
      if (schema.type !== 'string' || schema.format === 'date' || !/(^|\.)(\w*Name\w*|name)$/.test(path)) return;
      names.push(path);
      if (schema.pattern !== UPPERCASE_NAME_PATTERN.source) loose.push(path);
    });
    expect(names.length).toBeGreaterThanOrEqual(10);
    expect(loose).toEqual([]);
  });

  it('closes every object (unknown fields are refused)', () => {
    const open: string[] = [];
    walk({ $ref: '#/components/schemas/Form484Request' }, '', (schema, path) => {
      if (schema.type === 'object' && schema.additionalProperties !== false) open.push(path);
    });
    expect(open).toEqual([]);
  });

  it('requires exactly the three top-level members of spec 2.5', () => {
    expect(schemas.Form484Request!.required).toEqual(['generalInformation', 'signature', 'testTransmissionIndicator']);
  });

  it('carries the literal and integer rules', () => {
    const signature = schemas.Form484Signature!.properties as Record<string, Json>;
    expect(signature.declaresTrueAndCorrectIndicator).toMatchObject({ type: 'boolean', enum: [true] });
    const annexure = schemas.Form484Annexure!.properties as Record<string, Json>;
    expect(annexure.type).toMatchObject({ enum: ['ALT'] });
    expect(annexure.text).toMatchObject({ maxLength: 2_900_000 });
    const shareClass = schemas.Form484ShareStructureClass!.properties as Record<string, Json>;
    expect(shareClass.numberIssued).toMatchObject({ type: 'integer', minimum: 0, maximum: 999_999_999_999_999 });
  });
});

describe('the Form 484 operations', () => {
  const create = paths['/asic-484-forms']!.post!;
  const status = paths['/asic-484-forms/{requestId}/status']!.get!;

  it('lodges with POST /asic-484-forms: 201, 8 MiB body, optional Idempotency-Key', () => {
    expect(create.operationId).toBe(FORM484_OPERATIONS.createForm484Lodgement);
    expect(Object.keys(create.responses as Json)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '409', '413', '415', '422', '429']),
    );
    expect(create['x-body-limit-bytes']).toBe(8 * 1024 * 1024);
    expect(String((create.responses as Record<string, Json>)['413']!.description)).toContain('8 MiB');
    const header = (create.parameters as Json[]).find((p) => p.name === 'Idempotency-Key');
    expect(header).toMatchObject({ in: 'header', required: false });
  });

  it('reads the status with GET /asic-484-forms/{requestId}/status: 200 or 404', () => {
    expect(status.operationId).toBe(FORM484_OPERATIONS.getForm484Status);
    expect(Object.keys(status.responses as Json)).toEqual(expect.arrayContaining(['200', '404']));
    expect(schemas.Form484Status!.enum).toEqual([...FORM484_STATUSES]);
    expect(FORM484_STATUSES).toEqual(['new', 'submitted', 'manual review', 'finished', 'rejected', 'error']);
  });
});
