// Stack traces of the bundled server (build/*.mjs) name the TypeScript sources, as Node's
// --enable-source-maps would, but a file's map is read the first time a stack shows one of its
// frames instead of at every start: Node 20 reads and parses the whole map of each module it loads
// when that flag is on, about 0.1 s of every start for build/server.mjs's 1.7 MB (bench/README.md,
// 2026-12-02 fourth session). A stack with no bundled frame, and a process run from the TypeScript
// (tsx maps its own), are left as they are.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface Mapped {
  map: SourceMap;
  /** The map's own URL: its `sources` are relative to it. */
  url: URL;
}

/** Each bundled file's map, read on first use; undefined when the file has none. */
const maps = new Map<string, Mapped | undefined>();

function mapOf(fileUrl: string): Mapped | undefined {
  if (maps.has(fileUrl)) return maps.get(fileUrl);
  let mapped: Mapped | undefined;
  try {
    const path = `${fileURLToPath(fileUrl)}.map`;
    if (existsSync(path)) mapped = { map: new SourceMap(JSON.parse(readFileSync(path, 'utf8'))), url: pathToFileURL(path) };
  } catch {
    // An unreadable map leaves the bundle's own positions, which are still true.
  }
  maps.set(fileUrl, mapped);
  return mapped;
}

/** `file:line:column` of a call site in the sources, or undefined when it is not in a mapped bundle. */
function sourcePosition(site: NodeJS.CallSite, bundleDir: string): string | undefined {
  const file = site.getFileName();
  const line = site.getLineNumber();
  const column = site.getColumnNumber();
  if (!file || !file.startsWith(bundleDir) || line === null || column === null) return undefined;
  const mapped = mapOf(file);
  const entry = mapped?.map.findEntry(line - 1, column - 1);
  if (!mapped || !entry || !('originalSource' in entry)) return undefined;
  const source = fileURLToPath(new URL(entry.originalSource, mapped.url));
  return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
}

function frame(site: NodeJS.CallSite, bundleDir: string): string {
  const text = String(site);
  const position = sourcePosition(site, bundleDir);
  if (!position) return `    at ${text}`;
  const bundled = `${site.getFileName()}:${site.getLineNumber()}:${site.getColumnNumber()}`;
  return `    at ${text.replace(bundled, position)}`;
}

/**
 * Maps the stack frames of files beside `entryUrl` (the bundle's entry) when that entry has a map.
 * Does nothing when it has none (the server run from its TypeScript, which tsx maps) or when Node
 * maps stacks itself (--enable-source-maps).
 */
export function installLazySourceMaps(entryUrl: string): void {
  if (!entryUrl.startsWith('file:') || !existsSync(`${fileURLToPath(entryUrl)}.map`)) return;
  if (process.sourceMapsEnabled) return;
  const bundleDir = new URL('.', entryUrl).href;
  Error.prepareStackTrace = (error: Error, sites: NodeJS.CallSite[]): string => {
    let header: string;
    try {
      header = Error.prototype.toString.call(error);
    } catch {
      header = '<error>';
    }
    return [header, ...sites.map((site) => frame(site, bundleDir))].join('\n');
  };
}
