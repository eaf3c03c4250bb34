// The key and the service a command talks to: `--api-key` / SVC_API_KEY and `--base-url` /
// SVC_BASE_URL, defaulting to the sandbox's documented URL. A base URL without an API path (the
// service's origin, as `npm start` prints it) means its test environment (D-82).
import { UsageError } from './io.js';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:4000/api/test/v2';
const TEST_PREFIX = '/api/test/v2';

export interface Connection {
  baseUrl: string;
  apiKey: string;
}

export function baseUrlOf(flag: string | undefined, env: Readonly<Record<string, string | undefined>>): string {
  const given = flag ?? env.SVC_BASE_URL ?? DEFAULT_BASE_URL;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new UsageError(`--base-url ${JSON.stringify(given)} is not a URL (for example ${DEFAULT_BASE_URL})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--base-url must be http or https, not ${url.protocol}`);
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path === '' ? TEST_PREFIX : path}`;
}

export function connectionOf(
  values: { 'api-key'?: string | undefined; 'base-url'?: string | undefined },
  env: Readonly<Record<string, string | undefined>>,
): Connection {
  const apiKey = values['api-key'] ?? env.SVC_API_KEY;
  if (apiKey === undefined || apiKey === '')
    throw new UsageError('no API key: pass --api-key or set SVC_API_KEY (a secret test key, svc_sk_test_...)');
  return { baseUrl: baseUrlOf(values['base-url'], env), apiKey };
}
