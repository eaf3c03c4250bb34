// Phase "security": the request without credentials or a required header, with credentials that
// must not work (unknown key, wrong scheme, a secret key from a browser, a publishable key where it
// is not allowed, a key of the other environment), and every HTTP method the path does not define.
import { randomBytes } from 'node:crypto';
import { allowedMethodsFor } from '../document.js';
import { ignoredAuth, missingRequiredHeader, unsupportedMethod } from '../expectations.js';
import { type PhaseContext } from '../context.js';
import { concretePath, PUBLISHABLE_ORIGIN } from '../request.js';
import { normaliseParts } from '../session.js';
import type { OperationInfo, RequestParts } from '../types.js';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** A well-formed key (D-02 format) that was never issued. */
function unknownKey(kind: 'sk' | 'pk', environment: 'test' | 'live'): string {
  const tail = [...randomBytes(32)].map((b) => BASE62[b % 62]).join('');
  return `svc_${kind}_${environment}_${tail}`;
}

interface AuthVariant {
  label: string;
  headers: Record<string, string>;
}

function authVariants(ctx: PhaseContext, operation: OperationInfo, environment: 'test' | 'live'): AuthVariant[] {
  const { secret, publishable, otherEnvironmentSecret } = ctx.session.credentials;
  const variants: AuthVariant[] = [
    { label: 'unknown key', headers: { Authorization: `Bearer ${unknownKey('sk', environment)}` } },
    { label: 'Basic instead of Bearer', headers: { Authorization: `Basic ${Buffer.from('user:password').toString('base64')}` } },
    { label: 'empty Bearer token', headers: { Authorization: 'Bearer' } },
    { label: 'secret key from a browser (Origin)', headers: { Authorization: `Bearer ${secret}`, Origin: 'https://app.example.org' } },
    // What a browser sends with fetch(); Sec-Fetch-Mode alone is also sent by Node's fetch, which is not a browser.
    {
      label: 'secret key from a browser (Sec-Fetch-*)',
      headers: { Authorization: `Bearer ${secret}`, 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Site': 'cross-site' },
    },
  ];
  if (otherEnvironmentSecret)
    variants.push({ label: 'key of the other environment', headers: { Authorization: `Bearer ${otherEnvironmentSecret}` } });
  if (publishable && !operation.allowsPublishable) {
    variants.push({
      label: 'publishable key on a secret-only operation',
      headers: { Authorization: `Bearer ${publishable}`, Origin: PUBLISHABLE_ORIGIN },
    });
  }
  if (publishable && operation.allowsPublishable) {
    variants.push(
      { label: 'publishable key without Origin or Referer', headers: { Authorization: `Bearer ${publishable}` } },
      {
        label: 'publishable key from an origin not in its list',
        headers: { Authorization: `Bearer ${publishable}`, Origin: 'https://not-allowed.example.org' },
      },
    );
  }
  return variants;
}

export async function runSecurity(ctx: PhaseContext, operation: OperationInfo, base: RequestParts): Promise<void> {
  const { session } = ctx;
  const parts = normaliseParts(base);
  if (operation.requiresAuth) {
    const bare = session.request(operation, parts, 'none');
    session.commit(await session.probe(operation, bare, 'security', [(r) => missingRequiredHeader(operation, 'Authorization', r)]));
    const environment = /\/test\//.test(bare.url) ? 'test' : 'live';
    for (const variant of authVariants(ctx, operation, environment)) {
      const request = session.request(operation, parts, { headers: variant.headers });
      session.commit(await session.probe(operation, request, 'security', [(r) => ignoredAuth(variant.label, r)]));
    }
  }
  for (const parameter of operation.parameters.filter((p) => p.in === 'header' && p.required)) {
    const { [parameter.name]: _dropped, ...header } = parts.header;
    const request = session.request(operation, { ...parts, header }, 'secret');
    session.commit(await session.probe(operation, request, 'security', [(r) => missingRequiredHeader(operation, parameter.name, r)]));
  }
}

/** Methods the path does not define must get 405 with Allow; recorded on every operation of the path. */
export async function runUnsupportedMethods(ctx: PhaseContext, operations: OperationInfo[], base: RequestParts): Promise<void> {
  const first = operations[0];
  if (!first) return;
  const { session } = ctx;
  const parts = normaliseParts({ ...base, body: undefined });
  const allowed = allowedMethodsFor(ctx.doc, concretePath(first, parts));
  for (const method of METHODS.filter((m) => !allowed.includes(m))) {
    const request = session.request(first, { path: parts.path, query: {}, header: {} }, 'secret', method);
    const evaluation = await session.probe(first, request, 'security', [(r) => unsupportedMethod(method, allowed, r)], false);
    for (const operation of operations)
      for (const result of evaluation.results) session.record(operation.id, result, { ...evaluation, operation });
  }
}
