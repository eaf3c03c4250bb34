// Types of build-server.mjs (plain JavaScript, run by Node from `npm start` and `npm run build`).

/** One entry of the `packages` of npm's record of an install (node_modules/.package-lock.json). */
export interface InstalledPackage {
  version?: string;
  dev?: boolean;
  link?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

export declare function foldableCopies(packages: Record<string, InstalledPackage>): Map<string, string>;
export declare function buildServerBundle(): Promise<void>;
