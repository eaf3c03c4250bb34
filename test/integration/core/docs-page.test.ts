// The docs page names the service that serves it (D-54): its server URLs and examples are built on
// the default address and each answer of /docs puts the configured public URL there, never the
// request's Host. V1's deprecation link, /docs/migration-v1, opens the versions guide; /changelog opens
// the release notes, CHANGELOG.md built into the page after the guides.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOCS_PAGE_ORIGIN } from '../../../server/http/docs-page.js';
import { startTestServer } from '../../support/harness.js';

describe('GET /docs', () => {
  it('writes SVC_PUBLIC_URL, path prefix included, into the page, whatever Host says', async () => {
    const server = await startTestServer({ record: false, env: { SVC_PUBLIC_URL: 'https://registry.example.com/sandbox' } });
    try {
      const response = await fetch(`${server.url}/docs/`, { headers: { Host: 'evil.example' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const page = await response.text();
      expect(page).toContain('"url":"https://registry.example.com/sandbox/api/test/v2"');
      expect(page).not.toContain(DOCS_PAGE_ORIGIN);
      expect(page).not.toContain('evil.example');
    } finally {
      await server.close();
    }
  });

  it('without SVC_PUBLIC_URL, names HOST and the port it listens on; /docs/migration-v1 opens the versions guide', async () => {
    const server = await startTestServer({ record: false });
    try {
      const page = await (await fetch(`${server.url}/docs`)).text();
      expect(page).toContain(`"url":"${server.url}/api/v2"`);
      const moved = await fetch(`${server.url}/docs/migration-v1`, { redirect: 'manual' });
      expect(moved.status).toBe(302);
      expect(new URL(moved.headers.get('location')!, `${server.url}/docs/migration-v1`).href).toBe(
        `${server.url}/docs/#/versions-and-deprecation`,
      );
    } finally {
      await server.close();
    }
  });

  it('/changelog opens the release notes on the page: the Versions guide links them, the newest entry is there', async () => {
    const server = await startTestServer({ record: false });
    try {
      const moved = await fetch(`${server.url}/changelog`, { redirect: 'manual' });
      expect(moved.status).toBe(302);
      const target = new URL(moved.headers.get('location')!, `${server.url}/changelog`);
      expect(target.href).toBe(`${server.url}/docs/#/release-notes`);
      const page = await (await fetch(target)).text();
      const newest = /^## (.+)$/m.exec(readFileSync('CHANGELOG.md', 'utf8'))![1]!;
      expect(page).toContain('"name":"Release notes"');
      expect(page).toContain(newest);
      expect(page).toContain('(#/release-notes)');
    } finally {
      await server.close();
    }
  });
});
