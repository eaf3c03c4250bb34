// API keys and their accounts, kept in memory so that an authenticated request costs no query for
// its key. Correctness over hit rate:
// - entries are only served while the change feed is live; any write to `api_keys` or `accounts`
//   from any process empties the cache (trigger + NOTIFY), and the operator API empties it itself
//   after each change, before answering;
// - a lookup that started before an emptying cannot store what it read (generation check), so a
//   revoked key can never be put back by a read that raced the revoke.
import { watchChannel, type ChangeFeed } from './change-feed.js';

export const AUTH_CHANGED_CHANNEL = 'svc_auth_changed';
const MAX_ENTRIES = 10_000;

export interface AuthCache<Entry> {
  get: (keyHash: string) => Entry | undefined;
  /** What `store` needs to prove that no change happened during the read. */
  generation: () => number;
  store: (keyHash: string, entry: Entry, readAt: number) => void;
  clear: () => void;
}

export function createAuthCache<Entry>(feed: ChangeFeed | undefined): AuthCache<Entry> {
  const entries = new Map<string, Entry>();
  const watch = watchChannel(feed, AUTH_CHANGED_CHANNEL, () => entries.clear());
  return {
    get: (keyHash) => (watch.live() ? entries.get(keyHash) : undefined),
    generation: watch.generation,
    store: (keyHash, entry, readAt) => {
      if (!watch.live() || readAt !== watch.generation()) return;
      // Oldest out first: a Map iterates in insertion order.
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(keyHash, entry);
    },
    clear: watch.clear,
  };
}
