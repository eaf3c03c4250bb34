// Reads and parses a JSON body with the operation's size limit (D-13, D-14). Express's body parsers
// are not used: the limit and the error family depend on the operation, known only after routing.
// The bytes must be plain UTF-8 JSON (D-48): no Content-Encoding but identity, no charset but utf-8,
// no invalid UTF-8 sequence; the parsed value then passes the guard of json-guard.ts, and the text
// the scan for repeated member names of duplicate-keys.ts (D-56). Only the parsed, guarded value
// goes on: the bytes themselves are not kept, so nothing downstream can read them another way.
import type { IncomingMessage } from 'node:http';
import { addProblem, emptyProblems, type FieldProblems } from '../domain/errors.js';
import { duplicateKeyProblems } from './duplicate-keys.js';
import { guardJson, maxValuesFor } from './json-guard.js';
import { noteRequestText } from './request-log.js';
import { callerText } from '../../schemas/common/caller-text.js';

export type BodyOutcome =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'too_large' }
  /** The body did not arrive within the bound (SVC_BODY_TIMEOUT_MS): a 408, and the connection closes. */
  | { kind: 'timed_out' }
  | { kind: 'unsupported_media_type'; message: string }
  | { kind: 'invalid_json'; message: string }
  /**
   * Parsed, but refused before validation: too deep or long, strings with NUL or lone surrogates
   * (D-48), or a member name repeated in one object (D-56).
   */
  | { kind: 'refused'; problems: FieldProblems }
  /** The client went away before the body was complete: nobody is left to answer. */
  | { kind: 'aborted' };

const MEDIA_TYPE_MESSAGE = 'Send the body as application/json.';

/** Why the Content-Type or Content-Encoding is refused, or null when the body is plain UTF-8 JSON. */
function mediaTypeProblem(req: IncomingMessage): string | null {
  const encoding = (req.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (encoding !== '' && encoding !== 'identity')
    return `Content-Encoding ${callerText(encoding)} is not supported: send the body uncompressed (identity).`;
  const [type = '', ...parameters] = (req.headers['content-type'] ?? '').split(';');
  const mediaType = type.trim().toLowerCase();
  if (mediaType !== 'application/json' && !(mediaType.startsWith('application/') && mediaType.endsWith('+json'))) return MEDIA_TYPE_MESSAGE;
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=');
    if (name.trim().toLowerCase() !== 'charset') continue;
    const charset = value
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    if (charset !== 'utf-8' && charset !== 'utf8') return `charset ${callerText(charset)} is not supported: send the body as UTF-8.`;
  }
  return null;
}

/** The request ended before its body did (the client disconnected or reset the connection). */
class ClientAborted extends Error {}

/** What reading a body came to: its bytes, `null` past the size limit, or `timed_out` past the time bound. */
type ReadOutcome = Buffer | null | 'timed_out';

/**
 * Reads at most `limit` bytes within `timeoutMs`. Past the limit it stops collecting and drains the rest, so the 413
 * still reaches the client: leaving a `for await` loop early would destroy the request, and with it
 * the socket, before the answer is written (a chunked body over the limit got a reset, not a 413).
 */
function readLimited(req: IncomingMessage, limit: number, timeoutMs: number): Promise<ReadOutcome> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.resolve(null);
  }
  // A small body usually arrives with its headers, so the parser has finished the whole message before
  // routing and the checks let the body be read: its bytes are all buffered, and are taken as they
  // are, without the listeners and the timer a body still on its way needs.
  if (req.complete && !req.destroyed && req.readableFlowing !== true && req.readableLength <= limit)
    return Promise.resolve(bufferedBody(req));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // A client that trickles its body would hold the connection and this request open for as long
    // as it likes; past the bound the answer is a 408 and the connection is closed (request-check.ts).
    const timer = setTimeout(() => {
      stop();
      resolve('timed_out');
    }, timeoutMs);
    const stop = (): void => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      stop();
      req.resume();
      resolve(null);
    };
    const onEnd = (): void => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    // Node reports a client that went away mid-body as an `aborted` error (ECONNRESET) or a close.
    const onError = (): void => {
      stop();
      reject(new ClientAborted());
    };
    const onClose = (): void => {
      stop();
      reject(new ClientAborted());
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** The bytes of a request whose message is complete, all of them buffered. */
function bufferedBody(req: IncomingMessage): Buffer {
  const chunks: Buffer[] = [];
  for (let chunk = req.read() as Buffer | null; chunk !== null; chunk = req.read() as Buffer | null) chunks.push(chunk);
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/** True when the request announces a body (a length above zero, or chunked). */
export function announcesBody(req: IncomingMessage): boolean {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export async function readJsonBody(req: IncomingMessage, limit: number, expectsBody: boolean, timeoutMs: number): Promise<BodyOutcome> {
  if (!announcesBody(req)) return { kind: 'none' };
  const refused = mediaTypeProblem(req);
  if (refused !== null) {
    req.resume();
    return expectsBody ? { kind: 'unsupported_media_type', message: refused } : { kind: 'none' };
  }
  let bytes: ReadOutcome;
  try {
    bytes = await readLimited(req, limit, timeoutMs);
  } catch (error) {
    if (error instanceof ClientAborted) return { kind: 'aborted' };
    throw error;
  }
  if (bytes === null) return { kind: 'too_large' };
  if (bytes === 'timed_out') return { kind: 'timed_out' };
  if (bytes.length === 0) return { kind: 'none' };
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return { kind: 'invalid_json', message: 'The body is not valid UTF-8.' };
  }
  noteRequestText(req, text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch (error) {
    return { kind: 'invalid_json', message: error instanceof Error ? error.message : 'Invalid JSON.' };
  }
  const guarded = guardJson(parsed, maxValuesFor(limit));
  // Bounds first: past them the body is refused unread. Within them, unsafe text and repeated names
  // are reported together, each at its path.
  if (!guarded.ok && guarded.kind === 'bounds') return { kind: 'refused', problems: guarded.problems };
  const problems = guarded.ok ? emptyProblems() : guarded.problems;
  for (const [path, list] of Object.entries(duplicateKeyProblems(text))) for (const problem of list) addProblem(problems, path, problem);
  if (!guarded.ok || Object.keys(problems).length > 0) return { kind: 'refused', problems };
  return { kind: 'json', value: guarded.value };
}
