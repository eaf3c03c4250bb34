// Sends one request with undici's `request` rather than `fetch`: fetch adds headers of its own
// (`Sec-Fetch-Mode`, which D-03 treats as a browser), and the curl reproduction must send the same
// headers as the run did. Every request has a time limit; by default only loopback hosts are allowed.
import { Agent, request as undiciRequest, type Dispatcher } from 'undici';
import type { ApiRequest, ApiResponse } from './types.js';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export function assertAllowedBase(baseUrl: string, allowRemote: boolean): URL {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--base-url must be http(s), got ${url.protocol}`);
  if (!allowRemote && !LOOPBACK_HOSTS.has(url.hostname)) {
    throw new Error(`refusing to send generated requests to ${url.hostname}: only loopback hosts unless --allow-remote is given`);
  }
  return url;
}

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The socket closed before any answer: undici's `other side closed`, or a reset. */
function closedBeforeAnswer(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET';
}

/**
 * A kept-alive connection the server closed just as the request went out (its idle timer and the
 * client's race, most on a loaded machine) fails with no answer although the server did nothing
 * wrong: such a request is sent once more, on a connection of its own. A server that drops the
 * request itself drops it again, and the check fails as before.
 */
export async function sendRequest(request: ApiRequest, timeoutMs: number): Promise<ApiResponse> {
  try {
    return await sendOnce(request, timeoutMs);
  } catch (error) {
    if (!closedBeforeAnswer(error)) throw error;
    const fresh = new Agent();
    try {
      return await sendOnce(request, timeoutMs, fresh);
    } finally {
      await fresh.close();
    }
  }
}

async function sendOnce(request: ApiRequest, timeoutMs: number, dispatcher?: Dispatcher): Promise<ApiResponse> {
  const response = await undiciRequest(request.url, {
    method: request.method as 'GET',
    headers: request.headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
    ...(dispatcher ? { dispatcher } : {}),
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const bodyText = await response.body.text();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    const text = firstValue(value);
    if (text !== undefined) headers[name.toLowerCase()] = text;
  }
  const mediaType = headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return { status: response.statusCode, headers, bodyText, ...(mediaType ? { mediaType } : {}) };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
