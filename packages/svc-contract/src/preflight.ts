// Before anything else, one request that tells the three set-up mistakes apart, so a run that could
// never prove anything ends in seconds with one line instead of "conforming 31 / 31" over a wall of
// 401s: the host does not answer (refused, no connection within a few seconds, unknown name), the
// base URL is not this API (404, or an answer that is not JSON), or the key is refused (401/403).
import { Agent, request as undiciRequest } from 'undici';
import { describeAnswer, lastAnswerOf } from './answers.js';
import { buildRequest } from './request.js';
import type { OperationInfo } from './types.js';

/** A set-up mistake found before the run: printed as its one line, exit status 2. */
export class PreflightError extends Error {
  constructor(
    readonly kind: 'unreachable' | 'wrong base URL' | 'wrong key' | 'wrong operator token',
    detail: string,
  ) {
    super(`${kind}: ${detail}`);
  }
}

const CONNECT_TIMEOUT_MS = 4_000;
const ANSWER_TIMEOUT_MS = 8_000;

/** The cheapest probe: a GET without path parameters that needs a key (a helper when there is one). */
export function preflightOperation(operations: OperationInfo[]): OperationInfo | undefined {
  const candidates = operations.filter((op) => op.method === 'get' && !op.path.includes('{') && op.requiresAuth);
  return candidates.find((op) => op.rateLimitClass === 'helpers') ?? candidates[0];
}

function transportProblem(error: unknown, url: URL): PreflightError {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const anyCode = code || String(cause?.code ?? '');
  const host = url.host;
  if (anyCode === 'ENOTFOUND' || anyCode === 'EAI_AGAIN')
    return new PreflightError('unreachable', `host not found: ${url.hostname} (${anyCode})`);
  if (anyCode === 'UND_ERR_CONNECT_TIMEOUT')
    return new PreflightError('unreachable', `no connection to ${host} within ${CONNECT_TIMEOUT_MS / 1000} s`);
  if (anyCode === 'UND_ERR_HEADERS_TIMEOUT' || anyCode === 'UND_ERR_BODY_TIMEOUT')
    return new PreflightError('unreachable', `${host} accepted the connection but sent no answer within ${ANSWER_TIMEOUT_MS / 1000} s`);
  const message = error instanceof Error ? error.message : String(error);
  return new PreflightError('unreachable', `cannot connect to ${host} (${anyCode || message})`);
}

/**
 * Sends the probe with the run's key (or none, when an operator token makes the run's accounts) and
 * throws a PreflightError naming the mistake; returns quietly when the API answers as itself.
 */
export async function preflight(baseUrl: string, operation: OperationInfo, key: string | undefined): Promise<void> {
  const request = buildRequest(baseUrl, operation, { path: {}, query: {}, header: {} }, key ? 'secret' : 'none', { secret: key ?? '' });
  const url = new URL(request.url);
  const agent = new Agent({ connect: { timeout: CONNECT_TIMEOUT_MS } });
  let status: number;
  let headers: Record<string, string> = {};
  let bodyText: string;
  try {
    const response = await undiciRequest(request.url, {
      method: 'GET',
      headers: request.headers,
      dispatcher: agent,
      headersTimeout: ANSWER_TIMEOUT_MS,
      bodyTimeout: ANSWER_TIMEOUT_MS,
    });
    status = response.statusCode;
    bodyText = await response.body.text();
    headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [
        name.toLowerCase(),
        Array.isArray(value) ? value.join(', ') : String(value),
      ]),
    );
  } catch (error) {
    throw transportProblem(error, url);
  } finally {
    await agent.close();
  }
  const mediaType = headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? '';
  const answer = describeAnswer(lastAnswerOf({ status, headers, bodyText }));
  const probe = `GET ${url.origin}${url.pathname}`;
  const isJson = mediaType === 'application/json' || mediaType.endsWith('+json');
  if (status === 404 || status === 405 || !isJson)
    throw new PreflightError(
      'wrong base URL',
      `${probe} answered ${answer}${isJson ? '' : ` (${mediaType || 'no Content-Type'})`}: ${baseUrl} does not serve this API`,
    );
  if (key && (status === 401 || status === 403))
    throw new PreflightError('wrong key', `${probe} answered ${answer} with the key given (--key ${key.slice(0, 12)}…)`);
}
