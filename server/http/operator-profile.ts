// The operator API's profile of the pipeline (/admin, spec/admin.openapi.json): one bearer token
// compared in constant time, no rate limit but the per-IP budget of 401s, errors in the ApiError
// shape (sandbox.md).
import type { AppDeps } from '../deps.js';
import { safeEqual } from '../ids.js';
import type { JobRegistry } from '../jobs/runner.js';
import type { OperatorContext } from './context.js';
import { refusal } from './error-mappers.js';
import type { ApiProfile } from './pipeline.js';
import type { RefusalLimiter } from './refusal-limit.js';

export function operatorProfile(deps: AppDeps, jobs: JobRegistry, refusals: RefusalLimiter): ApiProfile<OperatorContext> {
  return {
    documentPath: (req) => `/admin${req.path === '/' ? '' : req.path}`,
    hidesTestOnly: () => false,
    admit: async (req) => {
      // Guesses of the admin token share the per-IP budget of 401s with the public API.
      const ip = req.ip ?? 'unknown';
      const blocked = refusals.blocked(ip);
      if (blocked) return blocked;
      const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (token && safeEqual(token, deps.config.adminToken)) return {};
      const refused = refusal('shared', 'unauthorized', 'Missing or invalid admin token (Authorization: Bearer $SVC_ADMIN_TOKEN).', {
        'WWW-Authenticate': 'Bearer',
      });
      return (await refusals.record(ip)) ?? refused;
    },
    context: ({ deps: wired, requestId, operationId }) => ({ ...wired, requestId, operationId, jobs }),
    // An operator change to a key or an account (revoke, roll, lock, plan) holds for this process's
    // next request: the cache is emptied before the answer leaves. Other processes hear of it through
    // the database's NOTIFY (store/auth-cache.ts).
    settled: (req) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') deps.authCache.clear();
    },
  };
}
