// Sends one request with undici's `request` rather than `fetch`: fetch adds headers of its own
// (`Sec-Fetch-Mode`, which D-03 treats as a browser), and the curl reproduction must send the same
// headers as the run did. Every request has a time limit; by default only loopback hosts are allowed.
import { request as undiciRequest } from 'undici';
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

export async function sendRequest(request: ApiRequest, timeoutMs: number): Promise<ApiResponse> {
  const response = await undiciRequest(request.url, {
    method: request.method as 'GET',
    headers: request.headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
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
