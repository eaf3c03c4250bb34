// Request steps every resource suite shares: moving the service clock through the operator API,
// calling the public API with raw bytes (a body the SDK would refuse or re-serialise), reading an
// operation's request examples from the published document, and editing a copy of a body by path.
import { loadDocument, type JsonObject } from './document.js';
import type { TestServer } from './harness.js';

/** The public API's prefixes (the test and live environments, and V1 where it still answers). */
export const PREFIX = { test: '/api/test/v2', live: '/api/v2', v1Test: '/api/test/v1', v1Live: '/api/v1' } as const;

/** Moves the manual clock (and runs the jobs then due) through the operator API; how many jobs ran. */
export async function advance(server: TestServer, seconds: number): Promise<number> {
  const moved = await server.admin<{ jobsRun: number }>('POST', '/admin/clock/advance', { seconds });
  if (moved.status !== 200) throw new Error(`clock not moved: ${moved.status}`);
  return moved.body.jobsRun;
}

/** A raw call, so a deliberately bad body (or none) reaches the server as written. */
export async function rawCall(
  server: TestServer,
  key: string,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
  prefix: string = PREFIX.test,
) {
  const response = await fetch(`${server.url}${prefix}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
}

let documentPaths: JsonObject | undefined;

/** The request examples of `POST <path>` as the published document carries them. */
export function requestExamples<T>(path: string): Record<string, T> {
  // The document parsed once per process; each caller gets copies of the examples to change freely.
  documentPaths ??= loadDocument().paths as JsonObject;
  const operation = (documentPaths[path] as JsonObject).post as JsonObject;
  const media = ((operation.requestBody as JsonObject).content as JsonObject)['application/json'] as JsonObject;
  return Object.fromEntries(
    Object.entries(media.examples as Record<string, { value: T }>).map(([name, example]) => [name, structuredClone(example.value)]),
  );
}

/** Sets `path` (dotted, array indexes as numbers) in a copy of `body`; `undefined` deletes the key. */
export function withValue<T>(body: T, path: string, value: unknown): T {
  const copy = structuredClone(body) as unknown as Record<string, unknown>;
  const parts = path.split('.');
  let node: Record<string, unknown> = copy;
  for (const part of parts.slice(0, -1)) node = node[part] as Record<string, unknown>;
  const last = parts[parts.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy as unknown as T;
}

/** `withValue` for several paths in turn. */
export function mutate<T>(body: T, ...changes: [string, unknown][]): T {
  return changes.reduce((acc, [path, value]) => withValue(acc, path, value), body);
}
