// The workspace packages' tarballs (D-65): what `npm run pack` wrote into build/packages/, served at
// /packages/<file>.tgz (and under the name without its version, the newest one), and a JSON listing at /packages/ with each file's size and the line that
// installs it from this service. URLs are built on the service's public URL (D-54), never on the
// request's Host. A file is served only when the folder's listing names it exactly, so no path a
// caller writes (`..`, encoded slashes, another extension) reaches any other file.
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Config } from '../config.js';
import { publicUrlOf } from './public-url.js';

export const PACKAGES_PATH = '/packages';

/** npm pack's file name: the scope and the name joined by `-`, then the version. */
const TARBALL = /^([a-z0-9][a-z0-9._-]*)-(\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?)\.tgz$/;
const SCOPE = 'registry-svc-';

export interface PackageEntry {
  name: string;
  version: string;
  file: string;
  bytes: number;
  url: string;
  /** The same tarball under a name without the version (`registry-svc-sdk.tgz`): what the guides print. */
  latestUrl: string;
  install: string;
}

type AddressConfig = Pick<Config, 'HOST' | 'PORT' | 'SVC_PUBLIC_URL'>;

function tarballs(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && TARBALL.test(entry.name))
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

function entryOf(dir: string, file: string, base: string): PackageEntry {
  const [, packed = '', version = ''] = TARBALL.exec(file) ?? [];
  const name = packed.startsWith(SCOPE) ? `@registry-svc/${packed.slice(SCOPE.length)}` : packed;
  const url = `${base}${PACKAGES_PATH}/${file}`;
  const latestUrl = `${base}${PACKAGES_PATH}/${packed}.tgz`;
  return { name, version, file, bytes: statSync(join(dir, file)).size, url, latestUrl, install: `npm install ${url}` };
}

/** Numeric order of `major.minor.patch` (pre-release and build suffixes ignored). */
function newer(a: string, b: string): number {
  const parts = (v: string) => v.split(/[-+]/)[0]!.split('.').map(Number);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/**
 * The file a name without a version stands for (`registry-svc-sdk.tgz`): the newest tarball of that
 * package in the folder, so the guides print one URL that stays right when the contract's version moves.
 */
function latestTarball(files: string[], requested: string): string | undefined {
  const packed = requested.endsWith('.tgz') ? requested.slice(0, -'.tgz'.length) : '';
  const versions = files.flatMap((file) => {
    const [, name, version] = TARBALL.exec(file) ?? [];
    return name === packed && version ? [{ file, version }] : [];
  });
  return versions.sort((a, b) => newer(b.version, a.version))[0]?.file;
}

export function packagesRouter(config: AddressConfig, dir: string): Router {
  const router = express.Router();
  router.get('/', (req: Request, res: Response) => {
    const base = publicUrlOf(config, req).replace(/\/$/, '');
    const packages = tarballs(dir).map((file) => entryOf(dir, file, base));
    res.setHeader('Cache-Control', 'no-cache');
    res.json({
      packages,
      ...(packages.length === 0 ? { note: 'No package is built yet: run `npm run pack` in the service checkout, then reload.' } : {}),
    });
  });
  router.get('/:file', (req: Request, res: Response, next: NextFunction) => {
    const requested = req.params.file;
    const files = tarballs(dir);
    if (typeof requested !== 'string') return next();
    const file = files.includes(requested) ? requested : latestTarball(files, requested);
    if (!file) return next();
    const path = join(dir, file);
    res.setHeader('Content-Type', 'application/gzip');
    res.setHeader('Content-Length', String(statSync(path).size));
    res.setHeader('Content-Disposition', `attachment; filename="${file}"`);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method === 'HEAD') return void res.end();
    createReadStream(path).on('error', next).pipe(res);
  });
  return router;
}
