// The "Validating with Ajv" block of docs/tooling.md, run as written: its options, formats and
// vocabularies must let Ajv 2020 in strict mode compile every schema of both documents (components,
// parameters, request and response bodies, headers, webhook payloads), its ACN and ABN checks must
// agree with the server's, and the instance must still be strict (an unknown format is refused).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { isValidAbn, isValidAcn } from '../../schemas/common/identifiers.js';
import { loadDocument, operationsOf, pointer, type JsonObject } from '../support/document.js';

interface DocAjv {
  documentAjv: (document: object) => Ajv2020;
  isAcn: (value: string) => boolean;
  isAbn: (value: string) => boolean;
}

function docBlock(): string {
  const text = readFileSync('docs/tooling.md', 'utf8');
  const block = /<!-- ajv-strict:start -->\s*```ts\n([\s\S]*?)```\s*<!-- ajv-strict:end -->/.exec(text);
  if (!block) throw new Error('docs/tooling.md has no ajv-strict block');
  return block[1]!;
}

/** Every place a schema sits in a document, as a JSON pointer. */
function schemaPointers(document: JsonObject): string[] {
  const components = (document.components ?? {}) as Record<string, Record<string, JsonObject>>;
  const out = Object.keys(components.schemas ?? {}).map((name) => `/components/schemas/${pointer(name)}`);
  for (const [name, header] of Object.entries(components.headers ?? {}))
    if (header.schema) out.push(`/components/headers/${pointer(name)}/schema`);
  for (const section of ['paths', 'webhooks'] as const)
    for (const { path, method, operation } of operationsOf(document, section)) {
      const at = `/${section}/${pointer(path, method)}`;
      ((operation.parameters ?? []) as JsonObject[]).forEach((_, index) => out.push(`${at}/parameters/${index}/schema`));
      for (const type of Object.keys(((operation.requestBody as JsonObject | undefined)?.content ?? {}) as JsonObject))
        out.push(`${at}/requestBody/content/${pointer(type)}/schema`);
      for (const [status, response] of Object.entries(operation.responses as Record<string, JsonObject>)) {
        for (const type of Object.keys((response.content ?? {}) as JsonObject))
          out.push(`${at}/responses/${status}/content/${pointer(type)}/schema`);
        for (const name of Object.keys((response.headers ?? {}) as JsonObject)) {
          const header = (response.headers as Record<string, JsonObject>)[name]!;
          if (header.schema) out.push(`${at}/responses/${status}/headers/${pointer(name)}/schema`);
        }
      }
    }
  return out;
}

let documented: DocAjv;
beforeAll(async () => {
  // Written inside the repository so its imports resolve against node_modules as a partner's would.
  const dir = resolve('.tmp', `doc-ajv-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'doc-ajv.ts');
  writeFileSync(file, docBlock());
  documented = (await import(pathToFileURL(file).href)) as DocAjv;
});

describe.each(['openapi.json', 'admin.openapi.json'] as const)('spec/%s in Ajv 2020 strict mode, the options of docs/tooling.md', (name) => {
  const document = loadDocument(name);
  const pointers = schemaPointers(document);

  it('compiles every schema', () => {
    expect(pointers.length).toBeGreaterThan(100);
    const ajv = documented.documentAjv(document);
    const failures: string[] = [];
    for (const at of pointers) {
      try {
        if (!ajv.getSchema(`openapi.json#${at}`)) failures.push(`${at}: not found`);
      } catch (error) {
        failures.push(`${at}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('stays strict: a schema with an unknown format or keyword is refused', () => {
    const planted = structuredClone(document);
    const schemas = (planted.components as Record<string, Record<string, unknown>>).schemas!;
    schemas.PlantedFormat = { type: 'string', format: 'vin' };
    schemas.PlantedKeyword = { type: 'string', 'x-unknown': true };
    const ajv = documented.documentAjv(planted);
    expect(() => ajv.getSchema('openapi.json#/components/schemas/PlantedFormat')).toThrow(/unknown format "vin"/);
    expect(() => ajv.getSchema('openapi.json#/components/schemas/PlantedKeyword')).toThrow(/unknown keyword: "x-unknown"/);
  });
});

describe("the ACN and ABN checks of docs/tooling.md", () => {
  it('agree with the server on the sandbox numbers and a sweep of neighbours', () => {
    const acns = ['100000011', '100000057', '100000066', '100000075', '000000019', '123456780'];
    const abns = ['60100000011', '53900000001', '34900000002', '51824753556', '11111111111'];
    for (let n = 100_000_000; n < 100_003_000; n += 1) acns.push(String(n));
    for (let n = 53_900_000_000; n < 53_900_003_000; n += 1) abns.push(String(n));
    expect(acns.filter((acn) => documented.isAcn(acn) !== isValidAcn(acn))).toEqual([]);
    expect(abns.filter((abn) => documented.isAbn(abn) !== isValidAbn(abn))).toEqual([]);
    expect(acns.filter(isValidAcn).length).toBeGreaterThan(100);
    expect(abns.filter(isValidAbn).length).toBeGreaterThan(10);
  });

  it('are the formats the strict instance applies', () => {
    const ajv = documented.documentAjv(loadDocument());
    expect(ajv.validate({ type: 'string', format: 'acn' }, '100000011')).toBe(true);
    expect(ajv.validate({ type: 'string', format: 'acn' }, '100000012')).toBe(false);
    expect(ajv.validate({ type: 'string', format: 'abn' }, '60100000011')).toBe(true);
    expect(ajv.validate({ type: 'string', format: 'abn' }, '60100000012')).toBe(false);
  });
});
