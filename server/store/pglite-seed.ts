// A fresh embedded database is a copy of a prepared one, not a new initdb: initdb plus
// the migrations take seconds (20 s seen on a busy 2-core machine), copying a prepared data
// directory a fraction of that. The prepared directory is made once per set of migrations and
// PGlite version, by `npm run build` (which `npm ci` runs through `prepare`: scripts/prepare-data.ts)
// or else by the first fresh open that finds none, and kept under node_modules/.cache (not in git;
// `npm ci` starts it over). Nothing else changes: the migrations still run on every open
// and find nothing to do.
//
// A data directory on disk gets the prepared directory copied by the system's cp (about 40 MB, mostly
// template databases and one WAL segment; directory-copy.ts): loading the same files from a tarball
// through PGlite's loadDataDir took about a second more, every file passing through its emulated
// file system. A memory database (tests) loads the tarball, it has no directory to copy into.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ROOT } from '../root.js';
import { copyDirectory, copyIntoSync } from './directory-copy.js';
import { pgliteBytes } from './pglite-engine.js';

/** Where prepared directories are kept (tests of the mechanism pass a folder of their own). */
export const PGLITE_CACHE = join(ROOT, 'node_modules', '.cache', 'svc-pglite');

/** The cache name of the prepared database for these migrations and this PGlite (without extension). */
export function seedName(migrationsFolder: string, cache = PGLITE_CACHE): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  for (const name of readdirSync(migrationsFolder)
    .filter((file) => file.endsWith('.sql'))
    .sort()) {
    hash.update(name).update(readFileSync(join(migrationsFolder, name)));
  }
  return join(cache, `seed-${hash.digest('hex').slice(0, 16)}`);
}

/** True when `dataDir` holds no database yet (PGlite would run initdb there). */
export function isFreshDataDir(dataDir: string): boolean {
  if (dataDir.startsWith('memory://')) return true;
  return !existsSync(join(dataDir, 'PG_VERSION'));
}

/** Tarballs read in this process: a file's name changes with its content (seedName), so one read serves every open. */
const tarballs = new Map<string, Buffer>();

/**
 * The prepared data directory as a tarball, made first if there is none: a memory database with the
 * migrations applied by `migrate`, dumped. Concurrent makers each write a whole file and rename it
 * into place, so a reader never sees half of one. Read once per process (test servers open many).
 */
export async function pgliteSeed(migrationsFolder: string, migrate: (client: PGlite) => Promise<void>): Promise<Blob> {
  const file = `${seedName(migrationsFolder)}.tar`;
  if (!existsSync(file)) {
    const client = new PGlite('memory://');
    try {
      await migrate(client);
      const dump = await client.dumpDataDir('none');
      mkdirSync(PGLITE_CACHE, { recursive: true });
      const partial = `${file}.${process.pid}.${Date.now()}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await client.close();
    }
  }
  let tarball = tarballs.get(file);
  if (!tarball) {
    tarball = readFileSync(file);
    tarballs.set(file, tarball);
  }
  return pgliteBytes(tarball);
}

/**
 * Makes `dataDir` (a directory on disk without a database) a copy of the prepared data directory,
 * made first if there is none: a database in a directory of its own with the migrations applied by
 * `migrate`, closed. Concurrent makers each make a whole directory and rename it into place; the
 * one that loses removes its own.
 *
 * When a spare copy is ready (made by `npm run build`, or in the background after an earlier start)
 * and `dataDir` is an empty directory on the same file system, the spare is moved into place: a
 * rename instead of copying 40 MB and some 1,100 files before the server listens (0.25 to 1.3 s on
 * this 2-core machine, more the busier its disk). Otherwise a plain synchronous copy, before PGlite
 * starts: copying while PGlite loads (promises over libuv's pool, or a worker thread) took three to
 * four times as long on a busy 2-core machine and saved nothing. True when the spare was used; either
 * way the caller makes a new one once it is up, if there is none (replenishPgliteSpare).
 */
export async function copyPgliteSeed(
  dataDir: string,
  migrationsFolder: string,
  migrate: (client: PGlite) => Promise<void>,
  cache = PGLITE_CACHE,
): Promise<boolean> {
  const seed = await ensurePgliteSeed(migrationsFolder, migrate, cache);
  if (takeSpare(seed, dataDir)) return true;
  // PG_VERSION last: it is what makes the directory a database (isFreshDataDir), so a copy cut short
  // (a crash, a full disk) is made again at the next start instead of being opened half-made.
  const marker = 'PG_VERSION';
  copyIntoSync(
    readdirSync(seed)
      .filter((name) => name !== marker)
      .map((name) => join(seed, name)),
    dataDir,
  );
  copyFileSync(join(seed, marker), join(dataDir, marker));
  return false;
}

/** The whole spare copy of the prepared directory `seed`, ready to be moved into a fresh data directory. */
function spareOf(seed: string): string {
  return `${seed}.spare`;
}

/**
 * Moves the spare onto `dataDir`. Only onto a plain empty directory (rename would replace a symbolic
 * link itself, and refuses a directory with files); a spare another process took first, or one on
 * another file system, leaves the copy to the caller.
 */
function takeSpare(seed: string, dataDir: string): boolean {
  const spare = spareOf(seed);
  if (!existsSync(join(spare, 'PG_VERSION'))) return false;
  try {
    if (!lstatSync(dataDir).isDirectory() || readdirSync(dataDir).length > 0) return false;
    renameSync(spare, dataDir);
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes the spare again when none is ready, off the way to "listening": an asynchronous copy into a
 * partial directory of this process, renamed into place when whole. Partial copies left by processes
 * that died are removed first; while another live process is making one, this one leaves it to it.
 */
export async function replenishPgliteSpare(migrationsFolder: string, cache = PGLITE_CACHE): Promise<void> {
  const seed = seedName(migrationsFolder, cache);
  const spare = spareOf(seed);
  if (!existsSync(join(seed, 'PG_VERSION')) || existsSync(join(spare, 'PG_VERSION'))) return;
  const prefix = `${basename(spare)}.`;
  for (const name of readdirSync(cache)) {
    const pid = name.startsWith(prefix) && name.endsWith('.partial') ? Number(name.slice(prefix.length, -'.partial'.length)) : NaN;
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    // Another live process is making it already.
    if (isRunning(pid)) return;
    await rm(join(cache, name), { recursive: true, force: true });
  }
  const partial = `${spare}.${process.pid}.partial`;
  try {
    await copyDirectory(seed, partial);
    renameSync(partial, spare);
  } catch {
    // Another process made the spare first, or the disk refused: the next fresh start copies instead.
    await rm(partial, { recursive: true, force: true });
  }
}

/** Whether a process of this machine with that id is alive (EPERM: alive, someone else's). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The prepared data directory for these migrations, made first if there is none (initdb and the
 * migrations: seconds). `npm run build`, and so `npm ci` through `prepare`, makes it and its spare
 * (scripts/prepare-data.ts), so a newcomer's first `npm start` only moves the spare into place.
 */
export async function ensurePgliteSeed(
  migrationsFolder: string,
  migrate: (client: PGlite) => Promise<void>,
  cache = PGLITE_CACHE,
): Promise<string> {
  const seed = seedName(migrationsFolder, cache);
  if (!existsSync(join(seed, 'PG_VERSION'))) {
    mkdirSync(cache, { recursive: true });
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
  return seed;
}
