// The documentation's examples (scripts/docs/examples.ts) written out as a reader saves them, the SDK
// (`@registry-svc/sdk`) imported from the repository's generated client, and pointed at a service.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { allExamples, SDK_IMPORT, type DocExample } from '../../scripts/docs/examples.js';

/** The example named `name` (throws when there is none, or more than one). */
export function example(name: string): DocExample {
  const found = allExamples().filter((e) => e.name === name);
  if (found.length !== 1) throw new Error(`${found.length} documentation examples are named ${name}`);
  return found[0]!;
}

/** Writes the example under `dir`, its service address (the docs say http://127.0.0.1:4000) replaced by `baseUrl`. */
export function writeExample(dir: string, e: DocExample, baseUrl: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, e.name);
  writeFileSync(
    file,
    e.code.replaceAll(SDK_IMPORT, `'${resolve('generated/client/index.js')}'`).replaceAll('http://127.0.0.1:4000', baseUrl),
  );
  return file;
}
