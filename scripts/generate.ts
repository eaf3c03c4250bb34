// npm run generate: the whole chain from schemas/ (the one source) to everything derived from it.
// `--out DIR` writes the same tree under DIR instead (the drift test compares it with the repo).
import { appendFile, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from '@hey-api/openapi-ts';
import { buildSpec } from './build-spec.js';
import { writeCliCommands } from './cli-commands.js';
import { buildDocs } from './docs/build.js';
import { writeGeneratedExamples } from './docs/examples.js';
import { syncPackageVersions } from './package-versions.js';
import { writeMswHandlers } from './sdk/msw-generate.js';
import { INVISIBLE_CHARACTER } from '../schemas/common/names.js';

const { values } = parseArgs({ options: { out: { type: 'string', default: '.' } } });
const root = values.out ?? '.';

await buildSpec(join(root, 'spec'));
const clientDir = join(root, 'generated/client');
// `@tanstack/react-query`: query and mutation options for frontend teams (D-66), and the plugin's
// `use…Query` / `use…Mutation` hooks over them, written to generated/client/@tanstack/react-query.gen.ts,
// the SDK's `./react-query` subpath.
await generateClient(join(root, 'spec/openapi.json'), clientDir, [{ name: '@tanstack/react-query', useQuery: true, useMutation: true }]);
// The operator API's own SDK, made the same way: the sandbox console (console/) calls the operator
// API only through it.
await generateClient(join(root, 'spec/admin.openapi.json'), join(root, 'generated/admin-client'));

/** The client generator's plugins for frontends: only the public SDK carries them (D-66). */
type FrontendPlugin = { name: '@tanstack/react-query'; useQuery: boolean; useMutation: boolean };

async function generateClient(input: string, output: string, frontendPlugins: readonly FrontendPlugin[] = []): Promise<void> {
  await rm(output, { recursive: true, force: true });
  await createClient({
    input: `./${input}`.replace(/^\.\/\//, '/'),
    output: { path: output },
    // `dates.offset`: the contract's date-times carry a UTC offset (`+10:00` on PPSR results, D-31);
    // without it the SDK's validators accept only `Z` and refuse the documented examples.
    plugins: [
      '@hey-api/client-fetch',
      '@hey-api/typescript',
      { name: 'zod', dates: { offset: true } },
      { name: '@hey-api/sdk', validator: true },
      ...frontendPlugins,
    ],
    logs: { level: 'silent' },
  });
  // @hey-api 0.95 validates a request after merging its headers into a `Headers` instance, which a Zod
  // object schema cannot read, so every operation with a required header (renewMonitoringEntities'
  // Idempotency-Key) failed in the client before it was sent (hey-api/hey-api#2643, open). Validate the
  // headers as the caller passed them instead; the request itself still sends the merged ones.
  const clientFile = join(output, 'client/client.gen.ts');
  const clientCode = await readFile(clientFile, 'utf8');
  const validatorCall = 'await opts.requestValidator(opts);';
  if (!clientCode.includes(validatorCall)) throw new Error(`${clientFile}: the request validator call changed; revisit the header fix`);
  await writeFile(clientFile, clientCode.replace(validatorCall, 'await opts.requestValidator({ ...opts, headers: options.headers });'));
  // @hey-api prints every `\uXXXX` of the document as the character itself, so the name patterns
  // (D-57, D-64) arrived as raw zero-width and right-to-left override characters inside regex literals:
  // source that reads differently from what it runs ("Trojan Source"). Escape them back.
  const zodFile = join(output, 'zod.gen.ts');
  await writeFile(zodFile, escapeInvisible(await readFile(zodFile, 'utf8')));
}

/** Invisible characters (the names' `INVISIBLE_CHARACTER`) other than line breaks and tabs, as `\uXXXX` escapes. */
function escapeInvisible(code: string): string {
  return code.replace(
    new RegExp(`(?![\\t\\n\\r])${INVISIBLE_CHARACTER.source}`, 'gu'),
    (ch) => `\\u${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`,
  );
}
// The webhook verifier and the result errors are hand-written (scripts/sdk/) but ship inside the SDK,
// so the drift gate covers them like the generated files.
for (const file of ['webhooks.ts', 'errors.ts']) {
  const source = await readFile(`scripts/sdk/${file}`, 'utf8');
  await writeFile(
    join(clientDir, file),
    `// Copied from scripts/sdk/${file} by npm run generate: edit that file, not this one.\n${source}`,
  );
  await appendFile(join(clientDir, 'index.ts'), `export * from './${file.replace(/\.ts$/, '.js')}';\n`);
}
// The SDK package's main entry is this index: it also exports what a partner needs to make a client,
// so nobody imports from the client/ folder inside the package (its `./client` subpath has the rest).
await appendFile(
  join(clientDir, 'index.ts'),
  "export { client } from './client.gen.js';\nexport { createClient, createConfig, type Client, type Config } from './client/index.js';\n",
);
// Component types renamed in 6.0.0 keep their old name as a deprecated alias, so partner code written
// against 5.x still compiles. `ApiError` became `ErrorResponse`: generators partners use reserve it
// (openapi-typescript-codegen writes its own `ApiError` class).
await appendFile(
  join(clientDir, 'index.ts'),
  "import type { ErrorResponse } from './types.gen.js';\n/** @deprecated Renamed `ErrorResponse` in 6.0.0: the same shape. */\nexport type ApiError = ErrorResponse;\n",
);
// The MSW handlers (D-66): the SDK's `./msw` subpath, kept out of index.ts so the SDK itself needs no msw.
const mswRuntime = await readFile('scripts/sdk/msw-handlers.ts', 'utf8');
await writeFile(
  join(clientDir, 'msw-handlers.ts'),
  `// Copied from scripts/sdk/msw-handlers.ts by npm run generate: edit that file, not this one.\n${mswRuntime}`,
);
await writeMswHandlers(join(root, 'spec/openapi.json'), join(clientDir, 'msw.gen.ts'));
// The CLI's command table (D-82): a command per operation, its validators named from the SDK's zod.gen.ts.
await writeCliCommands(join(root, 'spec/openapi.json'), join(clientDir, 'zod.gen.ts'), join(root, 'generated/cli/commands.ts'));
await buildDocs(join(root, 'spec/openapi.json'), join(root, 'generated/docs/index.html'));
// The documentation's TypeScript examples, so the repository's type check (tsc) checks them as written.
await writeGeneratedExamples(join(root, 'generated/examples'));
// The packages that carry the contract's version (D-65), in the checkout only: `--out` writes no packages/.
if (root === '.') for (const file of syncPackageVersions('.')) console.log(`version of ${file} set to the document's info.version`);
console.log(
  `generated under ${root}: spec/openapi.json, spec/openapi.yaml, spec/admin.openapi.json, generated/client/ (with @tanstack/react-query.gen.ts and msw.gen.ts), generated/admin-client/, generated/cli/, generated/docs/index.html, generated/examples/`,
);
