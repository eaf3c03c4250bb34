// The SDK's `./msw` subpath (D-66): the generated handlers answer every public operation of the
// document with its documented example, on every server prefix, and answer another documented
// status or example when a test asks for one. Read against spec/openapi.json itself, not against the
// generated table, so a generator that drops or changes an answer fails here.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHandler, createHandlers } from '../../generated/client/msw.gen.js';
import { pdfText } from '../support/pdf-text.js';
import { PUBLIC_OPERATIONS } from '../../schemas/operations.js';

interface Media {
  examples?: Record<string, { value: unknown }>;
}
interface DocumentOperation {
  operationId: string;
  responses: Record<string, { content?: Record<string, Media> }>;
}
const document = JSON.parse(readFileSync('spec/openapi.json', 'utf8')) as {
  servers: { url: string }[];
  paths: Record<string, Record<string, DocumentOperation>>;
};
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
);
const ORIGIN = 'http://127.0.0.1:4000';

const server = setupServer(...createHandlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function send(method: string, url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method,
    headers: { Authorization: 'Bearer svc_sk_test_x', ...headers },
    ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{}' }),
  });
}

function concrete(path: string): string {
  return path.replace(/\{[^}]+\}/g, '1001');
}

describe('the generated handlers: documented success answers', () => {
  it('cover every public operation of the document (every definition of schemas/operations.ts)', () => {
    expect(operations).toHaveLength(Object.keys(PUBLIC_OPERATIONS).length);
  });

  it.each(['/api/test/v2', '/api/v2'])('answer every operation under %s with its first documented success example', async (prefix) => {
    for (const { path, method, operation } of operations) {
      const [status, response] = Object.entries(operation.responses).find(([code]) => code.startsWith('2'))!;
      const res = await send(method, `${ORIGIN}${prefix}${concrete(path)}`);
      expect(res.status, `${method} ${path}`).toBe(Number(status));
      expect(res.headers.get('x-request-id'), `${method} ${path}`).toMatch(/^req_/);
      const [contentType, media] = Object.entries(response.content ?? {})[0] ?? [];
      if (contentType === undefined) {
        expect(await res.text(), `${method} ${path}`).toBe('');
      } else if (contentType === 'application/json') {
        expect(res.headers.get('content-type')).toBe('application/json');
        expect(await res.json(), `${method} ${path}`).toEqual(Object.values(media!.examples!)[0]!.value);
      } else {
        expect(res.headers.get('content-type')).toBe(contentType);
      }
    }
  });

  it('answer the certificate as a PDF a viewer opens, naming the certificate asked for', async () => {
    const res = await send('GET', `${ORIGIN}/api/test/v2/ppsr/searches/1001/certificates/CERT-1002-3`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const pdf = await pdfText(bytes);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain('CERT-1002-3');
  });

  it('answer on the origin the caller names, and not on another', async () => {
    server.use(...createHandler('listIndustries', undefined, { baseUrl: 'https://api.example.com', prefixes: ['/registry/api/v2'] }));
    const res = await send('GET', 'https://api.example.com/registry/api/v2/helpers/industries?q=cafe');
    expect(res.status).toBe(200);
    const own = setupServer(...createHandlers({ baseUrl: 'https://api.example.com' }));
    server.close();
    own.listen({ onUnhandledRequest: 'error' });
    try {
      expect((await send('GET', 'https://api.example.com/api/test/v2/webhooks')).status).toBe(200);
      await expect(send('GET', `${ORIGIN}/api/test/v2/webhooks`)).rejects.toThrow();
    } finally {
      own.close();
      server.listen({ onUnhandledRequest: 'error' });
    }
  });
});

describe('the generated handlers: another documented answer on request', () => {
  const examplesOf = (path: string, method: string, status: string): Record<string, { value: unknown }> =>
    document.paths[path]![method]!.responses[status]!.content!['application/json']!.examples!;

  it("answer the status and example a request asks for with Prism's Prefer header", async () => {
    const res = await send('POST', `${ORIGIN}/api/test/v2/webhooks`, { Prefer: 'code=422, example=notHttps' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(examplesOf('/webhooks', 'post', '422')['notHttps']!.value);
  });

  it('answer the first example of a status asked for without an example name', async () => {
    const res = await send('GET', `${ORIGIN}/api/v2/webhooks`, { Prefer: 'code=401' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(Object.values(examplesOf('/webhooks', 'get', '401'))[0]!.value);
  });

  it('answer what `answers` chooses for an operation, and the default for the others', async () => {
    server.use(...createHandlers({ answers: { createPpsrSearch: { status: 402, example: 'paymentMethodExpired' } } }));
    const res = await send('POST', `${ORIGIN}/api/test/v2/ppsr/searches`);
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual(examplesOf('/ppsr/searches', 'post', '402')['paymentMethodExpired']!.value);
    expect((await send('GET', `${ORIGIN}/api/test/v2/ppsr/alerts`)).status).toBe(200);
  });

  it('say which answers are documented when a request asks for one that is not', async () => {
    const res = await send('GET', `${ORIGIN}/api/test/v2/webhooks`, { Prefer: 'code=418' });
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: string; documented: Record<string, string[]> };
    expect(body.error).toBe('mock_response_not_documented');
    expect(Object.keys(body.documented)).toEqual(Object.keys(document.paths['/webhooks']!['get']!.responses));
  });

  it('refuse, when made, a choice the document does not have', () => {
    // @ts-expect-error: the names are typed from the document; a misspelt one is a type error too.
    expect(() => createHandler('createWebhookEndpoint', { status: 422, example: 'notHttp' })).toThrow(/no example notHttp under 422/);
  });
});

describe('the generated handlers in a browser bundle', () => {
  it('import no Node module (esbuild bundles them for the browser)', async () => {
    const result = await build({
      entryPoints: ['generated/client/msw.gen.ts'],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    expect(result.outputFiles[0]!.text).not.toMatch(/from\s*["']node:/);
  });
});
