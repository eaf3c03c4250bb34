// Runs the four generators partners use on spec/openapi.json, each as its documentation shows, into
// `<scratch>/generated/<generator>/`, all at once (three child processes and openapi-typescript in
// this one). Each generator's own configuration is written here, beside the command that reads it.
import { execFile } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';

const run = promisify(execFile);
const SPEC = resolve('spec/openapi.json');
const BIN = resolve('node_modules/.bin');

export const GENERATORS = ['openapi-typescript', 'orval', 'openapi-zod-client', 'kubb'] as const;
export type Generator = (typeof GENERATORS)[number];

/** Runs one command (a name in node_modules/.bin, or an absolute path); its output joins the error when it fails, and what it printed is returned. */
async function command(name: string, args: string[], cwd: string): Promise<string> {
  try {
    const { stdout, stderr } = await run(isAbsolute(name) ? name : join(BIN, name), args, { cwd, maxBuffer: 64 * 1024 * 1024 });
    return `${stdout}${stderr}`;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${name} ${args.join(' ')} failed:\n${stdout}${stderr}`, { cause: error });
  }
}

/** openapi-typescript's `schema.ts` in `out`: its types only, so it also serves a consumer run outside this folder. */
export async function openapiTypescript(out: string): Promise<string> {
  await mkdir(out, { recursive: true });
  await writeFile(join(out, 'schema.ts'), astToString(await openapiTS(new URL(`file://${SPEC}`))));
  return '';
}

/** orval's fetch client, calling the consumer's own fetch (`mutator`), and its Zod schemas. */
async function orval(scratch: string): Promise<string> {
  const config = {
    fetch: {
      input: { target: SPEC },
      output: {
        target: './generated/orval/fetch.ts',
        client: 'fetch',
        mode: 'single',
        override: { mutator: { path: './programs/orval-fetch.ts', name: 'customFetch' } },
      },
    },
    // The contract's date-times carry a UTC offset (D-31); orval's Zod accepts only `Z` unless told.
    zod: {
      input: { target: SPEC },
      output: { target: './generated/orval/zod.ts', client: 'zod', mode: 'single', override: { zod: { dateTimeOptions: { offset: true } } } },
    },
  };
  await writeFile(join(scratch, 'orval.config.cjs'), `module.exports = ${JSON.stringify(config, null, 2)};\n`);
  return command('orval', ['--config', 'orval.config.cjs'], scratch);
}

/**
 * openapi-zod-client's Zodios client. It is written for Zod 3 and @zodios/core, which a partner
 * installs beside it: here the copies openapi-zod-client itself depends on, linked in (Zod 3 into
 * the output folder only, so the other generators' output keeps the repository's Zod 4).
 */
async function openapiZodClient(scratch: string): Promise<string> {
  const out = join(scratch, 'generated/openapi-zod-client');
  const own = resolve('node_modules/openapi-zod-client/node_modules');
  await mkdir(join(out, 'node_modules'), { recursive: true });
  await mkdir(join(scratch, 'node_modules/@zodios'), { recursive: true });
  await symlink(join(own, 'zod'), join(out, 'node_modules/zod'), 'dir');
  await symlink(join(own, '@zodios/core'), join(scratch, 'node_modules/@zodios/core'), 'dir');
  return command('openapi-zod-client', [SPEC, '-o', join(out, 'client.ts')], scratch);
}

/**
 * kubb's types and Zod schemas. `dateType: 'stringOffset'`: the contract's date-times carry a UTC
 * offset (D-31), which kubb's Zod refuses by default. Left out because they only cost time: a
 * formatter and a linter over the output, the JSON schema files, and kubb's validation of the
 * document (@readme/openapi-parser, which test/spec/lint.test.ts runs with every rule at error).
 */
async function kubb(scratch: string): Promise<string> {
  const config = `import { pluginOas } from '@kubb/plugin-oas';
import { pluginTs } from '@kubb/plugin-ts';
import { pluginZod } from '@kubb/plugin-zod';
export default {
  root: '.',
  input: { path: ${JSON.stringify(SPEC)} },
  output: { path: './generated/kubb', clean: true, barrelType: false, format: false, lint: false },
  plugins: [pluginOas({ generators: [], validate: false }), pluginTs(), pluginZod({ dateType: 'stringOffset' })],
};
`;
  await writeFile(join(scratch, 'kubb.config.mjs'), config);
  const printed = await command('kubb', ['generate', '--config', 'kubb.config.mjs'], scratch);
  if (!/3 successful, 3 total/.test(printed)) throw new Error(`kubb did not run every plugin:\n${printed}`);
  return printed;
}

export const CLIENT_GENERATORS = ['openapi-typescript-codegen', 'swagger-typescript-api'] as const;
export type ClientGenerator = (typeof CLIENT_GENERATORS)[number];

/**
 * Client generators whose output carries its own runtime (openapi-typescript-codegen's `core/`,
 * swagger-typescript-api's `HttpClient`), each run with its documentation's first command into
 * `<scratch>/clients/<generator>/`: their models are checked, not their runtime, which types its own
 * plumbing `any`.
 */
export async function generateClients(scratch: string): Promise<Record<ClientGenerator, string>> {
  const printed = await Promise.all([
    // Its command is named `openapi`, like Redocly's: run its own script, whichever of them node_modules/.bin links.
    command(process.execPath, [resolve('node_modules/openapi-typescript-codegen/bin/index.js'), '--input', SPEC, '--output', 'clients/openapi-typescript-codegen'], scratch),
    command('swagger-typescript-api', ['generate', '--path', SPEC, '--output', 'clients/swagger-typescript-api'], scratch),
  ]);
  return Object.fromEntries(CLIENT_GENERATORS.map((name, i) => [name, printed[i]!])) as Record<ClientGenerator, string>;
}

/** Every generator's output under `scratch`, and what each printed (a warning there is a finding). */
export async function generateAll(scratch: string): Promise<Record<Generator, string>> {
  const printed = await Promise.all([
    openapiTypescript(join(scratch, 'generated/openapi-typescript')),
    orval(scratch),
    openapiZodClient(scratch),
    kubb(scratch),
  ]);
  return Object.fromEntries(GENERATORS.map((name, i) => [name, printed[i]!])) as Record<Generator, string>;
}
