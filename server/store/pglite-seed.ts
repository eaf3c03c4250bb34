// A fresh embedded database is a copy of a prepared one, not a new initdb (issue 17): initdb plus
// the migrations take seconds (20 s seen on a busy 2-core machine), loading a prepared data
// directory a fraction of that. The prepared directory is made once per set of migrations and
// PGlite version, on the first fresh open that finds none, and kept under node_modules/.cache (not
// in git; `npm ci` starts it over). Nothing else changes: the migrations still run on every open
// and find nothing to do.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ROOT } from '../root.js';

const CACHE = join(ROOT, 'node_modules', '.cache', 'svc-pglite');

function seedFile(migrationsFolder: string): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  for (const name of readdirSync(migrationsFolder)
    .filter((file) => file.endsWith('.sql'))
    .sort()) {
    hash.update(name).update(readFileSync(join(migrationsFolder, name)));
  }
  return join(CACHE, `seed-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** True when `dataDir` holds no database yet (PGlite would run initdb there). */
export function isFreshDataDir(dataDir: string): boolean {
  if (dataDir.startsWith('memory://')) return true;
  return !existsSync(join(dataDir, 'PG_VERSION'));
}

/**
 * The prepared data directory as a tarball, made first if there is none: a memory database with the
 * migrations applied by `migrate`, dumped. Concurrent makers each write a whole file and rename it
 * into place, so a reader never sees half of one.
 */
export async function pgliteSeed(migrationsFolder: string, migrate: (client: PGlite) => Promise<void>): Promise<Blob> {
  const file = seedFile(migrationsFolder);
  if (!existsSync(file)) {
    const client = new PGlite('memory://');
    try {
      await migrate(client);
      const dump = await client.dumpDataDir('none');
      mkdirSync(CACHE, { recursive: true });
      const partial = `${file}.${process.pid}.${Date.now()}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await client.close();
    }
  }
  return new Blob([readFileSync(file)]);
}
