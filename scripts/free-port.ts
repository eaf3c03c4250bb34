// Ports for servers started in a child process (Prism behind the mock's front, Prism's proxy, the
// servers tests start). They are drawn below Linux's ephemeral range (32768 and up): a port the
// system handed out for listen(0) and let go can be handed at once to any outgoing connection of
// this machine while the child is still starting (Prism takes seconds), and then the child dies
// with EADDRINUSE, as a packed mock did in a CI run with other tests' connections beside it.
import { createServer } from 'node:net';

const LOWEST = 20_000;
const ABOVE_HIGHEST = 32_000;

/** Whether nothing listens on `port` of 127.0.0.1 right now. */
export async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The first of `count` consecutive ports that are free now, outside the ephemeral range. */
export async function freePorts(count: number): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const first = LOWEST + Math.floor(Math.random() * (ABOVE_HIGHEST - LOWEST - count));
    let all = true;
    for (let port = first; port < first + count && all; port++) all = await portFree(port);
    if (all) return first;
  }
  throw new Error(`no ${count} consecutive free ports between ${LOWEST} and ${ABOVE_HIGHEST}`);
}

/** A port nothing listens on now, outside the ephemeral range. */
export async function freePort(): Promise<number> {
  return freePorts(1);
}
