// The upstream of a replay from the recording (`--recorded`): Prism's proxy forwards each request
// here, and the answer is the one the server gave that request when it was recorded: its status,
// headers and bytes, with the replay's X-Request-Id (answers.ts tells the server's answers from
// Prism's by it). Prism then checks the request and that answer against the document as it would a
// live server's, without a server replaying every request before it to rebuild its state.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NOT_RECORDED_HEADERS, responseBytesOf, type HttpEvent } from './traffic-format.js';

export interface RecordedUpstream {
  url: string;
  stop: () => Promise<void>;
}

/** A request Prism forwarded that names no recorded answer: the replay's own fault, said as such. */
function unknownRequest(res: ServerResponse, req: IncomingMessage): void {
  res.writeHead(599, { 'content-type': 'text/plain' });
  res.end(`replay: no recorded answer for ${req.method} ${req.url} (X-Request-Id ${String(req.headers['x-request-id'])})`);
}

/** A path without its query string or a trailing slash. */
function pathOf(url: string): string {
  return url.split('?')[0]!.replace(/\/$/, '');
}

/**
 * Serves the recorded answer of each event in `answers`, keyed by the X-Request-Id the replay sends
 * with it; Prism forwards the recorded path, prefix included.
 */
export async function startRecordedUpstream(answers: ReadonlyMap<string, HttpEvent>): Promise<RecordedUpstream> {
  const server = createServer((req, res) => {
    // The body is read to its end before answering, as the server did (Prism waits for the answer).
    req.resume();
    req.once('end', () => {
      const requestId = req.headers['x-request-id'];
      const event = typeof requestId === 'string' ? answers.get(requestId) : undefined;
      if (!event || pathOf(req.url ?? '') !== pathOf(event.path) || req.method !== event.method) {
        unknownRequest(res, req);
        return;
      }
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(event.responseHeaders ?? {})) {
        if (!NOT_RECORDED_HEADERS.has(name)) headers[name] = value;
      }
      headers['x-request-id'] = requestId as string;
      const body = responseBytesOf(event);
      const bodiless = req.method === 'HEAD' || event.status === 204 || event.status === 304;
      if (!bodiless) headers['content-length'] = String(body.length);
      res.writeHead(event.status, headers);
      res.end(bodiless ? undefined : body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
