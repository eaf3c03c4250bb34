// One Prism mock of spec/openapi.json for the whole e2e project (its globalSetup in vitest.config.ts),
// started the way `npm run mock` starts it: the files that only send requests to the mock share it
// (sharedPrism() in prism.ts) instead of each starting its own, about 4 s of CPU per start on CI's two
// cores. Prism keeps no state between requests, so what one file sends changes nothing another sees.
import type { TestProject } from 'vitest/node';
import { startPrism } from './prism.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The base URL of the e2e project's Prism mock. */
    prismUrl: string;
  }
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prism = await startPrism();
  project.provide('prismUrl', prism.url);
  return () => prism.stop();
}
