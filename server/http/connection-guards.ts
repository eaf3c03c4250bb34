// Bounds on what one client can hold open: connections per client address, and requests
// whose body is still arriving after the service has answered them. The body bound itself, with its
// 408 in the operation's error family, is the body reader's (body.ts, request-check.ts); this is the
// socket-level part that no operation sees.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionGuards {
  /** SVC_BODY_TIMEOUT_MS. */
  bodyTimeoutMs: number;
  /** SVC_MAX_CONNECTIONS_PER_CLIENT. */
  maxConnectionsPerClient: number;
  /** Express's compiled `trust proxy` (D-53): a trusted proxy's connections carry many clients and are not counted. */
  isTrustedProxy: (address: string, hop: number) => boolean;
}

/**
 * Closes a new connection at once when its address already holds `maxConnectionsPerClient`, so one
 * client cannot take every socket the process has (loopback too: nothing is exempt but trusted proxies).
 */
function limitConnectionsPerClient(server: Server, guards: ConnectionGuards): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || guards.isTrustedProxy(address, 0)) return;
    const count = open.get(address) ?? 0;
    if (count >= guards.maxConnectionsPerClient) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/**
 * A body nobody reads still holds its connection: after an answer that came before the body (a 401,
 * a 404), Node reads the rest of it to keep the connection alive. When a request's body is not
 * complete within the bound and its answer is already sent, the connection is closed. While no answer
 * is sent, the body reader's own bound (started when it starts reading) answers 408 first.
 */
function closeUnfinishedBodies(server: Server, guards: ConnectionGuards): void {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const check = (): void => {
      if (req.complete || req.socket.destroyed) return;
      if (res.headersSent) req.socket.destroy();
      else timer = setTimeout(check, guards.bodyTimeoutMs);
    };
    let timer = setTimeout(check, guards.bodyTimeoutMs);
    const done = (): void => clearTimeout(timer);
    // `close` comes once the request is over: its body read (or dumped) to the end, or the socket gone.
    req.once('close', done);
  });
}

export function guardConnections(server: Server, guards: ConnectionGuards): void {
  limitConnectionsPerClient(server, guards);
  closeUnfinishedBodies(server, guards);
}
