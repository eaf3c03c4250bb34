// The docs page (generated/docs/index.html, Redoc with the guides) at /docs. The page is built with
// its server URLs and examples on DOCS_PAGE_ORIGIN; each answer puts this service's public URL there
// instead, so the page read from any port or host names the service that served it. That URL comes
// from configuration (SVC_PUBLIC_URL, else HOST:PORT), never from the request's Host (D-54). The
// document the page embeds has its examples written for the service's today, as /openapi.json (D-61).
import { readFileSync } from 'node:fs';
import { documentForToday } from '@registry-svc/contract/example-dates';
import express, { type Request, type Response, type Router } from 'express';
import { brisbaneDate, type Clock } from '../clock.js';
import type { Config } from '../config.js';
import { publicUrlOf } from './public-url.js';

/** The address `npm start` listens on by default: what the built page says until it is served. */
export const DOCS_PAGE_ORIGIN = 'http://127.0.0.1:4000';
export const DOCS_PATH = '/docs';

/** The guide that V1's `Link: </docs/migration-v1>; rel="deprecation"` points readers to (D-40). */
const MIGRATION_GUIDE = '#/versions-and-deprecation';

/** The release notes: CHANGELOG.md, built into the page after the guides (scripts/docs/guides.ts). */
const RELEASE_NOTES = '#/release-notes';
export const CHANGELOG_PATH = '/changelog';

/**
 * `GET /changelog` opens the docs page at the release notes. Relative (`docs/...` from `/changelog`),
 * so it stays under a path prefix of SVC_PUBLIC_URL.
 */
export function changelogRedirect(_req: Request, res: Response): void {
  res.redirect(302, `.${DOCS_PATH}/${RELEASE_NOTES}`);
}

/** Characters a public URL may hold and still be written as is into HTML text and a script's JSON. */
const PLAIN_URL = /^[A-Za-z0-9.:/[\]%~_-]+$/;

type AddressConfig = Pick<Config, 'HOST' | 'PORT' | 'SVC_PUBLIC_URL'>;

/** The one line of Redoc's page that holds the document, as JSON with `<` escaped. */
const EMBEDDED_DOCUMENT = /^(\s*const __redoc_definition = )(\{.*\});$/m;

/** The page with its embedded document's examples written for `today` (D-61). */
export function pageForToday(page: string, today: string): string {
  const found = EMBEDDED_DOCUMENT.exec(page);
  if (!found) return page;
  const document = documentForToday(JSON.parse(found[2]!) as Record<string, unknown>, today);
  const json = JSON.stringify(document).replace(/</g, '\\u003c');
  return `${page.slice(0, found.index)}${found[1]}${json};${page.slice(found.index + found[0].length)}`;
}

export function docsRouter(config: AddressConfig, clock: Clock, file: string): Router {
  const router = express.Router();
  let built: string | undefined;
  // One page per public URL and day: one a day in production, one per listening port when PORT=0 (tests).
  const pages = new Map<string, string>();
  router.get(['/', '/index.html'], (req: Request, res: Response) => {
    built ??= readFileSync(file, 'utf8');
    const origin = publicUrlOf(config, req);
    const today = brisbaneDate(clock.now());
    const key = `${today} ${origin}`;
    let page = pages.get(key);
    if (page === undefined) {
      if (pages.size >= 8) pages.clear(); // earlier days' pages: a manual clock can visit many
      const dated = pageForToday(built, today);
      page = PLAIN_URL.test(origin) ? dated.replaceAll(DOCS_PAGE_ORIGIN, origin) : dated;
      pages.set(key, page);
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.type('html').send(page);
  });
  // Relative, so it stays under a path prefix of SVC_PUBLIC_URL: /docs/migration-v1 -> /docs/#/...
  router.get('/migration-v1', (_req: Request, res: Response) => res.redirect(302, `./${MIGRATION_GUIDE}`));
  return router;
}
