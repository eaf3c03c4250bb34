// Build-time data the console takes from the contract, so it cannot drift from it and the page never
// downloads the document: the request examples of the operations it lodges with (the published
// document's own), which statuses send which event, and each public operation's method and path
// (for "copy as SDK call" on the Requests page). Served to the page as the module `virtual:contract`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
// By path: Vite bundles this config without tsconfig.json's `paths`, and the package's dist/ exists only in its tarball.
import { examplesDateOf, shiftExampleValue } from '../packages/svc-contract/src/example-dates.js';
import { EVENT_BY_KIND, NOTIFIABLE_STATUSES } from '../schemas/lodgements/schemas.js';
import { FORM484_EVENT, FORM484_NOTIFIABLE_STATUSES } from '../schemas/form484/events.js';

const MODULE = 'virtual:contract';
const RESOLVED = `\0${MODULE}`;
const DOCUMENT = fileURLToPath(new URL('../spec/openapi.json', import.meta.url));

interface Example {
  summary?: string;
  value: unknown;
}
interface Operation {
  operationId?: string;
  requestBody?: { content?: Record<string, { schema?: unknown; examples?: Record<string, Example> }> };
}
interface Document {
  info: Record<string, unknown>;
  paths: Record<string, Record<string, Operation>>;
}

function examplesOf(document: Document, path: string): { name: string; summary: string; value: unknown }[] {
  const media = document.paths[path]?.post?.requestBody?.content?.['application/json'];
  return Object.entries(media?.examples ?? {}).map(([name, example]) => {
    // The page moves every date of an example (D-61, console/src/example-dates.ts) without the
    // schema: refuse at build an example with a date the document keeps fixed (`x-example-date`).
    const json = document as unknown as Record<string, unknown>;
    if (
      JSON.stringify(shiftExampleValue(json, example.value, media?.schema, 1)) !==
      JSON.stringify(shiftExampleValue({}, example.value, undefined, 1))
    )
      throw new Error(`console: the example ${name} of POST ${path} has a date the document keeps fixed; the console would move it`);
    return { name, summary: example.summary ?? name, value: example.value };
  });
}

/** The module's source: plain data, JSON-encoded. */
export function contractModule(): string {
  const document = JSON.parse(readFileSync(DOCUMENT, 'utf8')) as Document;
  const operations: Record<string, { method: string; path: string }> = {};
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(methods))
      if (operation.operationId) operations[operation.operationId] = { method: method.toUpperCase(), path };
  const data = {
    EXAMPLES_DATE: examplesDateOf(document as unknown as Record<string, unknown>),
    EXAMPLES: {
      form484: examplesOf(document, '/asic-484-forms'),
      abnRegistration: examplesOf(document, '/abn/registrations'),
      businessAccount: examplesOf(document, '/business-accounts'),
    },
    NOTIFIABLE: {
      form484: { event: FORM484_EVENT, statuses: FORM484_NOTIFIABLE_STATUSES },
      ...Object.fromEntries(
        Object.entries(NOTIFIABLE_STATUSES).map(([kind, statuses]) => [
          kind,
          { event: EVENT_BY_KIND[kind as keyof typeof EVENT_BY_KIND], statuses },
        ]),
      ),
    },
    OPERATIONS: operations,
  };
  return Object.entries(data)
    .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
    .join('\n');
}

export function contractPlugin(): Plugin {
  return {
    name: 'console-contract-data',
    resolveId: (id) => (id === MODULE ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? contractModule() : undefined),
  };
}
