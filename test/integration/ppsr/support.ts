// Shared steps of the PPSR suites: searches through the generated SDK, the clock, the operator's
// switches and registrations, the ledger, and reading a certificate PDF's text back.
import { createRequire } from 'node:module';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  createPpsrSearch,
  getPpsrCertificate,
  getPpsrSearch,
  type CreatePpsrSearchData,
  type PpsrSearch,
} from '../../../generated/client/index.js';
import { sdkClient, type TestServer } from '../../support/harness.js';

import { advance } from '../../support/requests.js';

export { advance };

export const PREFIX = { test: '/api/test/v2', live: '/api/v2' } as const;

export type SearchBody = CreatePpsrSearchData['body'];

export async function startSearch(
  server: TestServer,
  key: string,
  body: SearchBody,
  options: { prefix?: string; idempotencyKey?: string } = {},
) {
  const client = sdkClient(server, key, options.prefix ?? PREFIX.test);
  return createPpsrSearch({ client, body, ...(options.idempotencyKey ? { headers: { 'Idempotency-Key': options.idempotencyKey } } : {}) });
}

export async function readSearch(server: TestServer, key: string, requestId: number, prefix: string = PREFIX.test): Promise<PpsrSearch> {
  const { data, response } = await getPpsrSearch({ client: sdkClient(server, key, prefix), path: { requestId } });
  if (response.status !== 200 || !data) throw new Error(`search ${requestId} not read: ${response.status}`);
  return data;
}

/** Starts a search and moves the clock until it is done (the worker takes it at once). */
export async function completedSearch(
  server: TestServer,
  key: string,
  body: SearchBody,
  prefix: string = PREFIX.test,
): Promise<PpsrSearch> {
  const { data, response } = await startSearch(server, key, body, { prefix });
  if (response.status !== 201 || !data) throw new Error(`search not created: ${response.status}`);
  await advance(server, 1);
  return readSearch(server, key, data.requestId, prefix);
}

export async function downloadCertificate(
  server: TestServer,
  key: string,
  requestId: number,
  certificateNumber: string,
  prefix: string = PREFIX.test,
) {
  return getPpsrCertificate({ client: sdkClient(server, key, prefix), path: { requestId, certificateNumber } });
}

export async function charges(
  server: TestServer,
  accountId: string,
): Promise<{ amount: number; kind: string; reference: string; environment: string }[]> {
  const listed = await server.admin<{ data: { amount: number; kind: string; reference: string; environment: string }[] }>(
    'GET',
    `/admin/accounts/${accountId}/charges`,
  );
  if (listed.status !== 200) throw new Error(`charges not read: ${listed.status}`);
  return listed.body.data;
}

export async function setAvailability(server: TestServer, changes: { ppsr?: string; cardProvider?: string }): Promise<void> {
  const switched = await server.admin('PATCH', '/admin/register/availability', changes);
  if (switched.status !== 200) throw new Error(`availability not switched: ${switched.status} ${JSON.stringify(switched.body)}`);
}

const require = createRequire(import.meta.url);
const STANDARD_FONTS = `${require.resolve('pdfjs-dist/package.json').replace(/package\.json$/, '')}standard_fonts/`;

/** The text of every page of a PDF, one string per text run, as a PDF reader extracts it. */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: bytes, standardFontDataUrl: STANDARD_FONTS, isEvalSupported: false }).promise;
  const out: string[] = [];
  for (let page = 1; page <= pdf.numPages; page++) {
    const content = await (await pdf.getPage(page)).getTextContent();
    for (const item of content.items) if ('str' in item && item.str.trim() !== '') out.push(item.str);
  }
  await pdf.destroy();
  return out;
}

/** A public call as raw HTTP, so a deliberately bad body reaches the server past the SDK's validator. */
export async function rawCall(
  server: TestServer,
  key: string,
  method: string,
  path: string,
  body?: unknown,
  prefix: string = PREFIX.test,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${server.url}${prefix}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: response.status, headers: response.headers, body: parsed as Record<string, unknown> };
}
