// Turns request parts into the exact HTTP request sent, and that request into a curl command that
// sends the same bytes (so a failure can be reproduced by pasting one line).
import { serialiseParameter } from './validator.js';
import type { ApiRequest, AuthMode, OperationInfo, RequestParts } from './types.js';

export interface Credentials {
  secret: string;
  /** Used from PUBLISHABLE_ORIGIN on operations that accept publishable keys. */
  publishable?: string;
  /** A valid secret key of the other environment (must be refused with 403 on this prefix). */
  otherEnvironmentSecret?: string;
}

/** Allowed by D-03 for publishable keys without listing domains. */
export const PUBLISHABLE_ORIGIN = 'http://localhost';

export function concretePath(operation: OperationInfo, parts: RequestParts): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = parts.path[name];
    return value === undefined ? `{${name}}` : encodeURIComponent(serialiseParameter(value));
  });
}

function authHeaders(auth: AuthMode, credentials: Credentials): Record<string, string> {
  if (auth === 'none') return {};
  if (auth === 'secret') return { Authorization: `Bearer ${credentials.secret}` };
  if (auth === 'publishable') {
    if (!credentials.publishable) throw new Error('no publishable key for this run');
    return { Authorization: `Bearer ${credentials.publishable}`, Origin: PUBLISHABLE_ORIGIN };
  }
  return auth.headers;
}

export function buildRequest(
  baseUrl: string,
  operation: OperationInfo,
  parts: RequestParts,
  auth: AuthMode,
  credentials: Credentials,
  method = operation.method,
): ApiRequest {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(parts.query)) if (value !== undefined) query.append(name, serialiseParameter(value));
  const search = query.toString();
  const headers: Record<string, string> = { ...authHeaders(auth, credentials) };
  for (const [name, value] of Object.entries(parts.header)) if (value !== undefined) headers[name] = serialiseParameter(value);
  let body: string | undefined;
  if (parts.body?.kind === 'json') {
    body = JSON.stringify(parts.body.value);
    headers['Content-Type'] = 'application/json';
  } else if (parts.body?.kind === 'raw') {
    body = parts.body.text;
    if (parts.body.contentType) headers['Content-Type'] = parts.body.contentType;
  }
  return {
    operationId: operation.id,
    method: method.toUpperCase(),
    url: `${baseUrl}${concretePath(operation, parts)}${search ? `?${search}` : ''}`,
    headers,
    ...(body !== undefined ? { body } : {}),
  };
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * A curl command sending this request. `--globoff` keeps brackets in URLs literal and `--path-as-is`
 * stops curl from normalising `.`/`..` segments, so curl sends what the runner sent.
 */
export function toCurl(request: ApiRequest): string {
  const parts = ['curl', '-sS', '-i', '--globoff', '--path-as-is', '-X', request.method, shellQuote(request.url)];
  // curl drops a header given as `Name:` and sends an empty one for `Name;`.
  for (const [name, value] of Object.entries(request.headers))
    parts.push('-H', shellQuote(value === '' ? `${name};` : `${name}: ${value}`));
  if (request.body !== undefined) {
    // Without this curl would add its own form Content-Type to a body sent without one.
    if (!Object.keys(request.headers).some((name) => name.toLowerCase() === 'content-type')) parts.push('-H', shellQuote('Content-Type:'));
    parts.push('--data-binary', shellQuote(request.body));
  }
  return parts.join(' ');
}
