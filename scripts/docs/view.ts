// The document as the docs page shows it: spec/openapi.json itself is never changed (tools, the SDK
// and the mock read it as it is); the page's copy of it gains the guides and absolute server URLs.
//
// - The guides (docs/guide/) become tags of their own, grouped before the reference with
//   `x-tagGroups`: Redoc shows a tag's description as a section of the page, with its `##` headings
//   in the sidebar. They replace the sections of the document's introduction, which summarise the same
//   topics for tools that read only the document; the introduction's first paragraph stays.
// - Server URLs are written on DOCS_PAGE_ORIGIN, which the server swaps for its own public URL when
//   it serves the page (server/http/docs-page.ts), so the page names the service it is read from.
import { DOCS_PAGE_ORIGIN } from '../../server/http/docs-page.js';
import type { Guide } from './guides.js';

type Json = Record<string, unknown>;

interface Server {
  url: string;
  description?: string;
  variables?: Record<string, { default: string }>;
}

interface Operation {
  tags?: string[];
}

/** The tags the operations of `paths` (or `webhooks`) use, in the document's tag order. */
function tagsUsedIn(document: Json, section: 'paths' | 'webhooks', order: string[]): string[] {
  const used = new Set<string>();
  for (const item of Object.values((document[section] ?? {}) as Record<string, Record<string, Operation>>))
    for (const operation of Object.values(item)) for (const tag of operation?.tags ?? []) used.add(tag);
  return order.filter((tag) => used.has(tag));
}

/** A server's path on the page's origin: `http://127.0.0.1:4000/api/test/v2` (variables filled with their defaults). */
function pageServer(server: Server): Server {
  let url = server.url;
  for (const [name, variable] of Object.entries(server.variables ?? {})) url = url.replaceAll(`{${name}}`, variable.default);
  const path = new URL(url, DOCS_PAGE_ORIGIN).pathname.replace(/\/$/, '');
  return { url: `${DOCS_PAGE_ORIGIN}${path}`, ...(server.description ? { description: server.description } : {}) };
}

export function docsView(document: Json, guides: Guide[]): Json {
  const info = document.info as Json;
  const introduction = String(info.description ?? '')
    .split(/\n## /)[0]!
    .trim();
  const tags = (document.tags ?? []) as { name: string }[];
  const tagNames = tags.map((tag) => tag.name);
  const events = tagsUsedIn(document, 'webhooks', tagNames);
  const reference = tagNames.filter((name) => !events.includes(name));
  for (const guide of guides)
    if (tagNames.includes(guide.title)) throw new Error(`docs/guide/${guide.file}: its title is also a tag of the reference`);
  return {
    ...document,
    info: { ...info, description: introduction },
    servers: ((document.servers ?? []) as Server[]).map(pageServer),
    tags: [...guides.map((guide) => ({ name: guide.title, description: guide.body })), ...tags],
    'x-tagGroups': [
      { name: 'Guides', tags: guides.map((guide) => guide.title) },
      { name: 'API reference', tags: reference },
      { name: 'Webhook events', tags: events },
    ],
  };
}
