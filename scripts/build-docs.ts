// spec/openapi.json -> generated/docs/index.html: Redoc, self-contained. Redoc's bundle still points
// at a CDN for its logo and icons, so the page is post-processed: those URLs are removed and a
// Content-Security-Policy forbids any request outside the page, so partner docs work offline and
// tell no third party who reads them.
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';

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
  return html
    .replace(FOOTER_LOGO, 'null')
    .replace(/https:\/\/cdn\.redoc(?:ly)?\.(?:ly|com)\/[A-Za-z0-9./_-]*/g, '')
    .replace(
      '<head>',
      `<head>\n<meta http-equiv="Content-Security-Policy" content="${CSP}">\n<style>a[href="https://redocly.com/redoc/"] { display: none; }</style>`,
    );
}

export async function buildDocs(spec = 'spec/openapi.json', out = 'generated/docs/index.html'): Promise<void> {
  await mkdir(out.slice(0, out.lastIndexOf('/')), { recursive: true });
  execFileSync(
    'npx',
    ['redocly', 'build-docs', spec, '--inlineBundle', '--output', out, '--title', 'Registry Lodgement, Search and Monitoring Service API'],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  );
  const html = await readFile(out, 'utf8');
  await writeFile(out, stripOutsideAssets(html));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildDocs();
  console.log('generated/docs/index.html written');
}
