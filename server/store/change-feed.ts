// PostgreSQL's LISTEN/NOTIFY for the processes that share one database: a write announced by a
// trigger (migrations/0007_auth_change_notify.sql) reaches every process's listener within
// milliseconds. A listener that may have missed a message (not yet connected, connection lost) is
// told so, so that whatever it caches is not trusted meanwhile.
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

export interface ChangeHandlers {
  /** A NOTIFY arrived on the channel, with its payload ('' when it had none). */
  changed: (payload: string) => void;
  /** Messages are (again) delivered: from now on every change is announced. */
  live: () => void;
  /** Messages may be missed until `live` is called again. */
  lost: () => void;
}

export interface ChangeFeed {
  listen: (channel: string, handlers: ChangeHandlers) => Promise<void>;
  close: () => Promise<void>;
}

const RECONNECT_MS = 500;

/** One dedicated connection (a pooled one would be handed to queries and drop its LISTEN). */
export function postgresChangeFeed(connectionString: string): ChangeFeed {
  const subscriptions = new Map<string, ChangeHandlers>();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (): void => subscriptions.forEach((handlers) => handlers.lost());
  const connect = async (): Promise<void> => {
    if (closed || client) return;
    const { default: driver } = await import('pg');
    if (closed || client) return;
    const next = new driver.Client({ connectionString });
    client = next;
    const fail = (): void => {
      if (client !== next) return;
      client = undefined;
      lost();
      next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    next.on('error', fail);
    next.on('end', fail);
    next.on('notification', (message) => subscriptions.get(message.channel)?.changed(message.payload ?? ''));
    try {
      await next.connect();
      for (const channel of subscriptions.keys()) await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
      // Changes made before LISTEN took effect were not announced: `live` lets the cache start clean.
      subscriptions.forEach((handlers) => handlers.live());
    } catch {
      fail();
    }
  };

  return {
    listen: async (channel, handlers) => {
      subscriptions.set(channel, handlers);
      handlers.lost();
      if (client) {
        // Already connected: LISTEN on the open connection; a failure is handled by `fail`.
        await client.query(`LISTEN ${client.escapeIdentifier(channel)}`).then(handlers.live, () => undefined);
      } else await connect();
    },
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}

/** PGlite is one connection in this process: its notifications cannot be lost. */
export function pgliteChangeFeed(database: PGlite): ChangeFeed {
  const stops: Array<() => Promise<void>> = [];
  return {
    listen: async (channel, handlers) => {
      handlers.lost();
      stops.push(await database.listen(channel, (payload) => handlers.changed(payload ?? '')));
      handlers.live();
    },
    close: async () => {
      await Promise.all(stops.splice(0).map((stop) => stop().catch(() => undefined)));
    },
  };
}

/** What a cache fed by one channel may trust: see `watchChannel`. */
export interface ChannelWatch {
  /** Whether every change is being announced: serve from memory only then. */
  live: () => boolean;
  /** Bumped on every change, every loss and by `clear`: a read that started at another may not be kept. */
  generation: () => number;
  /** What a change does, also called by a process that made one and answers before its notification arrives. */
  clear: () => void;
}

/**
 * Watches a channel for a cache: `forget` runs on every change announced, when the feed is lost and
 * when it is live again (changes made meanwhile were not announced). Without a feed it is never live.
 */
export function watchChannel(feed: ChangeFeed | undefined, channel: string, forget: () => void): ChannelWatch {
  let generation = 0;
  let live = false;
  const clear = (): void => {
    generation += 1;
    forget();
  };
  if (feed) {
    void feed.listen(channel, {
      changed: clear,
      live: () => {
        clear();
        live = true;
      },
      lost: () => {
        live = false;
        clear();
      },
    });
  }
  return { live: () => live, generation: () => generation, clear };
}
