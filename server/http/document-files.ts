// The committed documents (spec/openapi.json, spec/admin.openapi.json) as the app builds from them:
// each parsed once per process and per version of its file. A test process builds hundreds of apps,
// and reading, parsing and hashing the two documents (2 MB) again for each was about a tenth of a
// test worker's busy CPU in a profile of the integration suite. The copy handed out is frozen whole,
// so no caller can change what the next app is built from; openapi-backend works on a copy of its own.
import { readFileSync, statSync } from 'node:fs';
import { ROOT } from '../root.js';

const parsed = new Map<string, { version: string; document: Record<string, unknown> }>();

/** The document at `relative` (from the repository root), frozen; read again only when its file changed. */
export function documentFile(relative: string): Record<string, unknown> {
  const path = `${ROOT}${relative}`;
  const { mtimeMs, size } = statSync(path);
  const version = `${mtimeMs} ${size}`;
  const known = parsed.get(relative);
  if (known?.version === version) return known.document;
  const document = deepFrozen(JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>);
  parsed.set(relative, { version, document });
  return document;
}

function deepFrozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFrozen(child);
  }
  return value;
}
