// spec/openapi.json and docs/guide/ -> generated/docs/index.html: Redoc, self-contained. The page
// shows the document with the guides before the reference (view.ts), finished by page.ts (nothing
// fetched from outside, its own Content-Security-Policy, rules and script).
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readGuides } from './guides.js';
import { finishPage } from './page.js';
import { docsView } from './view.js';

const TITLE = 'Registry Lodgement, Search and Monitoring Service API';
const REDOCLY = fileURLToPath(new URL('../../node_modules/.bin/redocly', import.meta.url));

export async function buildDocs(spec = 'spec/openapi.json', out = 'generated/docs/index.html'): Promise<void> {
  await mkdir(out.slice(0, out.lastIndexOf('/')), { recursive: true });
  const scratch = await mkdtemp(join(tmpdir(), 'svc-docs-'));
  try {
    const view = join(scratch, 'openapi.json');
    await writeFile(view, JSON.stringify(docsView(JSON.parse(await readFile(spec, 'utf8')) as Record<string, unknown>, readGuides())));
    // The installed CLI itself, not through npx (which starts npm first to find it: a second of CPU).
    execFileSync(REDOCLY, ['build-docs', view, '--inlineBundle', '--output', out, '--title', TITLE], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  await writeFile(out, finishPage(await readFile(out, 'utf8'), TITLE));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildDocs();
  console.log('generated/docs/index.html written');
}
