// The SDK package (packages/sdk) carries the contract's version, and `npm run generate` keeps it so:
// a partner reads from the version they install which contract their SDK speaks.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SDK_PACKAGE_JSON, writeSdkPackageVersion } from '../../scripts/sdk/package-version.js';

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> & { version: string };
const scratch = mkdtempSync(join(tmpdir(), 'svc-sdk-version-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('@registry-svc/sdk version', () => {
  it('is info.version of spec/openapi.json: run npm run generate when they differ', () => {
    const document = readJson('spec/openapi.json') as unknown as { info: { version: string } };
    expect(readJson(SDK_PACKAGE_JSON).version).toBe(document.info.version);
  });

  it("is what npm run generate writes from the document's info.version, the rest of the manifest unchanged", async () => {
    const documentFile = join(scratch, 'openapi.json');
    writeFileSync(documentFile, JSON.stringify({ openapi: '3.1.0', info: { title: 'x', version: '9.1.2' } }));
    const output = join(scratch, 'packages/sdk/package.json');
    expect(await writeSdkPackageVersion(documentFile, output)).toBe('9.1.2');
    const { version, ...rest } = readJson(output);
    const { version: _committed, ...committedRest } = readJson(SDK_PACKAGE_JSON);
    expect(version).toBe('9.1.2');
    expect(rest).toEqual(committedRest);
  });
});
