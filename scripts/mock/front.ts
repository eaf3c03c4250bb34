// A small HTTP front for the Prism mock: every request goes to Prism unchanged, except a malformed
// JSON body, which Prism's own server would answer in a shape the document does not have. Those get
// the operation's documented 400 `invalid_json` (./invalid-json.ts); without an `Authorization`
// header they still go to Prism (with an empty object as body), which answers the documented 401
// first, as the server does (credentials are checked before the body is read).
import { request as httpRequest, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { invalidJsonAnswers } from './invalid-json.js';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function isMalformedJson(req: IncomingMessage, body: Buffer): boolean {
  if (body.length === 0 || !JSON_TYPE.test(req.headers['content-type'] ?? '')) return false;
  try {
    JSON.parse(body.toString('utf8'));
    return false;
  } catch {
    return true;
  }
}

function forward(prism: URL, req: IncomingMessage, res: ServerResponse, body: Buffer): void {
  const headers = { ...req.headers, host: prism.host };
  delete headers['transfer-encoding'];
  if (body.length > 0 || req.headers['content-length'] !== undefined) headers['content-length'] = String(body.length);
  const upstream = httpRequest({ host: prism.hostname, port: prism.port, method: req.method, path: req.url, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
    answer.pipe(res);
  });
  upstream.on('error', (error) => {
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
    res.end(`Prism did not answer: ${error.message}`);
  });
  upstream.end(body);
}

/** The front server: listen on it where `npm run mock` promises the mock (127.0.0.1:4010). */
export function createMockFront(document: Record<string, unknown>, prism: URL): Server {
  const answerFor = invalidJsonAnswers(document);
  return createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (isMalformedJson(req, body)) {
        const pathname = new URL(req.url ?? '/', 'http://mock').pathname;
        const answer = answerFor(req.method ?? 'GET', pathname);
        if (answer && req.headers.authorization) {
          res.writeHead(answer.status, { ...answer.headers, 'Content-Length': String(Buffer.byteLength(answer.body)) });
          return void res.end(answer.body);
        }
        return forward(prism, req, res, Buffer.from('{}'));
      }
      forward(prism, req, res, body);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String(error));
    });
  });
}
