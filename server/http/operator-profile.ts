// The operator API's profile of the pipeline (/admin, spec/admin.openapi.json): one bearer token
// compared in constant time, no rate limit but the per-address budget of 401s (D-52), errors in the
// ErrorResponse shape (sandbox.md).
import type { Request } from 'express';
import type { AppDeps } from '../deps.js';
import { safeEqual } from '../ids.js';
import type { JobRegistry } from '../jobs/runner.js';
import type { OperatorContext } from './context.js';
import { refusal } from './error-mappers.js';
import type { ApiProfile } from './pipeline.js';
import { publicUrlOf } from './public-url.js';
import type { RefusalLimiter } from './refusal-limit.js';

export function operatorProfile(deps: AppDeps, jobs: JobRegistry, refusals: RefusalLimiter): ApiProfile<OperatorContext> {
  return {
    documentPath: (req) => `/admin${req.path === '/' ? '' : req.path}`,
    hidesTestOnly: () => false,
    admit: async (req) => {
      // The token is checked first, so the operator is never refused by the budget of 401s (D-52);
      // guesses of it share that budget with the public API.
      const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (token && safeEqual(token, deps.config.adminToken)) return {};
      const refused = refusal('shared', 'unauthorized', 'Missing or invalid admin token (Authorization: Bearer $SVC_ADMIN_TOKEN).', {
        'WWW-Authenticate': 'Bearer',
      });
      return refusals.refused(req.ip ?? 'unknown', refused);
    },
    // Object.assign, not a spread: see the public profile's context.
    context: ({ deps: wired, req, requestId, operationId }) =>
      Object.assign({}, wired, {
        requestId,
        operationId,
        jobs,
        ownOrigin: ownOrigin(req),
        publicUrl: publicUrlOf(deps.config, req),
      }),
    // An operator change to a key or an account (revoke, roll, lock, plan) holds for this process's
    // next request: the cache is emptied before the answer leaves. Other processes hear of it through
    // the database's NOTIFY (store/auth-cache.ts).
    settled: (req) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') deps.authCache.clear();
    },
  };
}

/** The local address of the connection: this process itself, whatever Host the client sent. */
function ownOrigin(req: Request): string {
  const address = req.socket.localAddress ?? '127.0.0.1';
  const host = address.includes(':') ? (address.startsWith('::ffff:') ? address.slice(7) : `[${address}]`) : address;
  return `http://${host}:${req.socket.localPort ?? 80}`;
}
