// The public document at /openapi.json, naming this service as its server (D-54): spec/openapi.json
// writes each server as `{base_url}/api/...` with `base_url` defaulting to the address `npm start`
// listens on by default; the served copy fills in this service's public URL (SVC_PUBLIC_URL, else the
// address it listens on), so a tool pointed at /openapi.json calls the service that served it. The
// committed file stays as generated.
import { readFileSync } from 'node:fs';
import type { Request, RequestHandler, Response } from 'express';
import type { Config } from '../config.js';
import { publicUrlOf } from './public-url.js';

type AddressConfig = Pick<Config, 'HOST' | 'PORT' | 'SVC_PUBLIC_URL'>;

interface ServerObject {
  url: string;
  description?: string;
  variables?: Record<string, { default: string }>;
}

/** The document with every `{base_url}` server on `origin`, the variable resolved. */
export function withServerOrigin(document: Record<string, unknown>, origin: string): Record<string, unknown> {
  const servers = (document.servers as ServerObject[] | undefined) ?? [];
  return {
    ...document,
    servers: servers.map(({ variables, ...server }) => {
      if (!server.url.startsWith('{base_url}')) return variables ? { ...server, variables } : server;
      const rest = Object.fromEntries(Object.entries(variables ?? {}).filter(([name]) => name !== 'base_url'));
      const url = `${origin.replace(/\/$/, '')}${server.url.slice('{base_url}'.length)}`;
      return Object.keys(rest).length > 0 ? { ...server, url, variables: rest } : { ...server, url };
    }),
  };
}

export function servedDocument(config: AddressConfig, file: string): RequestHandler {
  let document: Record<string, unknown> | undefined;
  // One body per public URL: one in production, one per listening port when PORT=0 (tests).
  const bodies = new Map<string, string>();
  return (req: Request, res: Response) => {
    document ??= JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const origin = publicUrlOf(config, req);
    let body = bodies.get(origin);
    if (body === undefined) {
      body = `${JSON.stringify(withServerOrigin(document, origin), null, 2)}\n`;
      bodies.set(origin, body);
    }
    res.type('application/json').send(body);
  };
}
