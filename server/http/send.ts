import type { IncomingMessage } from 'node:http';
import type { Response } from 'express';
import { noteAnswer } from './request-log.js';
import type { HttpResult } from './responses.js';

/** Writes an HttpResult: headers, then JSON, raw bytes or nothing (204). */
export function send(res: Response, result: HttpResult, extraHeaders: Record<string, string> = {}): void {
  noteAnswer(res, result);
  res.status(result.status);
  for (const [name, value] of Object.entries({ ...extraHeaders, ...(result.headers ?? {}) })) res.setHeader(name, value);
  if (result.raw) {
    res.setHeader('Content-Type', result.raw.contentType);
    res.end(result.raw.data);
    return;
  }
  if (result.body === undefined || result.status === 204) {
    res.end();
    return;
  }
  res.json(result.body);
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
