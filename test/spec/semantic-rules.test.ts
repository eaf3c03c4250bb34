// The rules the document states beside its schemas (schemas/common/semantic-rules.ts) and the error
// code enums (schemas/common/error-codes.ts): every rule the server applies after the schema has a
// breaking example in the document, the build refuses a rule without one, and every family-shaped
// error response lists exactly the codes of its examples (and Form 484's 422 every D-11 code).
import { describe, expect, it } from 'vitest';
import { BUSINESS_ACCOUNT_RULE_CODES } from '../../schemas/business-accounts/rules.js';
import { refinementExtension, successRuleExtension } from '../../schemas/common/semantic-rules.js';
import { FORM484_ERROR_CODES } from '../../schemas/form484/problems.js';
import { FORM484_RULES } from '../../schemas/form484/rules.js';
import { loadDocument, operationsOf, type JsonObject } from '../support/document.js';
import { codesOf, examplesAt } from '../support/error-table.js';

const document = loadDocument();
const operations = operationsOf(document);
const byId = (id: string) => operations.find((op) => op.operation.operationId === id)!.operation;

function refinementRules(operationId: string): string[] {
  return ((byId(operationId)['x-refinement-examples'] ?? []) as { rule: string }[]).map((example) => example.rule);
}

describe('x-refinement-examples', () => {
  it('has a breaking example for every Form 484 rule of schemas/form484/rules.ts', () => {
    expect(new Set(refinementRules('createForm484Lodgement'))).toEqual(new Set(FORM484_RULES.map((rule) => rule.name)));
  });

  it('has a breaking example for every business account rule code', () => {
    expect(new Set(refinementRules('createBusinessAccountApplication'))).toEqual(new Set(Object.values(BUSINESS_ACCOUNT_RULE_CODES)));
  });

  it('gives each example a refusal status and code', () => {
    for (const id of ['createForm484Lodgement', 'createBusinessAccountApplication'])
      for (const example of byId(id)['x-refinement-examples'] as { status: number; code: string; body: unknown }[]) {
        expect(example.status).toBe(422);
        expect(example.code).toMatch(/^[a-z][a-z0-9_]*$/);
        expect(example.body).toBeTypeOf('object');
      }
  });

  it('fails the build for a rule without an example, or an example of no listed rule', () => {
    const base = { operationId: 'x', success: { 201: {} } };
    const example = { rule: 'a', summary: 'A', body: {}, status: 422, code: 'a' };
    expect(() => refinementExtension({ ...base, refinements: { rules: ['a', 'b'], examples: [example] } })).toThrow(/without an example: b/);
    expect(() => refinementExtension({ ...base, refinements: { rules: [], examples: [example] } })).toThrow(/of no listed rule: a/);
  });
});

describe('x-success-status', () => {
  it('is on every operation and names a documented 2xx', () => {
    for (const { operation } of operations) {
      const rule = operation['x-success-status'] as { status: number } | undefined;
      expect(rule, String(operation.operationId)).toBeDefined();
      expect(Object.keys(operation.responses as JsonObject)).toContain(String(rule!.status));
    }
  });

  it('fails the build for several 2xx without a rule', () => {
    expect(() => successRuleExtension({ operationId: 'x', success: { 200: {}, 201: {} } })).toThrow(/say which/);
    expect(() => successRuleExtension({ operationId: 'x', success: { 200: {} }, successRule: { status: 201 } })).toThrow(/undocumented 201/);
  });
});

/** The enum an error response's family shape adds (`allOf` or inside a `oneOf` with the shared shape). */
function enumOf(schema: JsonObject): string[] | undefined {
  for (const branch of [...((schema.allOf ?? []) as JsonObject[]), ...((schema.oneOf ?? []) as JsonObject[])]) {
    const properties = (branch.properties ?? {}) as Record<string, JsonObject>;
    const direct = properties.error?.enum ?? ((properties.errors?.items as JsonObject | undefined)?.properties as Record<string, JsonObject> | undefined)?.code?.enum;
    if (Array.isArray(direct)) return direct as string[];
    const nested = enumOf(branch);
    if (nested) return nested;
  }
  return undefined;
}

describe('error code enums', () => {
  const responses = operations.flatMap((op) =>
    Object.entries(op.operation.responses as Record<string, JsonObject>)
      .filter(([status]) => Number(status) >= 400)
      .map(([status, response]) => ({ op, status, response })),
  );

  it.each(responses.map((r) => [`${String(r.op.operation.operationId)} ${r.status}`, r] as const))(
    '%s lists exactly the codes of its examples',
    (_id, { op, status, response }) => {
      const schema = (((response.content ?? {}) as Record<string, JsonObject>)['application/json']?.schema ?? {}) as JsonObject;
      const codes = [...new Set(examplesAt(op, status).flatMap(codesOf))].sort();
      const listed = enumOf(schema);
      if (codes.length === 0) {
        // Only the shared shape `{errors: [text]}` can come: nothing to list.
        expect(listed).toBeUndefined();
        return;
      }
      const declared = op.operation.operationId === 'createForm484Lodgement' && status === '422' ? [...FORM484_ERROR_CODES] : [];
      expect(listed).toEqual([...new Set([...codes, ...declared])].sort());
    },
  );
});
