// @vitest-environment happy-dom
// The SDK's frontend subpaths together, as a frontend team's component test uses them (D-66): a React
// component reads through a generated TanStack Query options function (`./react-query`), the
// generated MSW handlers (`./msw`) answer with the document's examples, and no server runs.
// (The unit project collects `.test.ts` only, hence createElement rather than JSX.)
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import { act, createElement, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  listWebhookEndpointsOptions,
  useCreateWebhookEndpointMutation,
  useGetCompanyNameAvailabilityQuery,
} from '../../generated/client/@tanstack/react-query.gen.js';
import { createClient, createConfig } from '../../generated/client/client/index.js';
import { createHandler, createHandlers, mockOperations } from '../../generated/client/msw.gen.js';
import type { Client } from '../../generated/client/client/index.js';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

const client = createClient(createConfig({ baseUrl: 'https://registry.example.com/api/test/v2', auth: () => 'svc_sk_test_example' }));
const server = setupServer(...createHandlers({ baseUrl: 'https://registry.example.com' }));

function WebhookEndpoints({ sdk }: { sdk: Client }): ReactNode {
  const endpoints = useQuery(listWebhookEndpointsOptions({ client: sdk }));
  if (endpoints.isPending) return createElement('p', null, 'Loading endpoints');
  if (endpoints.isError) return createElement('p', { role: 'alert' }, 'Could not load the endpoints');
  return createElement(
    'ul',
    null,
    endpoints.data.data.map((endpoint) => createElement('li', { key: endpoint.id }, `${endpoint.url}: ${endpoint.eventTypes.join(', ')}`)),
  );
}

function NameCheck({ sdk, name }: { sdk: Client; name: string }): ReactNode {
  // The plugin's hook form: useQuery over the same generated options.
  const check = useGetCompanyNameAvailabilityQuery({ client: sdk, query: { name } });
  if (check.isPending) return createElement('p', null, 'Checking');
  if (check.isError) {
    const error = check.error;
    // The family's shape (D-12): `message`, and each field's problems under `errors`.
    const fields = 'message' in error && error.errors !== undefined ? Object.entries(error.errors) : [];
    return createElement(
      'p',
      { role: 'alert' },
      'message' in error ? error.message : error.errors.join(' '),
      ...fields.map(([field, problems]) => ` ${field}: ${problems.map((problem) => problem.message).join(', ')}`),
    );
  }
  return createElement('p', null, check.data.available ? `${check.data.name} is available` : `${check.data.name} is taken`);
}

function NewEndpoint({ sdk }: { sdk: Client }): ReactNode {
  const create = useCreateWebhookEndpointMutation();
  const send = () => create.mutate({ client: sdk, body: { url: 'https://hooks.example.com/svc', eventTypes: ['*'] } });
  return createElement(
    'form',
    null,
    createElement('button', { type: 'button', onClick: send }, 'Register'),
    create.isSuccess && createElement('p', { role: 'status' }, `Registered ${create.data.id}; its secret is ${create.data.secret}`),
    create.isError &&
      createElement('p', { role: 'alert' }, 'message' in create.error ? create.error.message : create.error.errors.join(' ')),
  );
}

let root: Root | undefined;
let container: HTMLElement;

async function render(node: ReactNode): Promise<void> {
  // Retries off, as a component test sets them: an error is shown at once.
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(createElement(QueryClientProvider, { client: queries }, node)));
}

/** Lets React and the query settle until the component shows `text` (the answer is in memory: no wall clock involved). */
async function shown(text: string): Promise<string> {
  for (let turn = 0; turn < 200 && !container.textContent?.includes(text); turn++) {
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
  return container.textContent ?? '';
}

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(async () => {
  await act(async () => root?.unmount());
  container.remove();
  server.resetHandlers();
});
afterAll(() => {
  server.close();
  globalThis.IS_REACT_ACT_ENVIRONMENT = undefined;
});

describe('a component on the generated query options and MSW handlers', () => {
  it('shows the documented example of the list', async () => {
    const endpoint = mockOperations.listWebhookEndpoints.responses[200].examples.one.data[0]!;
    await render(createElement(WebhookEndpoints, { sdk: client }));
    expect(await shown(endpoint.url)).toBe(`${endpoint.url}: ${endpoint.eventTypes.join(', ')}`);
  });

  it('shows another documented success when the test picks it', async () => {
    server.use(
      ...createHandler('getCompanyNameAvailability', { status: 200, example: 'available' }, { baseUrl: 'https://registry.example.com' }),
    );
    await render(createElement(NameCheck, { sdk: client, name: 'Harbour Lights Pty Ltd' }));
    expect(await shown('available')).toBe('Harbour Lights Pty Ltd is available');
  });

  it('shows the documented 422 through the SDK error', async () => {
    server.use(
      ...createHandler('getCompanyNameAvailability', { status: 422, example: 'missingName' }, { baseUrl: 'https://registry.example.com' }),
    );
    // A name the SDK's own request validator lets through: the 422 is the handler's documented one.
    await render(createElement(NameCheck, { sdk: client, name: 'Harbour Lights Pty Ltd' }));
    expect(await shown('Required')).toBe('The request is not valid. name: Required.');
    expect(container.querySelector('[role="alert"]')).not.toBeNull();
  });

  it('submits a form through the generated mutation hook and shows the documented creation', async () => {
    const created = mockOperations.createWebhookEndpoint.responses[201].examples.created;
    await render(createElement(NewEndpoint, { sdk: client }));
    await act(async () => container.querySelector('button')!.click());
    expect(await shown('Registered')).toContain(`Registered ${created.id}; its secret is ${created.secret}`);
  });

  it('shows the documented 422 of a refused form', async () => {
    server.use(
      ...createHandler('createWebhookEndpoint', { status: 422, example: 'notHttps' }, { baseUrl: 'https://registry.example.com' }),
    );
    await render(createElement(NewEndpoint, { sdk: client }));
    await act(async () => container.querySelector('button')!.click());
    expect(await shown('not valid')).toContain('The request is not valid.');
  });

  it('shows a status the request asks for with Prefer, as a story would', async () => {
    const preferring = createClient(
      createConfig({
        baseUrl: 'https://registry.example.com/api/test/v2',
        auth: () => 'svc_sk_test_example',
        headers: { Prefer: 'code=401' },
      }),
    );
    await render(createElement(WebhookEndpoints, { sdk: preferring }));
    expect(await shown('Could not')).toBe('Could not load the endpoints');
  });
});
