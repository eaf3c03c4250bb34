// The service's own address (D-54): the base of every absolute URL it answers with (a finished Form
// 484's documentUrl), and the hosts a browser page of the service itself is served from (D-49). Both
// come from configuration, never from the request's Host or X-Forwarded-* headers, which the caller
// writes: `Host: evil.example` must not put evil.example into a link the partner hands on.
import type { Request } from 'express';
import { defaultPublicUrl, type Config } from '../config.js';

type AddressConfig = Pick<Config, 'HOST' | 'PORT' | 'SVC_PUBLIC_URL'>;

/**
 * SVC_PUBLIC_URL, else `http://HOST:PORT`. PORT=0 asks the system for any free port, so the port is
 * the one this connection arrived on (the socket's, which no header can change).
 */
export function publicUrlOf(config: AddressConfig, req: Pick<Request, 'socket'>): string {
  if (config.SVC_PUBLIC_URL !== undefined) return config.SVC_PUBLIC_URL;
  return defaultPublicUrl(config.HOST, config.PORT === 0 ? (req.socket.localPort ?? 0) : config.PORT);
}

/** A Host header value (or a URL's host) as browsers compare it: lower case, default port dropped; null if it is none. */
export function normalHost(value: string | undefined): string | null {
  if (value === undefined || value === '' || /[/?#@\\\s]/.test(value)) return null;
  try {
    return new URL(`http://${value}`).host;
  } catch {
    return null;
  }
}

/**
 * The hosts this service's own pages are served from: the public URL's, HOST:PORT, and the loopback
 * names of the port (localhost, 127.0.0.1, [::1]) on the configured port and on the port this
 * connection arrived on. A DNS-rebinding page (evil.example resolving to 127.0.0.1) sends its own
 * name as Host, which is none of these.
 */
export function ownHosts(config: AddressConfig, req: Pick<Request, 'socket'>): Set<string> {
  const hosts = new Set<string>();
  const add = (host: string | null): void => void (host !== null && hosts.add(host));
  add(new URL(publicUrlOf(config, req)).host);
  const ports = new Set([config.PORT, req.socket.localPort].filter((port): port is number => port !== undefined && port !== 0));
  for (const port of ports)
    for (const name of [config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST, 'localhost', '127.0.0.1', '[::1]'])
      add(normalHost(`${name}:${port}`));
  return hosts;
}
