// Check "v1_deprecation": the legacy V1 API the document lists among its servers serves the same
// operation as V2, with V1's own credential (`X-Auth-SVC: <key>`), and every V1 answer, a refusal
// too, says it is deprecated: `Deprecation` (`true`, or RFC 9745's `@<unix seconds>`), a `Link` with
// `rel="deprecation"`, and `Sunset`, when sent, an HTTP date not before the deprecation. V2 answers
// carry no `Deprecation`. A partner's monitoring of these headers is how it learns to migrate.
import type { ApiResponse, JsonObject, OperationInfo } from '../types.js';
import { call, skip, verdict, type PartnerContext } from './context.js';

/** The path of each server in the document, without scheme and host. */
function serverPaths(doc: JsonObject): string[] {
  const servers = Array.isArray(doc.servers) ? (doc.servers as { url?: unknown }[]) : [];
  return servers.flatMap((server) =>
    typeof server.url === 'string'
      ? [
          server.url
            .replace(/^\{[^}]*\}/, '')
            .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')
            .replace(/\/+$/, ''),
        ]
      : [],
  );
}

/** The V1 base URL matching the run's V2 one, when the document lists that V1 server. */
export function v1BaseUrl(doc: JsonObject, baseUrl: string): string | undefined {
  const url = new URL(baseUrl);
  const path = url.pathname.replace(/\/+$/, '');
  if (!/\/v2$/.test(path)) return undefined;
  const v1 = path.replace(/\/v2$/, '/v1');
  return serverPaths(doc).some((server) => v1.endsWith(server) && server.endsWith('/v1')) ? `${url.origin}${v1}` : undefined;
}

/** The problems of a V1 answer's deprecation headers (empty when they say what the document says). */
export function deprecationProblems(response: ApiResponse): string[] {
  const problems: string[] = [];
  const deprecation = response.headers.deprecation;
  let deprecatedAt: number | undefined;
  if (deprecation === undefined) problems.push('no Deprecation header');
  else if (/^@-?\d+$/.test(deprecation.trim())) deprecatedAt = Number(deprecation.trim().slice(1)) * 1000;
  else if (deprecation.trim() !== 'true') problems.push(`Deprecation is "${deprecation}", neither true nor @<unix seconds>`);
  const link = response.headers.link ?? '';
  if (!/<[^>]+>\s*;[^,]*\brel\s*=\s*"?deprecation"?/i.test(link))
    problems.push(link ? `Link "${link}" has no rel="deprecation" target` : 'no Link header with rel="deprecation"');
  const sunset = response.headers.sunset;
  if (sunset !== undefined) {
    const at = Date.parse(sunset);
    if (Number.isNaN(at) || !/GMT$/.test(sunset.trim())) problems.push(`Sunset "${sunset}" is not an HTTP date`);
    else if (deprecatedAt !== undefined && at < deprecatedAt) problems.push(`Sunset ${sunset} is before the deprecation date`);
  }
  return problems;
}

/** A read the run's key may make with no parameters: the same on both versions. */
function plainRead(ctx: PartnerContext): OperationInfo | undefined {
  const reads = [...ctx.operations.values()].filter(
    (op) =>
      op.method === 'get' &&
      op.requiresAuth &&
      !op.testOnly &&
      op.pollIntervalSeconds === undefined &&
      !op.parameters.some((parameter) => parameter.required),
  );
  // Not the monitoring class: its 60 a minute is the scarcest budget of a run.
  return reads.find((op) => op.rateLimitClass !== 'monitoring') ?? reads[0];
}

export async function checkV1Deprecation(ctx: PartnerContext): Promise<void> {
  const v1 = v1BaseUrl(ctx.doc, ctx.session.baseUrl);
  if (!v1) return skip(ctx, 'v1_deprecation', `the document lists no V1 server beside ${ctx.session.baseUrl}`);
  const read = plainRead(ctx);
  if (!read) return skip(ctx, 'v1_deprecation', 'the document has no read without parameters to send on V1');
  const current = await call(ctx, read, {}, [
    (response) =>
      response.headers.deprecation === undefined
        ? undefined
        : verdict('v1_deprecation', [`the current version (V2) answers Deprecation: ${response.headers.deprecation}`]),
  ]);
  const legacy = { headers: { 'X-Auth-SVC': ctx.session.credentials.secret } };
  await call(ctx, read, { baseUrl: v1, auth: legacy }, [
    (response) =>
      verdict('v1_deprecation', [
        ...(response.status === current.response.status
          ? []
          : [`V1 with X-Auth-SVC answered ${response.status}, V2 with the same key ${current.response.status}`]),
        ...deprecationProblems(response).map((problem) => `V1 answer: ${problem}`),
      ]),
  ]);
  // A refusal is a V1 answer too: a client that only logs errors must still see the headers.
  await call(ctx, read, { baseUrl: v1, auth: 'none' }, [
    (response) =>
      verdict(
        'v1_deprecation',
        deprecationProblems(response).map((problem) => `V1 ${response.status} without a key: ${problem}`),
      ),
  ]);
}
