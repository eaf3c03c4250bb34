// Reads and parses a JSON body with the operation's size limit (D-13, D-14). Express's body parsers
// are not used: the limit and the error family depend on the operation, known only after routing.
import type { Request } from 'express';

export type BodyOutcome =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; raw: Buffer }
  | { kind: 'too_large' }
  | { kind: 'unsupported_media_type' }
  | { kind: 'invalid_json'; message: string };

function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  const type = value.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/**
 * Reads at most `limit` bytes. Past the limit it stops collecting and drains the rest, so the 413
 * still reaches the client: leaving a `for await` loop early would destroy the request, and with it
 * the socket, before the answer is written (a chunked body over the limit got a reset, not a 413).
 */
function readLimited(req: Request, limit: number): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.resolve(null);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (): void => {
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
    const onError = (error: Error): void => {
      stop();
      reject(error);
    };
    const onClose = (): void => {
      stop();
      reject(new Error('The client closed the connection before the body was complete.'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

export async function readJsonBody(req: Request, limit: number, expectsBody: boolean): Promise<BodyOutcome> {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody) return { kind: 'none' };
  if (!isJsonContentType(req.headers['content-type'])) {
    req.resume();
    return expectsBody ? { kind: 'unsupported_media_type' } : { kind: 'none' };
  }
  const raw = await readLimited(req, limit);
  if (raw === null) return { kind: 'too_large' };
  if (raw.length === 0) return { kind: 'none' };
  try {
    return { kind: 'json', value: JSON.parse(raw.toString('utf8')) as unknown, raw };
  } catch (error) {
    return { kind: 'invalid_json', message: error instanceof Error ? error.message : 'Invalid JSON.' };
  }
}
