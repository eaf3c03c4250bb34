// One Prism mock of spec/openapi.json for the whole e2e project (its globalSetup in vitest.config.ts),
// started the way `npm run mock` starts it: the files that only send requests to the mock share it
// (sharedPrism() in prism.ts) instead of each starting its own, about 4 s of CPU per start on CI's two
// cores. Prism keeps no state between requests, so what one file sends changes nothing another sees.
// Its day is the examples' own (`--today` at `info.x-examples-date`, D-61): the documented requests
// the files send are valid on it whatever the date, and its answers are the examples as written.
import { readFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { launchPrism } from './prism.js';

/** The day the document's examples are written for. */
export function examplesDay(): string {
  const document = JSON.parse(readFileSync('spec/openapi.json', 'utf8')) as { info: Record<string, unknown> };
  return String(document.info['x-examples-date']);
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The base URL of the e2e project's Prism mock. */
    prismUrl: string;
  }
}

// Started, not waited for: Vitest runs every project's globalSetup before the first file of any
// project, and the PGlite integration pass that runs first needs no mock. sharedPrism() waits for it.
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prism = await launchPrism('spec/openapi.json', ['--today', examplesDay()]);
  project.provide('prismUrl', prism.url);
  return () => prism.stop();
}
