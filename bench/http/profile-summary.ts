// Reads a CPU profile of the server bundle (bench/http/profile-hook.mjs) and says where its time went:
// each sample's frame is mapped back through build/*.mjs.map to its source file, and the file to a
// part of the request's way (Express, the pipeline, Ajv, Zod, drizzle, the driver, PGlite, the worker).
// A frame without a source (a builtin such as JSON.stringify, Ajv's compiled validators) counts for the
// part that called it, so "Express" includes the JSON.stringify of res.json.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The part of the way a source file belongs to; the order of the rules matters (first match). */
const PARTS: Array<[RegExp, string]> = [
  [/wasm:\/\/|@electric-sql\/pglite/, 'PGlite engine (WebAssembly and its JS)'],
  [/node_modules\/(pg|pg-protocol|pg-pool|pg-types|pgpass|postgres-[a-z]+)\//, 'pg driver'],
  // drizzle is bundled, and its own source maps name its TypeScript sources `src/...`.
  [
    /node_modules\/drizzle-orm\/|(^|\/)node_modules\/src\/|^(\.\.\/)*src\/(pg-core|sql|pglite|node-postgres|query-builders)\//,
    'drizzle (query building, result mapping)',
  ],
  [
    /node_modules\/(ajv|ajv-formats|openapi-backend|fast-uri|json-schema-traverse|openapi-types|bath-es5|mock-json-schema)\//,
    'openapi-backend + Ajv',
  ],
  [/node_modules\/zod\//, 'Zod'],
  [
    /node_modules\/(pino|pino-std-serializers|sonic-boom|thread-stream|fast-redact|quick-format-unescaped|on-exit-leak-free)\//,
    'logging (pino)',
  ],
  [/node_modules\/prom-client\//, 'metrics (prom-client)'],
  [
    /node_modules\/(express|router|body-parser|send|serve-static|finalhandler|etag|fresh|content-type|content-disposition|accepts|negotiator|mime-types|mime-db|type-is|qs|path-to-regexp|on-finished|parseurl|encodeurl|escape-html|cookie|vary|statuses|http-errors|depd|debug|ms|range-parser|proxy-addr|forwarded|ipaddr\.js|merge-descriptors|safe-buffer|media-typer|raw-body|iconv-lite|setprototypeof|ee-first|unpipe|destroy|cookie-signature|once|wrappy|is-promise)\//,
    'Express',
  ],
  [/node_modules\/undici\//, 'undici'],
  [/node_modules\/lodash/, 'openapi-backend + Ajv'],
  [/node_modules\//, 'other packages'],
  [/server\/http\/(ajv|ajv-problems)\.ts/, 'openapi-backend + Ajv'],
  [/server\/http\/(body|json-guard|duplicate-keys)\.ts/, 'pipeline: body read and guards'],
  [
    /server\/http\/(auth|public-profile|operator-profile|refusal-limit|rate-limit|browser-rules)\.ts|server\/store\/(auth-cache|counter-store)\.ts/,
    'pipeline: auth and rate limits',
  ],
  [/server\/http\/idempotency\.ts/, 'pipeline: idempotency'],
  [/server\/http\//, 'pipeline: routing, checks, send'],
  [/server\/app\.ts/, 'app: request id, logging, metrics'],
  [/server\/(jobs|delivery|mail)\//, 'worker (jobs)'],
  [/server\/domain\/.*(job|progress|processing|certificates|flow|lifecycle|checks)\.ts/, 'worker (jobs)'],
  [/server\/(routes|domain|registers)\//, 'handler (routes, domain)'],
  [/schemas\//, 'operation rules (schemas/)'],
  [/server\/store\//, 'store'],
  [/server\//, 'server (other)'],
  [/^node:|^internal\/|^node:internal/, 'Node core (HTTP, streams, timers)'],
];

const SPECIAL: Record<string, string> = {
  '(garbage collector)': 'garbage collection',
  '(idle)': 'idle (waiting: the database, the network)',
  '(program)': 'V8 and native (outside JS)',
  '(root)': 'V8 and native (outside JS)',
};

function partOf(source: string): string | undefined {
  for (const [pattern, part] of PARTS) if (pattern.test(source)) return part;
  return undefined;
}

/** Source maps of the bundle's files, loaded once each. */
function sourceResolver(buildDir: string): (frame: CallFrame) => string {
  const consumers = new Map<string, SourceMapConsumer | null>();
  return (frame) => {
    if (!frame.url.includes('/build/')) return frame.url;
    const file = basename(frame.url.replace(/^file:\/\//, ''));
    let consumer = consumers.get(file);
    if (consumer === undefined) {
      const mapFile = join(buildDir, `${file}.map`);
      consumer = existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))) : null;
      consumers.set(file, consumer);
    }
    if (!consumer) return frame.url;
    const original = consumer.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    return original.source ?? frame.url;
  };
}

export interface ProfileSummary {
  /** Milliseconds of samples in the profile. */
  totalMs: number;
  /** Part -> milliseconds (self time, sourceless frames charged to their caller's part). */
  parts: Map<string, number>;
  /** Source file -> milliseconds, for the files and packages that took most. */
  files: Map<string, number>;
}

export function summariseProfile(profile: CpuProfile, buildDir: string): ProfileSummary {
  const resolve = sourceResolver(buildDir);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const memo = new Map<number, { part: string; file: string }>();
  const attribution = (id: number): { part: string; file: string } => {
    const known = memo.get(id);
    if (known) return known;
    const node = byId.get(id)!;
    const special = SPECIAL[node.callFrame.functionName];
    let found: { part: string; file: string };
    if (special && node.callFrame.url === '') found = { part: special, file: special };
    else {
      const source = node.callFrame.url === '' ? '' : resolve(node.callFrame);
      const part = source === '' ? undefined : partOf(source);
      if (part)
        found = { part, file: source.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, 'node_modules/$1').replace(/^(\.\.\/)+/, '') };
      else {
        const up = parent.get(id);
        found = up === undefined ? { part: 'V8 and native (outside JS)', file: node.callFrame.functionName } : attribution(up);
      }
    }
    memo.set(id, found);
    return found;
  };
  const parts = new Map<string, number>();
  const files = new Map<string, number>();
  let totalUs = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index + 1] ?? 0;
    totalUs += delta;
    const { part, file } = attribution(id);
    parts.set(part, (parts.get(part) ?? 0) + delta / 1000);
    files.set(file, (files.get(file) ?? 0) + delta / 1000);
  });
  return { totalMs: totalUs / 1000, parts, files };
}
