// Every documented error response carries its own examples, and the one a mock answers first is
// right for its status. Prism puts a schema's own `example` before the response's named
// examples and answers a request that fails the document with the first example of the 422 (else
// the 400), `Prefer: code=404` with the first of the 404: one example on the shared ErrorResponse once
// made every 422 of every operation say `not_found`.
import { describe, expect, it } from 'vitest';
import { loadDocument, operationsOf, type JsonObject } from '../support/document.js';
import { codesOf } from '../support/error-table.js';

/** The code the first example of a status must show, when the status has one meaning. */
const FIRST_CODE: Record<string, string> = {
  '404': 'not_found',
  '413': 'payload_too_large',
  '415': 'unsupported_media_type',
};

function schemaRefs(schema: JsonObject): string[] {
  if (typeof schema.$ref === 'string') return [schema.$ref];
  return [...((schema.oneOf ?? []) as JsonObject[]), ...((schema.anyOf ?? []) as JsonObject[]), ...((schema.allOf ?? []) as JsonObject[])].flatMap(
    schemaRefs,
  );
}

describe.each(['openapi.json', 'admin.openapi.json'] as const)('%s error responses', (name) => {
  const document = loadDocument(name);
  const components = (document.components as JsonObject).schemas as Record<string, JsonObject>;
  const responses = operationsOf(document).flatMap((op) =>
    Object.entries(op.operation.responses as Record<string, JsonObject>)
      .filter(([status]) => Number(status) >= 400)
      .map(([status, response]) => ({ op, status, response, id: `${String(op.operation.operationId)} ${status}` })),
  );

  it.each(responses.map((r) => [r.id, r] as const))('%s: its own examples, the first one right for the status', (_id, { op, status, response }) => {
    const media = ((response.content ?? {}) as Record<string, JsonObject>)['application/json']!;
    expect(media, 'every error has a JSON body').toBeDefined();
    const examples = Object.values((media.examples ?? {}) as Record<string, JsonObject>);
    expect(examples.length).toBeGreaterThan(0);
    // Nothing for Prism to put before them: no example on the media type or on the schema it names.
    expect(media.example).toBeUndefined();
    for (const ref of schemaRefs(media.schema as JsonObject)) {
      const schema = components[ref.split('/').pop()!]!;
      expect(schema.example, `${ref} has an example`).toBeUndefined();
      expect(schema.examples, `${ref} has examples`).toBeUndefined();
    }
    const first = examples[0]!.value;
    const codes = codesOf(first);
    const takesInput = Boolean(op.operation.requestBody) || ((op.operation.parameters ?? []) as JsonObject[]).some((p) => p.in === 'query');
    if (FIRST_CODE[status]) expect(codes).toContain(FIRST_CODE[status]);
    if (status === '400' && op.operation.requestBody) expect(codes).toContain('invalid_json');
    if (status === '401') expect(first).toEqual({ errors: [expect.any(String)] });
    if (status === '422' && takesInput) {
      if (op.operation['x-error-family'] === 'form484') expect((first as { response?: unknown }).response).toBeNull();
      else expect(codes).toEqual(['validation_failed']);
    }
  });
});
