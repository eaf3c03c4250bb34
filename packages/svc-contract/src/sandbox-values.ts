// Request values that work offline against the sandbox: the document's examples name RFC 2606
// hosts (`https://hooks.example.com/svc`) that do not resolve on a machine without a network, so a
// webhook endpoint create with them is refused (422). On a test prefix the runner registers the
// service's own built-in test receiver instead (D-59: `<origin>/sandbox/webhook-receiver/ok`,
// accepted with a test key on a plain start and delivered in-process).
import type { RequestParts } from './types.js';

const EXAMPLE_HOST = /^https?:\/\/([a-z0-9-]+\.)*example\.(com|org|net)(\/|$)/i;
export const RECEIVER_PATH = '/sandbox/webhook-receiver';

/** The built-in receiver's URL that answers 200, on the server of this base URL. */
export function receiverUrl(baseUrl: string, kind: 'ok' | 'fail' = 'ok'): string {
  return `${new URL(baseUrl).origin}${RECEIVER_PATH}/${kind}`;
}

/** Only the test environment's keys may register the receiver without D-24's setting. */
export function usesReceiver(baseUrl: string): boolean {
  return /\/test\//.test(`${new URL(baseUrl).pathname}/`);
}

function replaceUrls(value: unknown, receiver: string, key?: string): unknown {
  if (typeof value === 'string') return key === 'url' && EXAMPLE_HOST.test(value) ? receiver : value;
  if (Array.isArray(value)) return value.map((item) => replaceUrls(item, receiver));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, replaceUrls(item, receiver, name)]));
  return value;
}

/** The parts with every example-host `url` field of the JSON body pointed at the built-in receiver. */
export function withSandboxValues(baseUrl: string, parts: RequestParts): RequestParts {
  if (!usesReceiver(baseUrl) || parts.body?.kind !== 'json') return parts;
  return { ...parts, body: { kind: 'json', value: replaceUrls(parts.body.value, receiverUrl(baseUrl)) } };
}
