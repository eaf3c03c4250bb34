// Ids, keys and secrets the recorded servers generated are not the ones the replay server generates.
// Each recorded JSON answer is laid over the replayed answer to the same request: where both hold an
// id-like value at the same place and they differ, the recorded one maps to the replayed one, and
// later requests of the same stream are rewritten with the map (path, query, headers, body). So a
// recorded "create, then read /webhooks/we_A" reads the endpoint the replay created.
// One map per stream: every recorded server numbered its own rows, so numeric ids repeat across them.

/** Opaque generated values: `acct_…`, `svc_sk_test_…`, `whsec_…`, `we_…`, and UUIDs. */
const TOKEN = /^(?:[A-Za-z][A-Za-z0-9]*_)+[A-Za-z0-9]{10,}$|^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Where tokens are looked for when rewriting: runs of token characters. */
const TOKEN_RUN = /[A-Za-z0-9_-]{10,}/g;
/** Numbers count as ids only under an id-like key (`id`, `requestId`, …). */
const ID_KEY = /(^id$|Id$)/;

export class IdMap {
  private readonly tokens = new Map<string, string>();
  private readonly numbers = new Map<string, string>();

  get size(): number {
    return this.tokens.size + this.numbers.size;
  }

  /** A value known to stand for another (the recorded operator token for the replay's own). */
  alias(from: string, to: string): void {
    this.tokens.set(from, to);
  }

  learn(recorded: unknown, replayed: unknown, key = ''): void {
    if (typeof recorded === 'string' && typeof replayed === 'string') {
      if (recorded !== replayed && TOKEN.test(recorded) && TOKEN.test(replayed)) this.tokens.set(recorded, replayed);
      else if (recorded !== replayed && ID_KEY.test(key) && /^\d+$/.test(recorded) && /^\d+$/.test(replayed))
        this.numbers.set(recorded, replayed);
      return;
    }
    if (typeof recorded === 'number' && typeof replayed === 'number') {
      if (recorded !== replayed && ID_KEY.test(key)) this.numbers.set(String(recorded), String(replayed));
      return;
    }
    if (Array.isArray(recorded) && Array.isArray(replayed)) {
      recorded.forEach((item, index) => this.learn(item, counterpart(item, index, replayed), key));
      return;
    }
    if (isObject(recorded) && isObject(replayed)) {
      for (const [name, value] of Object.entries(recorded)) if (name in replayed) this.learn(value, replayed[name], name);
    }
  }

  /** Replaces known tokens anywhere in a header value or body text. */
  rewriteText(text: string): string {
    if (this.tokens.size === 0) return text;
    return text.replace(TOKEN_RUN, (run) => this.tokens.get(run) ?? run);
  }

  /** Tokens anywhere, and numeric ids as whole path segments (`/lodgements/7`). */
  rewritePath(pathAndQuery: string): string {
    const at = pathAndQuery.indexOf('?');
    const path = at === -1 ? pathAndQuery : pathAndQuery.slice(0, at);
    const query = at === -1 ? '' : pathAndQuery.slice(at);
    const segments = path.split('/').map((segment) => this.numbers.get(segment) ?? segment);
    return this.rewriteText(segments.join('/') + query);
  }
}

/** What two answers agree on besides generated values: the fields that say which item is which. */
function likeness(a: Record<string, unknown>, b: Record<string, unknown>): number {
  let same = 0;
  for (const [name, value] of Object.entries(a)) {
    const generated = ID_KEY.test(name) || (typeof value === 'string' && TOKEN.test(value));
    if (!generated && (typeof value !== 'object' || value === null) && b[name] === value) same++;
  }
  return same;
}

/**
 * The replayed item that stands for a recorded one. Lists ordered by a generated id come back in
 * another order (an account's keys), so objects pair with the most alike item, the same position
 * winning ties.
 */
function counterpart(item: unknown, index: number, replayed: unknown[]): unknown {
  if (!isObject(item)) return replayed[index];
  let best = replayed[index];
  let bestScore = isObject(best) ? likeness(item, best) : -1;
  for (const candidate of replayed) {
    if (!isObject(candidate)) continue;
    const score = likeness(item, candidate);
    if (score > bestScore) [best, bestScore] = [candidate, score];
  }
  return best;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
