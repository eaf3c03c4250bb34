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

async function readLimited(req: Request, limit: number): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return null;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      req.resume();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
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
