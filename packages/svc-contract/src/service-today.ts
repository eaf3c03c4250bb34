// The document's examples moved to the service's today before any phase reads them (D-61): they are
// written for one day (`info.x-examples-date`) and a Form 484 signed on that day is refused six months
// later. The runner learns the service's today from the service, never from this machine's clock (a
// sandbox's manual clock can be years away): first from the document the service serves at
// /openapi.json, whose `x-examples-date` is its today in Australia/Brisbane (D-73, public, no
// credential); else, with an operator token, from GET /admin/clock. The `Date` header is no help:
// it is the wall clock.
import { documentForToday, examplesDateOf } from './example-dates.js';
import { sendRequest } from './http.js';
import { dateInZone } from './semantic/clock.js';
import type { JsonObject } from './types.js';

/** The zone of the service's calendar dates. */
const SERVICE_ZONE = 'Australia/Brisbane';
const DAY = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

export interface ServiceTodayOptions {
  baseUrl: string;
  adminToken?: string;
  /** A mock serving the operations at its root: the base URL is the service's root. */
  mock?: boolean;
  timeoutMs: number;
  log: (line: string) => void;
}

/** The service's root: the base URL without the document's server path it ends in. */
export function serviceRoot(baseUrl: string, document: JsonObject, mock = false): string {
  const url = new URL(baseUrl);
  const path = url.pathname.replace(/\/+$/, '');
  if (mock) return `${url.origin}${path}`;
  const servers = Array.isArray(document.servers) ? (document.servers as { url?: unknown }[]) : [];
  const suffixes = servers
    .map((server) => (typeof server.url === 'string' ? server.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/\/+$/, '') : ''))
    .filter((suffix) => suffix !== '' && !suffix.includes('{') && path.endsWith(suffix))
    .sort((a, b) => b.length - a.length);
  return `${url.origin}${suffixes[0] ? path.slice(0, -suffixes[0].length) : path}`;
}

async function fromServedDocument(root: string, timeoutMs: number): Promise<string | undefined> {
  const answer = await sendRequest({ operationId: 'openapi.json', method: 'GET', url: `${root}/openapi.json`, headers: {} }, timeoutMs);
  if (answer.status !== 200) return undefined;
  const served = JSON.parse(answer.bodyText) as JsonObject;
  return examplesDateOf(served);
}

async function fromOperatorClock(root: string, adminToken: string, timeoutMs: number): Promise<string | undefined> {
  const answer = await sendRequest(
    { operationId: 'getClock', method: 'GET', url: `${root}/admin/clock`, headers: { Authorization: `Bearer ${adminToken}` } },
    timeoutMs,
  );
  const now = answer.status === 200 ? (JSON.parse(answer.bodyText) as { now?: unknown }).now : undefined;
  return typeof now === 'string' && !Number.isNaN(Date.parse(now)) ? dateInZone(new Date(now), SERVICE_ZONE) : undefined;
}

/** The service's today (`YYYY-MM-DD`, Australia/Brisbane) and where it was read, or undefined. */
export async function serviceToday(
  document: JsonObject,
  options: ServiceTodayOptions,
): Promise<{ today: string; from: string } | undefined> {
  const root = serviceRoot(options.baseUrl, document, options.mock);
  const tries: [string, () => Promise<string | undefined>][] = [
    [`${root}/openapi.json`, () => fromServedDocument(root, options.timeoutMs)],
  ];
  if (options.adminToken) {
    const token = options.adminToken;
    tries.push([`${root}/admin/clock`, () => fromOperatorClock(root, token, options.timeoutMs)]);
  }
  for (const [from, read] of tries) {
    const today = await read().catch(() => undefined);
    if (today && DAY.test(today)) return { today, from };
  }
  return undefined;
}

/** The document with its examples written for the service's today, as the service itself would serve them. */
export async function examplesForService(document: JsonObject, options: ServiceTodayOptions): Promise<JsonObject> {
  const written = examplesDateOf(document);
  if (!written) return document;
  const found = await serviceToday(document, options);
  if (!found) {
    options.log(
      `examples: kept as written for ${written}; the service told no date (no x-examples-date at /openapi.json${options.adminToken ? ', no clock at /admin/clock' : ', no --admin-token'})`,
    );
    return document;
  }
  if (found.today !== written)
    options.log(`examples: written for ${written}, dates moved to the service's today ${found.today} (${found.from})`);
  return documentForToday(document, found.today);
}
