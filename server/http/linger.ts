// Lingering close for a refusal sent before its request's body arrived (pipeline.ts). The answer
// says `Connection: close`, but the socket is not destroyed the moment the answer is out: most HTTP
// clients write the whole body before they read, and a socket destroyed under a client still
// writing resets the connection, which throws away the answer already sent (the client sees
// ECONNRESET or EPIPE instead of its 401, 404 or 429). So the rest of the body is read and dropped,
// and the socket closes once it has all come, when none has come for a second (a body that never
// comes holds nothing longer than that), or after ten seconds in all.
import type { Socket } from 'node:net';
import type { Request } from 'express';

/** No byte of the body for this long: the client is not sending it. */
export const LINGER_IDLE_MS = 1_000;
/** The longest a refused body is read, however fast it keeps coming. */
export const LINGER_MOST_MS = 10_000;

type ClosingSocket = Socket & { destroySoon?: () => void };

/** Call before sending a `Connection: close` refusal whose body is still on its way. */
export function lingerUntilBodyEnds(req: Request): void {
  const socket = req.socket as ClosingSocket;
  const destroySoon = socket.destroySoon;
  // Node's HTTP server closes a `Connection: close` socket with destroySoon once the answer is out.
  if (typeof destroySoon !== 'function') return;
  socket.destroySoon = () => {
    socket.destroySoon = destroySoon;
    if (req.complete || socket.destroyed) return destroySoon.call(socket);
    let closed = false;
    const close = (): void => {
      if (closed) return;
      closed = true;
      clearTimeout(idle);
      clearTimeout(most);
      req.off('data', onData);
      req.off('end', close);
      req.off('error', close);
      destroySoon.call(socket);
    };
    const onData = (): void => void idle.refresh();
    const idle = setTimeout(close, LINGER_IDLE_MS);
    const most = setTimeout(close, LINGER_MOST_MS);
    req.on('data', onData);
    req.once('end', close);
    req.once('error', close);
    socket.once('close', close);
  };
}
