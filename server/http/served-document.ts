// The public document at /openapi.json, naming this service as its server (D-54): spec/openapi.json
// writes each server on the address `npm start` listens on by default (DEFAULT_SERVICE_ORIGIN); the
// served copy puts this service's public URL (SVC_PUBLIC_URL, else the address it listens on) in
// place of that origin, so a tool pointed at /openapi.json calls the service that served it. Its
// examples are written for the service's today (D-61): their dates move by whole days from the
// committed `info.x-examples-date` to today in Australia/Brisbane, which `x-examples-date` then
// says (D-73). The committed file stays as generated.
import { readFileSync } from 'node:fs';
import { documentForToday } from '@registry-svc/contract/example-dates';
import type { Request, RequestHandler, Response } from 'express';
import { DEFAULT_SERVICE_ORIGIN } from '../../schemas/common/document-parts.js';
import { brisbaneDate, type Clock } from '../clock.js';
import type { Config } from '../config.js';
import { publicUrlOf } from './public-url.js';

type AddressConfig = Pick<Config, 'HOST' | 'PORT' | 'SVC_PUBLIC_URL'>;

interface ServerObject {
  url: string;
  description?: string;
}

/** True when `url` is the default origin or a path below it (not `http://127.0.0.1:40000`). */
function onDefaultOrigin(url: string): boolean {
  return url === DEFAULT_SERVICE_ORIGIN || url.startsWith(`${DEFAULT_SERVICE_ORIGIN}/`);
}

/** The document with every server on the default origin moved to `origin`, its path kept. */
export function withServerOrigin(document: Record<string, unknown>, origin: string): Record<string, unknown> {
  const servers = (document.servers as ServerObject[] | undefined) ?? [];
  return {
    ...document,
    servers: servers.map((server) =>
      onDefaultOrigin(server.url)
        ? { ...server, url: `${origin.replace(/\/$/, '')}${server.url.slice(DEFAULT_SERVICE_ORIGIN.length)}` }
        : server,
    ),
  };
}

export function servedDocument(config: AddressConfig, clock: Clock, file: string): RequestHandler {
  let document: Record<string, unknown> | undefined;
  // One body per public URL and day: one a day in production, one per listening port when PORT=0 (tests).
  const bodies = new Map<string, string>();
  return (req: Request, res: Response) => {
    document ??= JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const origin = publicUrlOf(config, req);
    const today = brisbaneDate(clock.now());
    const key = `${today} ${origin}`;
    let body = bodies.get(key);
    if (body === undefined) {
      if (bodies.size >= 8) bodies.clear(); // earlier days' copies: a manual clock can visit many
      body = `${JSON.stringify(withServerOrigin(documentForToday(document, today), origin), null, 2)}\n`;
      bodies.set(key, body);
    }
    res.type('application/json').send(body);
  };
}
