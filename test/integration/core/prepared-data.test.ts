// A fresh embedded data directory is made from the prepared one (server/store/pglite-seed.ts): the
// spare copy is moved into an empty directory (a rename, nothing copied before the server listens)
// and made again afterwards; a directory that is not empty, or a start that finds no spare, gets a
// copy. A stand-in prepared directory in a folder of its own keeps this test apart from the real
// cache, which other tests use at the same time.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../../../server/root.js';
import { copyPgliteSeed, replenishPgliteSpare, seedName } from '../../../server/store/pglite-seed.js';

const MIGRATIONS = fromRoot('server/store/migrations');
const cache = mkdtempSync(join(tmpdir(), 'svc-prepared-'));
const seed = seedName(MIGRATIONS, cache);
mkdirSync(join(seed, 'base'), { recursive: true });
writeFileSync(join(seed, 'base', 'relation'), 'prepared');
writeFileSync(join(seed, 'PG_VERSION'), '18\n');
const migrateNever = async () => {
  throw new Error('the prepared directory exists: nothing may be made');
};
const fresh = (): string => mkdtempSync(join(tmpdir(), 'svc-fresh-'));

afterAll(() => rmSync(cache, { recursive: true, force: true }));

describe('a fresh embedded data directory', () => {
  it('takes the spare when there is one, and the spare is made again afterwards', async () => {
    await replenishPgliteSpare(MIGRATIONS, cache);
    expect(existsSync(join(`${seed}.spare`, 'PG_VERSION'))).toBe(true);

    const dataDir = fresh();
    expect(await copyPgliteSeed(dataDir, MIGRATIONS, migrateNever, cache)).toBe(true);
    expect(readFileSync(join(dataDir, 'base', 'relation'), 'utf8')).toBe('prepared');
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8')).toBe('18\n');
    expect(existsSync(`${seed}.spare`)).toBe(false);

    await replenishPgliteSpare(MIGRATIONS, cache);
    expect(readFileSync(join(`${seed}.spare`, 'base', 'relation'), 'utf8')).toBe('prepared');
    // The prepared directory itself is never moved or changed.
    expect(readFileSync(join(seed, 'base', 'relation'), 'utf8')).toBe('prepared');
  });

  it('is copied when it already holds a file, and the spare is left for the next one', async () => {
    await replenishPgliteSpare(MIGRATIONS, cache);
    const dataDir = fresh();
    writeFileSync(join(dataDir, 'svc-secret.key'), 'kept\n');
    expect(await copyPgliteSeed(dataDir, MIGRATIONS, migrateNever, cache)).toBe(false);
    expect(readFileSync(join(dataDir, 'base', 'relation'), 'utf8')).toBe('prepared');
    expect(readFileSync(join(dataDir, 'svc-secret.key'), 'utf8')).toBe('kept\n');
    expect(existsSync(join(`${seed}.spare`, 'PG_VERSION'))).toBe(true);
  });

  it('is copied when no spare is ready', async () => {
    rmSync(`${seed}.spare`, { recursive: true, force: true });
    const dataDir = fresh();
    expect(await copyPgliteSeed(dataDir, MIGRATIONS, migrateNever, cache)).toBe(false);
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8')).toBe('18\n');
  });

  it('removes a partial spare left by a process that died before making its own', async () => {
    const orphan = `${seed}.spare.999999999.partial`;
    mkdirSync(orphan, { recursive: true });
    await replenishPgliteSpare(MIGRATIONS, cache);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(join(`${seed}.spare`, 'PG_VERSION'))).toBe(true);
  });
});
