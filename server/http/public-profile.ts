// The public API's profile of the pipeline (one per prefix: /api/v2, /api/test/v2, /api/v1,
// /api/test/v1): API keys and V1 tokens (spec 5, D-02..D-06, D-40), rate limits by class (D-42),
// and the per-address budget of 401s (refusal-limit.ts, D-52).
import type { AppDeps } from '../deps.js';
import { authenticate, isCaller, type ApiPrefix } from './auth.js';
import { consoleRefresh } from './browser-rules.js';
import type { RequestContext } from './context.js';
import type { ApiProfile } from './pipeline.js';
import { publicUrlOf } from './public-url.js';
import { applyRateLimit } from './rate-limit.js';
import { watchCaller } from './request-log.js';
import type { RefusalLimiter } from './refusal-limit.js';

export function publicProfile(deps: AppDeps, prefix: ApiPrefix, refusals: RefusalLimiter): ApiProfile<RequestContext> {
  return {
    documentPath: (req) => req.path,
    hidesTestOnly: () => prefix.environment === 'live',
    admit: async (req, facts) => {
      const ip = req.ip ?? 'unknown';
      // A valid key passes whatever the address's budget of 401s says (D-52); only 401s count against it.
      const caller = await authenticate(
        deps,
        req,
        prefix,
        { allowsPublishable: facts.allowsPublishable, monitoring: facts.rateLimit === 'monitoring' },
        refusals.lookups(ip),
      );
      if (!isCaller(caller)) return caller.status === 401 ? refusals.refused(ip, caller) : caller;
      // From here the request belongs to an account: it goes into that account's request log (D-51),
      // unless it is one of the sandbox console's own repeated reads (D-70).
      if (!consoleRefresh(req, caller.environment, deps.config)) watchCaller(req, caller, facts.operationId);
      const limited = await applyRateLimit(deps, facts.rateLimit, caller, ip);
      return limited.refused ?? { caller, headers: limited.headers };
    },
    // Object.assign, not an object spread: V8 builds `{ ...wired, caller, … }` (a dozen and more copied
    // properties, then more) on a slow path, about 14 us of CPU per request on GET /webhooks
    // (`npm run bench:write-path`); this copy has the same own properties, in the same order, for about a
    // tenth of that. Not a prototype over `wired`: handlers hand the context on as AppDeps, and a spread
    // of it there (`{ ...deps, db: tx }`) must still carry every dependency.
    context: ({ deps: wired, req, requestId, operationId, admitted }) =>
      Object.assign({}, wired, {
        caller: admitted.caller!,
        requestId,
        ip: req.ip ?? 'unknown',
        operationId,
        prefix: req.baseUrl,
        publicUrl: publicUrlOf(deps.config, req),
      }),
  };
}
