// The public API's profile of the pipeline (one per prefix: /api/v2, /api/test/v2, /api/v1,
// /api/test/v1): API keys and V1 tokens (spec 5, D-02..D-06, D-40), rate limits by class (D-42),
// and the per-IP budget of 401s (refusal-limit.ts).
import type { AppDeps } from '../deps.js';
import { authenticate, isCaller, type ApiPrefix } from './auth.js';
import type { RequestContext } from './context.js';
import type { ApiProfile } from './pipeline.js';
import { applyRateLimit } from './rate-limit.js';
import type { RefusalLimiter } from './refusal-limit.js';

export function publicProfile(deps: AppDeps, prefix: ApiPrefix, refusals: RefusalLimiter): ApiProfile<RequestContext> {
  return {
    documentPath: (req) => req.path,
    hidesTestOnly: () => prefix.environment === 'live',
    admit: async (req, facts) => {
      const ip = req.ip ?? 'unknown';
      // An IP past its budget of 401s is refused before its key is looked up.
      const blocked = refusals.blocked(ip);
      if (blocked) return blocked;
      const caller = await authenticate(deps, req, prefix, {
        allowsPublishable: facts.allowsPublishable,
        monitoring: facts.rateLimit === 'monitoring',
      });
      if (!isCaller(caller)) return caller.status === 401 ? ((await refusals.record(ip)) ?? caller) : caller;
      const limited = await applyRateLimit(deps, facts.rateLimit, caller, ip);
      return limited.refused ?? { caller, headers: limited.headers };
    },
    context: ({ deps: wired, req, requestId, operationId, admitted }) => ({
      ...wired,
      caller: admitted.caller!,
      requestId,
      ip: req.ip ?? 'unknown',
      operationId,
      prefix: req.baseUrl,
    }),
  };
}
