// The workspace packages' tarballs (D-65): what `npm run pack` wrote into build/packages/, served at
// /packages/<file>.tgz, and a JSON listing at /packages/ with each file's size and the line that
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
  return { name, version, file, bytes: statSync(join(dir, file)).size, url, install: `npm install ${url}` };
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
    const file = req.params.file;
    if (typeof file !== 'string' || !tarballs(dir).includes(file)) return next();
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
