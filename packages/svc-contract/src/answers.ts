// What the report says about an answer in one line: its status, the error code of any of the
// service's error shapes (D-10..D-14), and the Request-Id to quote to support.
import type { ApiResponse } from './types.js';

export interface LastAnswer {
  status: number;
  /** `error` (monitoring and webhook shape), the first `errors[].code` (Form 484), or the first `errors[]` text. */
  error?: string;
  requestId?: string;
}

function errorOf(bodyText: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return undefined;
  }
  if (!body || typeof body !== 'object') return undefined;
  const { error, errors } = body as { error?: unknown; errors?: unknown };
  if (typeof error === 'string') return error;
  const first: unknown = Array.isArray(errors) ? errors[0] : undefined;
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && typeof (first as { code?: unknown }).code === 'string') return (first as { code: string }).code;
  return undefined;
}

export function lastAnswerOf(response: ApiResponse): LastAnswer {
  const error = errorOf(response.bodyText);
  const requestId = response.headers['x-request-id'] ?? response.headers['request-id'];
  return { status: response.status, ...(error ? { error } : {}), ...(requestId ? { requestId } : {}) };
}

/** `401 "Invalid API key." (Request-Id req_…)` */
export function describeAnswer(answer: LastAnswer | undefined): string {
  if (!answer) return 'no request was sent';
  if (answer.status === 0) return 'no answer';
  const parts = [String(answer.status)];
  if (answer.error) parts.push(/^[a-z0-9_]+$/.test(answer.error) ? answer.error : JSON.stringify(answer.error));
  if (answer.requestId) parts.push(`(Request-Id ${answer.requestId})`);
  return parts.join(' ');
}
