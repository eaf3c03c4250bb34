// A fresh embedded database is a copy of a prepared one, not a new initdb: initdb plus
// the migrations take seconds (20 s seen on a busy 2-core machine), copying a prepared data
// directory a fraction of that. The prepared directory is made once per set of migrations and
// PGlite version, on the first fresh open that finds none, and kept under node_modules/.cache (not
// in git; `npm ci` starts it over). Nothing else changes: the migrations still run on every open
// and find nothing to do.
//
// A data directory on disk gets the prepared directory copied file by file (about 40 MB, mostly
// template databases and one WAL segment; 0.25 to 0.5 s): loading the same files from a tarball
// through PGlite's loadDataDir took about a second more, every file passing through its emulated
// file system. A memory database (tests) loads the tarball, it has no directory to copy into.
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ROOT } from '../root.js';

const CACHE = join(ROOT, 'node_modules', '.cache', 'svc-pglite');

/** The cache name of the prepared database for these migrations and this PGlite (without extension). */
function seedName(migrationsFolder: string): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  for (const name of readdirSync(migrationsFolder)
    .filter((file) => file.endsWith('.sql'))
    .sort()) {
    hash.update(name).update(readFileSync(join(migrationsFolder, name)));
  }
  return join(CACHE, `seed-${hash.digest('hex').slice(0, 16)}`);
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
  const file = `${seedName(migrationsFolder)}.tar`;
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

/**
 * Makes `dataDir` (a directory on disk without a database) a copy of the prepared data directory,
 * made first if there is none: a database in a directory of its own with the migrations applied by
 * `migrate`, closed. Concurrent makers each make a whole directory and rename it into place; the
 * one that loses removes its own. A plain synchronous copy, before PGlite starts: copying while
 * PGlite loads (promises over libuv's pool, or a worker thread) took three to four times as long
 * on a busy 2-core machine and saved nothing.
 */
export async function copyPgliteSeed(dataDir: string, migrationsFolder: string, migrate: (client: PGlite) => Promise<void>): Promise<void> {
  const seed = seedName(migrationsFolder);
  if (!existsSync(join(seed, 'PG_VERSION'))) {
    mkdirSync(CACHE, { recursive: true });
    const partial = `${seed}.${process.pid}.${Date.now()}.partial`;
    const client = new PGlite(partial);
    try {
      await migrate(client);
    } finally {
      await client.close();
    }
    try {
      renameSync(partial, seed);
    } catch (error) {
      rmSync(partial, { recursive: true, force: true });
      if (!existsSync(join(seed, 'PG_VERSION'))) throw error;
    }
  }
  // PG_VERSION last: it is what makes the directory a database (isFreshDataDir), so a copy cut short
  // (a crash, a full disk) is made again at the next start instead of being opened half-made.
  const marker = join(seed, 'PG_VERSION');
  cpSync(seed, dataDir, { recursive: true, filter: (source) => source !== marker });
  copyFileSync(marker, join(dataDir, 'PG_VERSION'));
}
