// The document as partners' TypeScript generators type it. openapi-typescript (the most
// used generator, pinned in package.json) turns spec/openapi.json into types in a scratch folder;
// a consumer program written from the document then must compile under `--strict`: each request
// body's own example is accepted, and a wrong body (a string, an object with an unknown field and
// none of the required ones) and a string in place of any object schema are refused, each on a
// `// @ts-expect-error` line. A schema that degrades to `unknown` (as "one of these identifiers"
// once did) leaves such a line unused, and the compile fails naming it. The same lines run against
// the SDK's own types (hey-api, generated/client/types.gen.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it, onTestFinished } from 'vitest';
import { firstBodyExample } from '../support/example-requests.js';
import { NATIVE_TSC } from '../support/typecheck.js';
import { loadDocument, operationsOf, type JsonObject } from '../support/document.js';

const document = loadDocument();
const schemas = (document.components as JsonObject).schemas as Record<string, JsonObject>;

/** True when a component describes an object (or alternatives that are all objects). */
function isObjectSchema(schema: JsonObject | undefined): boolean {
  if (!schema) return false;
  if (typeof schema.$ref === 'string') return isObjectSchema(schemas[schema.$ref.split('/').pop()!]);
  if (schema.type === 'object') return true;
  const branches = (schema.anyOf ?? schema.oneOf) as JsonObject[] | undefined;
  return Array.isArray(branches) && branches.length > 0 && branches.every(isObjectSchema);
}

const pascal = (id: string): string => id.charAt(0).toUpperCase() + id.slice(1);

function consumerProgram(): { source: string; checks: number } {
  const lines = [
    "import type { components, paths } from './openapi.js';",
    `import type * as Sdk from ${JSON.stringify(resolve('generated/client/types.gen.js'))};`,
    '',
    "type JsonBody<R> = NonNullable<R> extends { content: { 'application/json': infer B } } ? B : never;",
    '',
  ];
  let checks = 0;
  const bodies = operationsOf(document).filter((op) => op.operation.requestBody);
  for (const [index, op] of bodies.entries()) {
    const id = String(op.operation.operationId);
    const example = firstBodyExample(op.operation);
    const types = {
      'openapi-typescript': `JsonBody<paths[${JSON.stringify(op.path)}][${JSON.stringify(op.method)}]['requestBody']>`,
      'hey-api': `Sdk.${pascal(id)}Data['body']`,
    };
    for (const [generator, type] of Object.entries(types)) {
      const name = `${generator === 'hey-api' ? 'sdk' : 'ot'}${index}`;
      lines.push(
        `// ${id} (${generator})`,
        `export const ${name}Example: ${type} = ${JSON.stringify(example)};`,
        `// @ts-expect-error ${id} (${generator}): a string is not a body`,
        `export const ${name}String: ${type} = 'not an object';`,
        `// @ts-expect-error ${id} (${generator}): an unknown field and none of the required ones`,
        `export const ${name}Unknown: ${type} = { notAField: true };`,
        '',
      );
      checks += 2;
    }
  }
  for (const name of Object.keys(schemas).filter((key) => isObjectSchema(schemas[key]))) {
    for (const [generator, type] of [
      ['openapi-typescript', `components['schemas'][${JSON.stringify(name)}]`],
      ['hey-api', `Sdk.${name}`],
    ] as const) {
      lines.push(
        `// @ts-expect-error ${name} (${generator}) is an object`,
        `export const ${generator === 'hey-api' ? 'sdk' : 'ot'}Component${name}: ${type} = 'not an object';`,
      );
      checks += 1;
    }
  }
  return { source: `${lines.join('\n')}\n`, checks };
}

describe('spec/openapi.json through openapi-typescript into a --strict consumer', () => {
  it('types every request body and object schema as an object that refuses a wrong value', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'svc-consumer-'));
    onTestFinished(() => rmSync(scratch, { recursive: true, force: true }));
    const ast = await openapiTS(pathToFileURL(resolve('spec/openapi.json')));
    writeFileSync(join(scratch, 'openapi.ts'), astToString(ast));
    const { source, checks } = consumerProgram();
    expect(checks).toBeGreaterThan(100);
    writeFileSync(join(scratch, 'consumer.ts'), source);
    writeFileSync(join(scratch, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          types: [],
          skipLibCheck: true,
        },
        files: ['consumer.ts'],
      }),
    );
    let output = '';
    try {
      execFileSync(process.execPath, [NATIVE_TSC, '--singleThreaded', '-p', scratch], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    // Name each failing check by its comment (an unused @ts-expect-error is reported on its own line).
    const sourceLines = source.split('\n');
    const failures = [...output.matchAll(/consumer\.ts\((\d+),\d+\): (error TS\d+: [^\n]*)/g)].map(
      ([, line, message]) => `${sourceLines[Number(line) - 1]?.trim()} -> ${message}`,
    );
    expect(failures, `consumer program in ${scratch}`).toEqual([]);
    expect(output).toBe('');
  });
});
