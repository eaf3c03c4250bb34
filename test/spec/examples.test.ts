// Every example in both documents validates against the schema it illustrates: the Prism mock
// serves these examples, so an invalid one would teach frontend teams the wrong shape.
import { describe, expect, it } from 'vitest';
import { createSpecAjv } from '../support/spec-ajv.js';
import { loadDocument, operationsOf, pointer, type JsonObject } from '../support/document.js';

interface ExampleCase {
  name: string;
  schemaRef: string;
  value: unknown;
}

function collectExamples(document: JsonObject): ExampleCase[] {
  const cases: ExampleCase[] = [];
  const fromContent = (content: JsonObject | undefined, base: string, label: string) => {
    for (const [mediaType, media] of Object.entries((content ?? {}) as Record<string, JsonObject>)) {
      if (!media.schema) continue;
      const schemaRef = `doc#/${base}/content/${pointer(mediaType)}/schema`;
      if (media.example !== undefined) cases.push({ name: `${label} ${mediaType} example`, schemaRef, value: media.example });
      for (const [exampleName, example] of Object.entries((media.examples ?? {}) as Record<string, JsonObject>)) {
        cases.push({ name: `${label} ${mediaType} ${exampleName}`, schemaRef, value: example.value });
      }
    }
  };
  for (const section of ['paths', 'webhooks'] as const) {
    for (const { path, method, operation } of operationsOf(document, section)) {
      const base = `${section}/${pointer(path, method)}`;
      const label = `${method.toUpperCase()} ${path}`;
      const body = operation.requestBody as JsonObject | undefined;
      fromContent(body?.content as JsonObject | undefined, `${base}/requestBody`, `${label} request`);
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, JsonObject>)) {
        fromContent(response.content as JsonObject | undefined, `${base}/responses/${status}`, `${label} ${status}`);
      }
      (operation.parameters as JsonObject[] | undefined)?.forEach((parameter, index) => {
        if (parameter.example !== undefined) cases.push({ name: `${label} parameter ${String(parameter.name)}`, schemaRef: `doc#/${base}/parameters/${index}/schema`, value: parameter.example });
      });
    }
  }
  const schemas = ((document.components as JsonObject | undefined)?.schemas ?? {}) as Record<string, JsonObject>;
  for (const [name, schema] of Object.entries(schemas)) {
    if (schema.example !== undefined) cases.push({ name: `component ${name}`, schemaRef: `doc#/components/schemas/${pointer(name)}`, value: schema.example });
  }
  return cases;
}

for (const file of ['openapi.json', 'admin.openapi.json'] as const) {
  describe(`examples in spec/${file}`, () => {
    const document = loadDocument(file);
    const ajv = createSpecAjv(document);
    const cases = collectExamples(document);

    it('has examples to check', () => {
      expect(cases.length).toBeGreaterThan(0);
    });

    it.each(cases.map((c) => [c.name, c] as const))('%s validates', (_name, example) => {
      const validate = ajv.getSchema(example.schemaRef);
      expect(validate, `schema ${example.schemaRef}`).toBeTypeOf('function');
      const ok = validate!(example.value);
      expect(validate!.errors ?? [], JSON.stringify(example.value).slice(0, 300)).toEqual([]);
      expect(ok).toBe(true);
    });
  });
}
