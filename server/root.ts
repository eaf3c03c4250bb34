// The repository's root, for the files the server reads at run time (documents, migrations, data).
// This module sits one folder below the root, as does the bundle `npm start` runs (dist/main.js,
// scripts/build-server.ts), so the same `..` is right for both.
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** An absolute path from one relative to the repository's root. */
export const fromRoot = (relative: string): string => `${ROOT}${relative}`;
