// The SDK package (packages/sdk, `@registry-svc/sdk`) carries the contract's version: its version is
// `info.version` of spec/openapi.json, so a partner reads from the version they install which contract
// their SDK speaks. `npm run generate` keeps them equal; test/unit/sdk-package.test.ts fails when not.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export const SDK_PACKAGE_JSON = 'packages/sdk/package.json';

/** Writes the repository's packages/sdk/package.json to `output` with `version` set to the document's `info.version`. */
export async function writeSdkPackageVersion(documentFile: string, output: string): Promise<string> {
  const document = JSON.parse(await readFile(documentFile, 'utf8')) as { info: { version: string } };
  const manifest = JSON.parse(await readFile(SDK_PACKAGE_JSON, 'utf8')) as Record<string, unknown>;
  manifest.version = document.info.version;
  await mkdir(dirname(output), { recursive: true });
  await writeFile(output, `${JSON.stringify(manifest, null, 2)}\n`);
  return document.info.version;
}
