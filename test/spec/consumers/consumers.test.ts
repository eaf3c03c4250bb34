// spec/openapi.json as partners' generators take it, first time, with no options beyond the ones
// each generator's guide shows: openapi-typescript with openapi-fetch, orval (fetch client and
// Zod), openapi-zod-client (Zodios) and kubb (types and Zod). Each writes into a scratch folder;
// a small consumer program per generator (./programs/: a PPSR search, a monitoring order, a webhook
// endpoint, and the refusals of each) compiles with the output under `tsc --strict`, the output has
// no `any` or `unknown` anywhere (the document leaves nothing open), and every consumer runs against the
// service over HTTP.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIVE_TSC } from '../../support/typecheck.js';
import { loadDocument, type JsonObject } from '../../support/document.js';
import { startTestServer, type TestServer } from '../../support/harness.js';
import { advance } from '../../support/requests.js';
import { CLIENT_GENERATORS, GENERATORS, generateAll, generateClients, type ClientGenerator, type Generator } from './generate.js';
import { looseTypes } from './loose-types.js';
import { exportedNames } from './exported-names.js';
import type { Consumer } from './programs/consumer.js';

const PUBLIC_IP = '93.184.216.34';
/** What a partner's TypeScript project typically compiles with; `--strict` is the point. */
const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    // kubb writes its imports with the `.ts` extension.
    allowImportingTsExtensions: true,
    lib: ['ES2023', 'DOM'],
    types: [],
    skipLibCheck: true,
  },
  include: ['programs/*.ts'],
};

let scratch = '';
let printed: Record<Generator, string>;
let compiled: Promise<string>;
let clientsPrinted: Record<ClientGenerator, string>;
let clientsCompiled: Promise<string>;
let server: TestServer | undefined;

/** tsc over every consumer program (and what they import) at once; resolves with what it printed. */
async function compile(dir: string, tsconfig: object = TSCONFIG): Promise<string> {
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
  try {
    await promisify(execFile)(process.execPath, [NATIVE_TSC, '--singleThreaded', '-p', dir], { maxBuffer: 16 * 1024 * 1024 });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout || error);
  }
}

/** Properties the document leaves open on purpose (an object of any members): their types may be loose. */
function openProperties(): string[] {
  const schemas = (loadDocument().components as JsonObject).schemas as Record<string, JsonObject>;
  return Object.entries(schemas).flatMap(([name, schema]) =>
    Object.entries((schema.properties ?? {}) as Record<string, JsonObject>)
      .filter(([, property]) => property.type === 'object' && !property.properties && JSON.stringify(property.additionalProperties) === '{}')
      .map(([property]) => `${name}.${property}`),
  );
}

beforeAll(async () => {
  mkdirSync('.tmp', { recursive: true });
  scratch = mkdtempSync(resolve('.tmp/consumers-'));
  cpSync('test/spec/consumers/programs', join(scratch, 'programs'), { recursive: true });
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  // The generators run in child processes while this one starts the service (real HTTP, the
  // responses checked against the document); then tsc runs in its own while the scan and the calls
  // below go on here.
  const resolveHost = async (host: string) => (host === 'hooks.example.com' ? [PUBLIC_IP] : []);
  [printed, clientsPrinted, server] = await Promise.all([generateAll(scratch), generateClients(scratch), startTestServer({ resolveHost })]);
  compiled = compile(scratch);
  // The clients' whole output, runtime included, as a partner's strict project compiles it.
  clientsCompiled = compile(join(scratch, 'clients'), { ...TSCONFIG, include: ['**/*.ts'] });
});

afterAll(async () => {
  await compiled;
  await clientsCompiled;
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('spec/openapi.json through the generators partners use', () => {
  it('is read by every generator without a warning', () => {
    for (const generator of GENERATORS) {
      // kubb names every file it writes (`Writing generated/kubb/types/ErrorResponse.ts`).
      const lines = printed[generator].split('\n').filter((line) => !line.startsWith('Writing '));
      const complaints = lines.filter((line) => /warn|⚠|✗|error|fail|invalid/i.test(line));
      expect(complaints, generator).toEqual([]);
    }
  });

  it('is typed concretely by every generator: no any or unknown anywhere, no open property left', () => {
    // The delivery log's `payload` was an open map (`any` in orval and kubb); it is the union of the
    // document's webhook event bodies, so nothing in the document is open any more.
    expect(openProperties()).toEqual([]);
    const loose = looseTypes(join(scratch, 'generated'));
    expect(loose.map(({ file, line, owner, code }) => `${file}:${line} ${owner}: ${code}`)).toEqual([]);
  });

  it.each(GENERATORS)('%s: a search, an order and an endpoint against the service, and their refusals', async (generator) => {
    const running = server!;
    const { keys } = await running.createAccount();
    const program = (await import(join(scratch, 'programs', `${generator}.ts`))) as { connect: (baseUrl: string, key: string) => Consumer };
    const base = `${running.url}/api/test/v2`;
    const stranger = program.connect(base, `svc_sk_test_${'x'.repeat(32)}`);
    expect(await stranger.startSearch({ vin: '1HGCM82633A004352' })).toMatchObject({ ok: false, status: 401, fields: [] });

    // The refusals below pass each generator's own request checks (Zodios checks a body before it
    // sends it): an ACN with a wrong check digit, an http: URL.
    const consumer = program.connect(base, keys.secretTest);
    expect(await consumer.startSearch({ acn: '100000012' })).toMatchObject({ ok: false, status: 422, code: 'validation_failed', fields: ['acn'] });
    const started = await consumer.startSearch({ vin: '1HGCM82633A004352' });
    if (!started.ok) throw new Error(`${generator}: search refused: ${JSON.stringify(started)}`);
    await advance(running, 1);
    const search = await consumer.readSearch(started.value);
    expect(search).toMatchObject({ ok: true, value: { status: 'completed' } });
    if (search.ok) {
      expect(search.value.downloadUrls.length).toBeGreaterThan(0);
      for (const url of search.value.downloadUrls) expect(url).toMatch(new RegExp(`^/api/test/v2/ppsr/searches/${started.value}/certificates/`));
    }
    expect(await consumer.readSearch(999_999)).toMatchObject({ ok: false, status: 404 });

    const order = await consumer.orderMonitoring('100000011');
    expect(order).toMatchObject({ ok: true, value: { entities: [{ acn: '100000011', status: 'active' }] } });
    expect(await consumer.orderMonitoring('100000012')).toMatchObject({ ok: false, status: 422, code: 'validation_failed' });

    const endpoint = await consumer.createEndpoint('https://hooks.example.com/svc');
    expect(endpoint).toMatchObject({ ok: true, value: { disabledReason: null } });
    if (endpoint.ok) expect(endpoint.value.secret).toMatch(/^whsec_/);
    expect(await consumer.createEndpoint('http://hooks.example.com/svc')).toMatchObject({ ok: false, status: 422, fields: ['url'] });
  });

  it('compiles every consumer program with its generator output under tsc --strict', async () => {
    expect(await compiled).toBe('');
  });
});

/** Where each client generator writes the models: the files whose declarations are the components. */
const MODELS: Record<ClientGenerator, string> = {
  'openapi-typescript-codegen': 'clients/openapi-typescript-codegen/models',
  'swagger-typescript-api': 'clients/swagger-typescript-api',
};

describe('spec/openapi.json through client generators that ship their own runtime', () => {
  const components = Object.keys((loadDocument().components as JsonObject).schemas as JsonObject);

  it('is read by each without a warning', () => {
    for (const generator of CLIENT_GENERATORS) {
      const complaints = clientsPrinted[generator].split('\n').filter((line) => /warn|⚠|✗|error|fail|invalid/i.test(line));
      expect(complaints, generator).toEqual([]);
    }
  });

  it('compiles under tsc --strict: no component collides with a name the generator writes itself', async () => {
    expect(await clientsCompiled).toBe('');
  });

  it.each(CLIENT_GENERATORS)('%s: every component schema is a type of its own name, with no any or unknown', (generator) => {
    const models = join(scratch, MODELS[generator]);
    expect(components.filter((name) => !exportedNames(models).has(name))).toEqual([]);
    const loose = looseTypes(models).filter(({ owner }) => components.includes(owner.split('.')[0]!));
    expect(loose.map(({ file, line, owner, code }) => `${file}:${line} ${owner}: ${code}`)).toEqual([]);
  });

  it("gives swagger-typescript-api's client the document's first server as a usable base URL", () => {
    const api = readFileSync(join(scratch, 'clients/swagger-typescript-api/Api.ts'), 'utf8');
    const baseUrl = /public baseUrl: string = "([^"]*)";/.exec(api)?.[1];
    expect(baseUrl).toBe('http://127.0.0.1:4000/api/test/v2');
    expect(new URL(baseUrl!).pathname).toBe('/api/test/v2');
  });
});
