// /openapi.json names the service that serves it (D-54): each server of the committed document is
// on the default address (`http://127.0.0.1:4000/api/...`); the served copy puts the public URL there
// (SVC_PUBLIC_URL, else the address it listens on), never the request's Host. The rest of the
// document and the committed file are unchanged.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../support/harness.js';

type Servers = { url: string; description?: string; variables?: unknown }[];
const committed = JSON.parse(readFileSync('spec/openapi.json', 'utf8')) as Record<string, unknown> & { servers: Servers };
const committedText = readFileSync('spec/openapi.json', 'utf8');

async function served(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/openapi.json`, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return (await response.json()) as Record<string, unknown> & { servers: Servers };
}

describe('GET /openapi.json', () => {
  it('names the random port it listens on as every server, and is otherwise the committed document', async () => {
    const server = await startTestServer({ record: false });
    try {
      expect(new URL(server.url).port).not.toBe('4000');
      const document = await served(server.url, { Host: 'evil.example' });
      expect(document.servers).toEqual(
        committed.servers.map((entry) => ({ url: entry.url.replace('http://127.0.0.1:4000', server.url), description: entry.description })),
      );
      expect(document.servers.map((entry) => entry.url)).toContain(`${server.url}/api/test/v2`);
      expect({ ...document, servers: committed.servers }).toEqual(committed);
      expect(readFileSync('spec/openapi.json', 'utf8')).toBe(committedText);
    } finally {
      await server.close();
    }
  });

  it('names SVC_PUBLIC_URL, path prefix included, whatever Host says', async () => {
    const server = await startTestServer({ record: false, env: { SVC_PUBLIC_URL: 'https://registry.example.com/sandbox' } });
    try {
      const document = await served(server.url, { Host: 'evil.example' });
      expect(document.servers.map((entry) => entry.url)).toEqual([
        'https://registry.example.com/sandbox/api/test/v2',
        'https://registry.example.com/sandbox/api/v2',
        'https://registry.example.com/sandbox/api/test/v1',
        'https://registry.example.com/sandbox/api/v1',
      ]);
      expect(JSON.stringify(document)).not.toContain('evil.example');
    } finally {
      await server.close();
    }
  });
});
