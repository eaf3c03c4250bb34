// A small HTTP front for the Prism mock: every request goes to Prism unchanged, except two kinds.
// A malformed JSON body, which Prism's own server would answer in a shape the document does not
// have, gets the operation's documented 400 `invalid_json` (./invalid-json.ts); without an
// `Authorization` header it still goes to Prism (with an empty object as body), which answers the
// documented 401 first, as the server does (credentials are checked before the body is read). And a
// JSON body Prism cannot survive (a member name outside Latin-1, deep nesting) goes in a form it can,
// just as invalid (safeForPrism, below); a path with a malformed percent-escape, on which Prism's
// router throws, gets the operation's documented 404 here.
import { request as httpRequest, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { invalidJsonAnswers, notFoundAnswers, type DocumentedAnswer } from './invalid-json.js';

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

/** Deeper than this, a body's values are cut (the service refuses more than 32 levels, D-48). */
const MAX_DEPTH = 64;

/**
 * Two kinds of body take Prism's process down, and the mock with it for every caller: a member name
 * outside Latin-1 (an emoji), because Prism quotes unknown names in an `sl-violations` header and
 * Node refuses the header; and deep nesting, which overflows the stack of Prism's request log. No
 * member the document declares has such a name, so the name spelt in ASCII (`\u{1f642}`) is just as
 * unknown; and a value below 64 levels is replaced by a string, so the body stays as invalid as it
 * came. Prism answers either as it would have.
 */
function safeForPrism(body: Buffer): Buffer {
  if (body.length === 0) return body;
  let changed = false;
  const spell = (value: unknown, depth: number): unknown => {
    if (value === null || typeof value !== 'object') return value;
    if (depth >= MAX_DEPTH) {
      changed = true;
      return 'nested too deep for the mock';
    }
    if (Array.isArray(value)) return value.map((item) => spell(item, depth + 1));
    return Object.fromEntries(
      Object.entries(value).map(([name, member]) => {
        const ascii = name.replace(/[^\x20-\x7e]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
        if (ascii !== name) changed = true;
        return [ascii, spell(member, depth + 1)];
      }),
    );
  };
  const spelt = spell(JSON.parse(body.toString('utf8')), 0);
  return changed ? Buffer.from(JSON.stringify(spelt)) : body;
}

/** A path with a malformed percent-escape matching no operation: the shared 404 (D-13). */
const NO_SUCH_PATH: DocumentedAnswer = {
  status: 404,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ error: 'not_found', message: 'No such path.' }),
};

function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

function forward(prism: URL, req: IncomingMessage, res: ServerResponse, body: Buffer): void {
  const headers = { ...req.headers, host: prism.host };
  delete headers['transfer-encoding'];
  if (body.length > 0 || req.headers['content-length'] !== undefined) headers['content-length'] = String(body.length);
  // A connection per request: a kept-alive one that Prism closes as the next request goes out would
  // fail that request with ECONNRESET, which the caller would take for the mock's error.
  const upstream = httpRequest(
    { host: prism.hostname, port: prism.port, method: req.method, path: req.url, headers, agent: false },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    },
  );
  upstream.on('error', (error) => {
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
    res.end(`Prism did not answer: ${error.message}`);
  });
  upstream.end(body);
}

/** The front server: listen on it where `npm run mock` promises the mock (127.0.0.1:4010). */
export function createMockFront(document: Record<string, unknown>, prism: URL): Server {
  const answerFor = invalidJsonAnswers(document);
  const notFoundFor = notFoundAnswers(document);
  return createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const rawPath = (req.url ?? '/').split('?')[0]!;
      if (!decodable(rawPath)) {
        const answer = notFoundFor(req.method ?? 'GET', rawPath) ?? NO_SUCH_PATH;
        res.writeHead(answer.status, { ...answer.headers, 'Content-Length': String(Buffer.byteLength(answer.body)) });
        return void res.end(answer.body);
      }
      if (isMalformedJson(req, body)) {
        const pathname = new URL(req.url ?? '/', 'http://mock').pathname;
        const answer = answerFor(req.method ?? 'GET', pathname);
        if (answer && req.headers.authorization) {
          res.writeHead(answer.status, { ...answer.headers, 'Content-Length': String(Buffer.byteLength(answer.body)) });
          return void res.end(answer.body);
        }
        return forward(prism, req, res, Buffer.from('{}'));
      }
      forward(prism, req, res, JSON_TYPE.test(req.headers['content-type'] ?? '') ? safeForPrism(body) : body);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String(error));
    });
  });
}
