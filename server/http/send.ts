import type { IncomingMessage } from 'node:http';
import type { Response } from 'express';
import { noteAnswer } from './request-log.js';
import type { HttpResult } from './responses.js';

/** Writes an HttpResult: headers, then JSON, raw bytes or nothing (204). */
export function send(res: Response, result: HttpResult, extraHeaders: Record<string, string> = {}): void {
  res.status(result.status);
  // One after the other, the result's last: the same headers, in the same order, as one merged object
  // would give, without building it.
  for (const name of Object.keys(extraHeaders)) res.setHeader(name, extraHeaders[name]!);
  const { headers } = result;
  if (headers) for (const name of Object.keys(headers)) res.setHeader(name, headers[name]!);
  if (result.raw) {
    noteAnswer(res, result);
    res.setHeader('Content-Type', result.raw.contentType);
    res.end(result.raw.data);
    return;
  }
  if (result.body === undefined || result.status === 204) {
    noteAnswer(res, result);
    res.end();
    return;
  }
  // Serialised here, once: the request log keeps this text when it has nothing to redact
  // (redactedJsonText), instead of serialising the body again. Written as res.json would write it with
  // the app's settings (the same bytes, Content-Type and Content-Length; HEAD drops the body in Node),
  // but without res.send's freshness check: no ETag and never a 304, even to `If-None-Match: *` (D-88).
  const text = JSON.stringify(result.body) as string | undefined;
  noteAnswer(res, result, text);
  if (text === undefined) {
    res.json(result.body);
    return;
  }
  if (!res.getHeader('Content-Type')) res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/**
 * Request headers as lower-case name -> single string (first value of a repeated header). Without a
 * prototype: a header named `__proto__` or `constructor` is a plain entry.
 */
export function plainHeaders(req: IncomingMessage): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? (value[0] ?? '') : value;
  }
  return out;
}
