// Prism's proxy reports what the document forbids in an `sl-violations` header: a JSON array of
// { location: ['request' | 'response', …], severity, code, message }. A response violation is a
// server bug (or a document bug): always a failure. A request violation is expected when the test
// meant to send a bad request (the integration suite does that on purpose, and the server refuses
// it with a 4xx); it is a failure only when the server accepted the request with a 2xx, because
// then server and document disagree about what is valid.
export interface Violation {
  location: string[];
  severity: string;
  code?: string | number;
  message: string;
}

export type Verdict =
  | { kind: 'clean' }
  | { kind: 'refused-invalid-request'; violations: Violation[] }
  | { kind: 'failure'; reason: 'response-violation' | 'accepted-invalid-request' | 'no-answer'; violations: Violation[] };

export function parseViolations(header: string | string[] | undefined): Violation[] {
  if (header === undefined) return [];
  const text = Array.isArray(header) ? header.join(',') : header;
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? (parsed as Violation[]) : [];
  } catch {
    return [{ location: ['unknown'], severity: 'Error', message: `unreadable sl-violations header: ${text.slice(0, 200)}` }];
  }
}

/** `accepted`: the server answered 2xx (or, when Prism refused before forwarding, did so when recorded). */
export function judge(violations: Violation[], accepted: boolean): Verdict {
  if (violations.length === 0) return { kind: 'clean' };
  const onResponse = violations.filter((v) => v.location[0] !== 'request');
  if (onResponse.length > 0) return { kind: 'failure', reason: 'response-violation', violations: onResponse };
  if (accepted) return { kind: 'failure', reason: 'accepted-invalid-request', violations };
  return { kind: 'refused-invalid-request', violations };
}
