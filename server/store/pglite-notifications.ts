// NOTIFY on the embedded engine, for the statements PGlite's own parser never reads.
//
// A named statement's exchange is read from its bytes (pglite-answer.ts), so PGlite never sees a
// notification that arrives with it (a job queued, an API key changed: change-feed.ts) and cannot
// hand it to its listeners. Here the instance's listen, unlisten, onNotification and offNotification
// keep a copy of who listens, and `deliver` calls them for such a notification the way PGlite calls
// its own (each in a microtask, channel listeners with the payload, global ones with both). A
// notification PGlite does read (its own query, exec or transaction) it delivers itself, once.
import { protocol, type PGlite, type Transaction } from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type ChannelListener = (payload: string) => void;
type GlobalListener = (channel: string, payload: string) => void;

/** PGlite's name for a channel (its toPostgresName): a quoted name as written, any other in lower case. */
function channelName(channel: string): string {
  return channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();
}

/** Keeps track of the instance's listeners; the function returned delivers the notifications among `messages`. */
export function notificationDelivery(client: PGlite): (messages: readonly BackendMessage[]) => void {
  const byChannel = new Map<string, Set<ChannelListener>>();
  const everywhere = new Set<GlobalListener>();
  const listen = client.listen.bind(client);
  const unlisten = client.unlisten.bind(client);
  const onNotification = client.onNotification.bind(client);
  const offNotification = client.offNotification.bind(client);
  const forget = (name: string, callback?: ChannelListener): void => {
    if (callback) byChannel.get(name)?.delete(callback);
    else byChannel.delete(name);
  };

  Object.assign(client, {
    listen: async (channel: string, callback: ChannelListener, tx?: Transaction) => {
      const stop = await listen(channel, callback, tx);
      const name = channelName(channel);
      let listeners = byChannel.get(name);
      if (!listeners) byChannel.set(name, (listeners = new Set()));
      listeners.add(callback);
      return async (stopTx?: Transaction) => {
        forget(name, callback);
        await stop(stopTx);
      };
    },
    unlisten: async (channel: string, callback?: ChannelListener, tx?: Transaction) => {
      forget(channelName(channel), callback);
      await unlisten(channel, callback, tx);
    },
    onNotification: (callback: GlobalListener) => {
      everywhere.add(callback);
      const off = onNotification(callback);
      return () => {
        everywhere.delete(callback);
        off();
      };
    },
    offNotification: (callback: GlobalListener) => {
      everywhere.delete(callback);
      offNotification(callback);
    },
  });

  return (messages) => {
    for (const message of messages) {
      if (!(message instanceof protocol.messages.NotificationResponseMessage)) continue;
      const { channel, payload } = message;
      byChannel.get(channel)?.forEach((callback) => queueMicrotask(() => callback(payload)));
      everywhere.forEach((callback) => queueMicrotask(() => callback(channel, payload)));
    }
  };
}
