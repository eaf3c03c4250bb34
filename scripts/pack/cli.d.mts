// Types of cli.mjs (plain JavaScript, run by `npm run pack` with Node alone).
export declare const PACKAGES_DIR: string;
export interface PackedPackage {
  name: string;
  version: string;
  filename: string;
  bytes: number;
}
export declare function packAll(): Promise<PackedPackage[]>;
/** What `cli.mjs --result-file F` writes to F. */
export type PackResult = { ok: true; packed: PackedPackage[] } | { ok: false; error: string };
