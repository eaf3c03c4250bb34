// The runnable examples of the README and docs/: a fenced block preceded by
//
//   <!-- example: NAME [receiver] [prints: REGEX] -->
//
// NAME is the file a reader saves it as (`.ts` runs with tsx, `.sh` with bash), in the project the
// page makes; `receiver` marks a webhook receiver, a server to send deliveries to; `prints:` is what
// its output must match (a regular expression, multiline). A page whose examples import the SDK
// (`@registry-svc/sdk`) first makes that project in an empty folder with a shell block marked
//
//   <!-- project -->
//
// (npm init, the module setting, the install line with every package its examples import).
// test/e2e/doc-examples.test.ts runs the examples against an in-process service with the repository's
// SDK; test/e2e/guides-fresh-project.test.ts runs each page as printed in a fresh folder outside the
// repository, with the packages the service serves; `npm run generate` writes the TypeScript ones to
// generated/examples/, where the repository's own type check (tsc, scripts/lint.sh) checks them.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DocExample {
  /** Where it is written: `docs/guide/01-getting-started.md`. */
  source: string;
  name: string;
  language: string;
  code: string;
  receiver: boolean;
  prints?: RegExp;
}

const MARKED_BLOCK = /<!-- example: (\S+)( receiver)?(?: prints: (.*?))? -->\n```(\w+)\n([\s\S]*?)```/g;
const PROJECT_BLOCK = /<!-- project -->\n```sh\n([\s\S]*?)```/g;

/** What a reader imports the SDK as: the package the service serves (D-65). */
export const SDK_IMPORT = "'@registry-svc/sdk'";

/** The shell commands of a page's `<!-- project -->` blocks, in order (none: the page makes no project). */
export function projectSetupIn(source: string): string[] {
  return [...readFileSync(source, 'utf8').matchAll(PROJECT_BLOCK)].map(([, commands]) => commands!);
}

/** The guides with a `<!-- project -->` block: their examples run in the project it makes (guides-fresh-project.test.ts). */
export function guidesWithProject(): string[] {
  return documentationFiles().filter((file) => file.startsWith('docs/guide/') && projectSetupIn(file).length > 0);
}

/** README.md and every Markdown file under docs/. */
export function documentationFiles(): string[] {
  const under = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((entry) => (entry.isDirectory() ? under(join(dir, entry.name)) : entry.name.endsWith('.md') ? [join(dir, entry.name)] : []));
  return ['README.md', ...under('docs')];
}

export function examplesIn(source: string): DocExample[] {
  const text = readFileSync(source, 'utf8');
  return [...text.matchAll(MARKED_BLOCK)].map(([, name, receiver, prints, language, code]) => ({
    source,
    name: name!,
    language: language!,
    code: code!,
    receiver: receiver !== undefined,
    ...(prints !== undefined ? { prints: new RegExp(prints, 'm') } : {}),
  }));
}

export function allExamples(): DocExample[] {
  return documentationFiles().flatMap(examplesIn);
}

/** The TypeScript examples under `dir` (generated/examples), importing the SDK from the generated client beside them. */
export async function writeGeneratedExamples(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const example of allExamples().filter((e) => e.language === 'ts'))
    await writeFile(
      join(dir, example.name),
      `// From ${example.source} by npm run generate: edit the example there, not this file.\n${example.code.replaceAll(SDK_IMPORT, "'../client/index.js'")}`,
    );
}
