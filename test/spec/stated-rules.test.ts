// Every refusal the server can give a request is stated in the document (D-72). The walk reads the
// server's own lists: the refinements of every operation's request schemas (each must be one of
// STATED_RULES, schemas/common/stated-rules.ts), the Form 484 rules (schemas/form484/rules.ts), the
// business account rules (schemas/business-accounts/rules.ts), the rules of every body and query
// (D-48, D-56) and Zod's safe-integer bound. Each must be on its field as a keyword (`x-checksum`,
// `x-rules`, `anyOf`, `maximum`), in the operation's `x-request-rules`, and named with its code in the
// operation's 422 description. The rules written as JSON Schema conditionals refuse exactly what the
// server's rule functions refuse. Every code a 422 can answer (its enum, made from the server's code
// lists by schemas/common/error-codes.ts) is named in its description.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN_OPERATIONS } from '../../schemas/admin/operations.js';
import { BUSINESS_ACCOUNT_RULE_CODES } from '../../schemas/business-accounts/rules.js';
import type { OperationDefinition } from '../../schemas/common/operation.js';
import { REQUEST_WIDE_RULES, STATED_RULES, refinementChecks, rulesOfCheck, statedRulesOf } from '../../schemas/common/stated-rules.js';
import { FORM484_RULES, checkHoldingOwnerKind, checkOccupier } from '../../schemas/form484/rules.js';
import { CompanyNameAvailabilityQuery, hasLetterOrDigit } from '../../schemas/helpers/schemas.js';
import { PUBLIC_OPERATIONS } from '../../schemas/operations.js';
import { normaliseCompanyName } from '../../server/registers/asic/company-name.js';
import { loadDocument, operationsOf, type JsonObject } from '../support/document.js';
import { createSpecAjv } from '../support/spec-ajv.js';

const documents = { public: loadDocument('openapi.json'), admin: loadDocument('admin.openapi.json') };
const definitions: Record<'public' | 'admin', OperationDefinition[]> = {
  public: Object.values(PUBLIC_OPERATIONS),
  admin: Object.values(ADMIN_OPERATIONS),
};

function documented(name: 'public' | 'admin', operationId: string): JsonObject {
  const found = operationsOf(documents[name]).find(({ operation }) => operation.operationId === operationId);
  if (!found) throw new Error(`${operationId} is not in the ${name} document`);
  return found.operation;
}

/** Every schema node of an operation's request (parameters and body), `$ref`s followed once each. */
function requestNodes(document: JsonObject, operation: JsonObject): JsonObject[] {
  const components = (document.components as { schemas: Record<string, JsonObject> }).schemas;
  const nodes: JsonObject[] = [];
  const seen = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const object = node as JsonObject;
    const ref = object.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = ref.slice('#/components/schemas/'.length);
      if (!seen.has(name)) {
        seen.add(name);
        visit(components[name]);
      }
      return;
    }
    nodes.push(object);
    for (const [key, value] of Object.entries(object))
      if (!['example', 'examples', 'default', 'x-refinement-examples', 'x-request-rules'].includes(key)) visit(value);
  };
  visit(operation.parameters);
  visit(operation.requestBody);
  return nodes;
}

const rulesOf = (operation: JsonObject) => (operation['x-request-rules'] ?? []) as { name: string; code: string; rule: string }[];
const description422 = (operation: JsonObject) =>
  ((operation.responses as Record<string, { description?: string }>)['422']?.description ?? '') as string;

describe.each(['public', 'admin'] as const)('the %s document states every rule of a request', (name) => {
  const defs = definitions[name];

  it('makes every refinement of a request schema with refineStated, from the one list', () => {
    const unlisted = defs.flatMap((def) =>
      [def.params, def.query, def.body?.schema].flatMap((schema) =>
        schema ? refinementChecks(schema).filter((check) => rulesOfCheck(check) === undefined) : [],
      ).map(() => def.operationId),
    );
    expect(unlisted).toEqual([]);
  });

  it.each(defs.map((def) => [def.operationId, def] as const))('%s: each rule on its field, in x-request-rules and in its 422', (operationId, def) => {
    const operation = documented(name, operationId);
    const nodes = requestNodes(documents[name], operation);
    const fieldRules = statedRulesOf([def.params, def.query, def.body?.schema]);
    const expected = [
      ...fieldRules,
      ...(def.body || def.query ? REQUEST_WIDE_RULES : []),
      ...(def.access !== 'admin' ? (def.refinements?.examples ?? []).map((example) => ({ name: example.rule, code: example.code })) : []),
    ];
    const stated = rulesOf(operation);
    const text = description422(operation);
    for (const rule of expected) {
      expect(stated.map((entry) => entry.name), `${operationId}: x-request-rules`).toContain(rule.name);
      const entry = stated.find((candidate) => candidate.name === rule.name)!;
      expect(entry.code).toBe(rule.code);
      expect(text, `${operationId}: 422 names ${rule.name}`).toContain(`${entry.rule.replace(/\.$/, '')} (\`${rule.code}\`)`);
    }
    for (const rule of fieldRules) {
      const onField = nodes.some((node) => {
        if (rule.keyword === 'x-checksum') return node['x-checksum'] === rule.checksum;
        if (rule.keyword === 'x-rules') return ((node['x-rules'] ?? []) as { name: string }[]).some((entry) => entry.name === rule.name);
        if (rule.keyword === 'minProperties') return typeof node.minProperties === 'number' && node.minProperties >= 1;
        return Array.isArray(node.anyOf);
      });
      expect(onField, `${operationId}: ${rule.name} by ${rule.keyword} on its field`).toBe(true);
    }
    if (expected.length === 0) expect(operation['x-request-rules']).toBeUndefined();
  });

  it('names every code its 422 can answer (the response enum, read from the server lists) in the description', () => {
    const unnamed = operationsOf(documents[name]).flatMap(({ operation }) => {
      const response = (operation.responses as Record<string, JsonObject>)['422'];
      if (!response) return [];
      const codes = new Set<string>();
      const collect = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(collect);
        if (!node || typeof node !== 'object') return;
        const object = node as JsonObject;
        const ref = object.$ref;
        if (typeof ref === 'string' && ref.startsWith('#/components/schemas/'))
          return collect((documents[name].components as { schemas: Record<string, JsonObject> }).schemas[ref.split('/').pop()!]);
        const code = object.code as JsonObject | undefined;
        if (code && Array.isArray(code.enum)) code.enum.forEach((value) => codes.add(String(value)));
        for (const [key, value] of Object.entries(object)) if (key !== 'example' && key !== 'examples') collect(value);
      };
      collect(response.content);
      return [...codes].filter((code) => !String(response.description).includes(`\`${code}\``)).map((code) => `${String(operation.operationId)}: ${code}`);
    });
    expect(unnamed).toEqual([]);
  });

  it('bounds every integer a request takes to the safe integers Zod accepts', () => {
    const unbounded = operationsOf(documents[name]).flatMap(({ operation }) =>
      requestNodes(documents[name], operation)
        .filter((node) => node.type === 'integer' && !(typeof node.maximum === 'number' && node.maximum <= Number.MAX_SAFE_INTEGER))
        .map(() => operation.operationId),
    );
    expect(unbounded).toEqual([]);
  });
});

describe('the server rule lists', () => {
  it('states every Form 484 rule and every business account rule on its operation', () => {
    const form484 = rulesOf(documented('public', 'createForm484Lodgement')).map((rule) => rule.name);
    expect(form484).toEqual(expect.arrayContaining(FORM484_RULES.map((rule) => rule.name)));
    const accounts = rulesOf(documented('public', 'createBusinessAccountApplication')).map((rule) => rule.name);
    expect(accounts).toEqual(expect.arrayContaining(Object.values(BUSINESS_ACCOUNT_RULE_CODES)));
  });

  it('states page and ids with their maximum, and the company-name rule on its field', () => {
    const events = documented('public', 'listMonitoringEvents');
    const page = (events.parameters as JsonObject[]).find((p) => p.name === 'page')!;
    expect((page.schema as JsonObject).maximum).toBe(Number.MAX_SAFE_INTEGER);
    const renewal = (documents.public.components as { schemas: Record<string, JsonObject> }).schemas.MonitoringRenewalRequest!;
    expect(((renewal.properties as Record<string, JsonObject>).ids!.items as JsonObject).maximum).toBe(Number.MAX_SAFE_INTEGER);
    const availability = documented('public', 'getCompanyNameAvailability');
    const nameSchema = ((availability.parameters as JsonObject[]).find((p) => p.name === 'name')!.schema ?? {}) as JsonObject;
    expect((nameSchema['x-rules'] as { name: string }[]).map((rule) => rule.name)).toContain('letter_or_digit');
    expect(description422(availability)).toContain('at least one letter or digit');
  });

  it('finds a refinement made without refineStated (the walk can fail)', () => {
    const planted = z.strictObject({ a: z.string().refine((value) => value !== 'x') });
    const checks = refinementChecks(planted);
    expect(checks).toHaveLength(1);
    expect(rulesOfCheck(checks[0]!)).toBeUndefined();
    expect(STATED_RULES.map((rule) => rule.name)).toEqual([...new Set(STATED_RULES.map((rule) => rule.name))]);
  });

  it('refuses a name without a letter or digit exactly when the D-45 comparison would read nothing', () => {
    const names = ['*', '...', '&', 'A', '٣', '— —', '‘’', 'e\u0301', ' ', 'Ａ', '\u00B2', '!?', 'O’BRIEN', 'ﬁ'];
    for (const name of names) expect(hasLetterOrDigit(name), name).toBe(normaliseCompanyName(name) !== '');
    const refused = CompanyNameAvailabilityQuery.safeParse({ name: '*' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => (issue as { params?: { code?: string } }).params?.code)).toEqual(['invalid_format']);
  });
});

describe('Form 484 conditionals refuse what the rule functions refuse', () => {
  const ajv = createSpecAjv(documents.public);
  const validate = (component: string) => ajv.getSchema(`doc#/components/schemas/${component}`)!;
  const address = { street: '1 MAIN ST', locality: 'BRISBANE', state: 'QLD', postcode: '4000' };

  it('occupier name and consent when the company does not occupy the office', () => {
    const office = { dateOfChange: '2026-11-16', address, occupyIndicator: false };
    const cases = [
      office,
      { ...office, occupierName: 'SANDBOX TRADING PTY LTD' },
      { ...office, occupierName: '', occupierConsent: true },
      { ...office, occupierName: 'SANDBOX TRADING PTY LTD', occupierConsent: true },
      { ...office, occupyIndicator: true },
    ];
    for (const body of cases) {
      const byRule = checkOccupier({ registeredOffice: body }, { today: '2026-11-20' }).length === 0;
      expect(validate('Form484RegisteredOffice')(body), JSON.stringify(body)).toBe(byRule);
    }
    expect(cases.filter((body) => validate('Form484RegisteredOffice')(body))).toHaveLength(2);
  });

  it('exactly one of individual and organisation on a holding owner', () => {
    const owner = { address: { ...address, country: 'AU' } };
    const individual = { familyName: 'CITIZEN', givenName1: 'JANE' };
    const organisation = { name: 'HARBOUR LIGHTS INVESTMENTS PTY LTD' };
    const cases = [owner, { ...owner, individual }, { ...owner, organisation }, { ...owner, individual, organisation }];
    for (const body of cases) {
      const byRule = checkHoldingOwnerKind({ members: [{ holdingOwners: [body] }] }, { today: '2026-11-20' }).length === 0;
      expect(validate('Form484HoldingOwner')(body), JSON.stringify(body)).toBe(byRule);
    }
    expect(cases.filter((body) => validate('Form484HoldingOwner')(body))).toHaveLength(2);
  });
});
