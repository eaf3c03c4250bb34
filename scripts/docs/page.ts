// The finishing of Redoc's page: what it fetches from outside is removed, and the page gets its own
// Content-Security-Policy, rules (page.css) and script (page-script.js). Partner docs must work offline and
// tell no third party who reads them, and pass axe at every width.
import { readFileSync } from 'node:fs';

const CSP =
  "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; connect-src 'none'; worker-src blob:; base-uri 'none'; form-action 'none'";

/**
 * Redoc's sidebar footer draws the Redocly logo from the CDN once the page has mounted; with the URL
 * gone it would be an image with an empty source (a broken image). The element is
 * replaced by nothing; a Redoc upgrade that draws it differently fails the build here.
 */
const FOOTER_LOGO = /\(0,[A-Za-z_$][\w$]*\.jsx\)\(`img`,\{alt:`redocly logo`[^}]*\}\)/g;

/** Removes every absolute http(s) URL Redoc would fetch (logo, icon sets) from the bundle. */
export function stripOutsideAssets(html: string): string {
  if ((html.match(FOOTER_LOGO) ?? []).length !== 1)
    throw new Error('build-docs: Redoc footer logo not found once; check stripOutsideAssets');
  return html.replace(FOOTER_LOGO, 'null').replace(/https:\/\/cdn\.redoc(?:ly)?\.(?:ly|com)\/[A-Za-z0-9./_-]*/g, '');
}

const own = (file: string): string => readFileSync(new URL(file, import.meta.url), 'utf8').trim();

/**
 * Redoc's page, self-contained and with the page's own rules after Redoc's. `title` also heads the
 * page in a banner for screen readers: Redoc draws only the sections near the one being read, so a
 * page opened at a guide's or an operation's link would otherwise have no first-level heading.
 */
export function finishPage(html: string, title: string): string {
  for (const tag of ['<head>', '</head>', '<body>']) if (!html.includes(tag)) throw new Error(`build-docs: the page has no ${tag}`);
  const stripped = stripOutsideAssets(html);
  const extras = `<style>\n${own('./page.css')}\n</style>\n<script>\n${own('./page-script.js')}\n</script>\n</head>`;
  return stripped
    .replace('<head>', () => `<head>\n<meta http-equiv="Content-Security-Policy" content="${CSP}">`)
    .replace('</head>', () => extras)
    .replace('<body>', () => `<body>\n<header class="page-title"><h1>${title.replace(/[<&]/g, '')}</h1></header>`);
}
