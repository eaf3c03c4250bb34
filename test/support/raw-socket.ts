// HTTP over a bare node:net socket, for answers given before (or instead of) a whole request: bytes
// Node's parser refuses, a body trickled slower than the service allows, connections over a bound.
// And the document's schema of one operation's response, to check such an answer against.
import { connect, type Socket } from 'node:net';
import { createSpecAjv } from './spec-ajv.js';
import { loadDocument, pointer, type JsonObject } from './document.js';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** The server closed the connection after the answer. */
  closed: boolean;
  /** Milliseconds from the first byte sent to the close (or to the end of the answer). */
  elapsedMs: number;
}

/** Opens a connection to `url`'s host and port; resolves once it is open. */
export function openSocket(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Parses one HTTP/1.1 answer (Content-Length framed) out of what the socket received. */
function parseAnswer(raw: string): Omit<RawAnswer, 'closed' | 'elapsedMs'> | undefined {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) return undefined;
  const [statusLine = '', ...lines] = raw.slice(0, split).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  const text = raw.slice(split + 4);
  if (Buffer.byteLength(text) < Number(headers['content-length'] ?? 0)) return undefined;
  return { status: Number(statusLine.split(' ')[1]), headers, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/**
 * Sends `head` at once, then `trickle` one byte every `everyMs` (until the server answers or closes),
 * and waits for the answer and the close (at most `waitMs`).
 */
export function exchange(
  socket: Socket,
  head: string,
  options: { trickle?: string; everyMs?: number; waitMs?: number } = {},
): Promise<RawAnswer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let received = '';
    let answer: ReturnType<typeof parseAnswer>;
    let sent = 0;
    const trickle = options.trickle ?? '';
    const ticker = setInterval(() => {
      if (sent < trickle.length && socket.writable) socket.write(trickle[sent++]!);
    }, options.everyMs ?? 50);
    const finish = (closed: boolean): void => {
      clearInterval(ticker);
      clearTimeout(deadline);
      socket.destroy();
      if (!answer)
        reject(new Error(`no answer (closed: ${closed}) after ${Date.now() - started} ms: ${JSON.stringify(received.slice(0, 300))}`));
      else resolve({ ...answer, closed, elapsedMs: Date.now() - started });
    };
    const deadline = setTimeout(() => finish(false), options.waitMs ?? 5_000);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      answer = parseAnswer(received);
    });
    socket.on('error', () => undefined);
    socket.once('close', () => finish(true));
    socket.write(head);
  });
}

/** The validator of the document's `status` response of `method path` (its application/json schema). */
export function responseValidator(file: 'openapi.json' | 'admin.openapi.json', path: string, method: string, status: number) {
  const document = loadDocument(file);
  const operation = ((document.paths as JsonObject)[path] as JsonObject | undefined)?.[method] as JsonObject | undefined;
  const response = (operation?.responses as JsonObject | undefined)?.[String(status)];
  if (!response) throw new Error(`${file}: ${method.toUpperCase()} ${path} documents no ${status}`);
  const ref = `doc#/paths/${pointer(path)}/${method}/responses/${status}/content/application~1json/schema`;
  const validate = createSpecAjv(document).getSchema(ref);
  if (!validate) throw new Error(`no schema at ${ref}`);
  return (body: unknown): unknown[] => (validate(body) ? [] : (validate.errors ?? []));
}
