// A frontend team's component test from an empty folder outside the repository (D-66): the SDK's
// tarball installed beside React, TanStack Query, MSW and a DOM, a component reading through the
// generated hook of `@registry-svc/sdk/react-query`, answered by the generated handlers of
// `@registry-svc/sdk/msw` with the document's examples: no server, no repository.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tarballOf } from '../support/packed.js';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../..');
let consumer: string;

interface Example {
  value: { name: string; available: boolean; conflicts: { name: string }[] };
}
const availability = (
  JSON.parse(readFileSync(join(ROOT, 'spec/openapi.json'), 'utf8')) as {
    paths: Record<string, { get: { responses: Record<string, { content: Record<string, { examples: Record<string, Example> }> }> } }>;
  }
).paths['/helpers/company-name-availability']!.get.responses;

/** The component test a team writes: plain Node, a DOM from happy-dom, React rendering into it. */
const COMPONENT_TEST = `
import { Window } from 'happy-dom';
const window = new Window({ url: 'http://localhost/' });
Object.assign(globalThis, { window, document: window.document, navigator: window.navigator, HTMLElement: window.HTMLElement });
// Rendered as in a browser: the queries settle on their own and the test waits for the text.
globalThis.IS_REACT_ACT_ENVIRONMENT = false;

const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query');
const { setupServer } = await import('msw/node');
const { createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { createClient, createConfig } = await import('@registry-svc/sdk');
const { useGetCompanyNameAvailabilityQuery } = await import('@registry-svc/sdk/react-query');
const { createHandlers } = await import('@registry-svc/sdk/msw');

const server = setupServer(...createHandlers({ baseUrl: 'https://sandbox.example.com' }));
server.listen({ onUnhandledRequest: 'error' });
const client = createClient(createConfig({ baseUrl: 'https://sandbox.example.com/api/test/v2', auth: () => 'svc_sk_test_example' }));

function NameCheck({ name, prefer }) {
  const check = useGetCompanyNameAvailabilityQuery({ client, query: { name }, headers: prefer ? { Prefer: prefer } : {} });
  if (check.isPending) return createElement('p', null, 'Checking');
  if (check.isError) return createElement('p', { role: 'alert' }, 'refused: ' + check.error.message);
  return createElement('p', null, check.data.name + (check.data.available ? ' is available' : ' is taken by ' + check.data.conflicts[0].name));
}

async function render(node) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  root.render(createElement(QueryClientProvider, { client: queries }, node));
  for (let i = 0; i < 250 && /^(|Checking)$/.test(container.textContent); i++) await new Promise((r) => setTimeout(r, 20));
  const text = container.textContent;
  root.unmount();
  // An unmounted query's cache entry waits five minutes to be collected: let it go now.
  queries.clear();
  return text;
}

console.log('taken: ' + (await render(createElement(NameCheck, { name: 'Sandbox Trading Pty Ltd' }))));
console.log('available: ' + (await render(createElement(NameCheck, { name: 'Anything', prefer: 'code=200, example=available' }))));
console.log('invalid: ' + (await render(createElement(NameCheck, { name: '*', prefer: 'code=422' }))));
server.close();
await window.happyDOM.close();
`;

beforeAll(async () => {
  const sdk = await tarballOf('@registry-svc/sdk');
  consumer = mkdtempSync(join(tmpdir(), 'svc-frontend-team-'));
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'frontend-team', version: '1.0.0', private: true, type: 'module' }));
  await run(
    'npm',
    [
      'install',
      sdk,
      'zod@4',
      'react@19',
      'react-dom@19',
      '@tanstack/react-query@5',
      'msw@2',
      'happy-dom@21',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
    ],
    { cwd: consumer, maxBuffer: 16 * 1024 * 1024 },
  );
  writeFileSync(join(consumer, 'component.test.mjs'), COMPONENT_TEST);
}, 300_000);

afterAll(() => {
  if (consumer) rmSync(consumer, { recursive: true, force: true });
});

describe('a component test with the packed SDK, its generated hooks and its MSW handlers', () => {
  it('shows the documented examples and a documented 422, with no server running', async () => {
    const { stdout } = await run(process.execPath, ['component.test.mjs'], { cwd: consumer, timeout: 120_000 });
    const taken = Object.values(availability['200']!.content['application/json']!.examples)[0]!.value;
    const available = availability['200']!.content['application/json']!.examples.available!.value;
    expect(stdout).toContain(`taken: ${taken.name} is taken by ${taken.conflicts[0]!.name}`);
    expect(stdout).toContain(`available: ${available.name} is available`);
    expect(stdout).toMatch(/^invalid: refused: .+$/m);
  });
});
