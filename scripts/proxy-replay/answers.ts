// What one answer from the proxy says about the server. Prism passes the server's answer on with an
// `sl-violations` header; when it answers itself, the body is a Prism problem (`--errors` refusals)
// or, for an upstream 501, a mock built from the document. Our server echoes the X-Request-Id the
// replay sends, which is how its answers are told apart from Prism's.
import { judge, parseViolations, type Verdict, type Violation } from './violations.js';

const PRISM_PROBLEM = 'https://stoplight.io/prism/errors#';

export interface ProxyAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: unknown;
}

export interface Assessment {
  /** server: our answer; prism: Prism's own (refused, or could not forward); mock: a re-mocked 501; none: no answer. */
  origin: 'server' | 'prism' | 'mock' | 'none';
  /** `pending`: the operation is not implemented yet (501); nothing of the server's to check. */
  verdict: Verdict | { kind: 'pending' };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function assess(answer: ProxyAnswer, requestId: string, recordedStatus: number): Assessment {
  const echoed = answer.headers['x-request-id'];
  const fromServer = (Array.isArray(echoed) ? echoed[0] : echoed) === requestId;
  let violations = parseViolations(answer.headers['sl-violations']);
  const json = answer.json;
  const prismProblem = !fromServer && isObject(json) && typeof json.type === 'string' && json.type.startsWith(PRISM_PROBLEM);
  if (prismProblem && violations.length === 0) {
    // --errors: Prism refused the request without forwarding it; its reasons are in the body.
    const listed = Array.isArray(json.validation) ? (json.validation as Violation[]) : [];
    violations =
      listed.length > 0
        ? listed.map((v) => ({ ...v, location: ['request', ...(Array.isArray(v.location) ? v.location : [])] }))
        : [{ location: ['request'], severity: 'Error', message: String(json.title) }];
  }
  const origin = fromServer ? 'server' : prismProblem ? 'prism' : 'mock';
  if (origin === 'mock' || (origin === 'server' && answer.status === 501)) return { origin, verdict: { kind: 'pending' } };
  // Whether the server took the request: its own answer, or (when Prism refused it) the recorded one.
  const accepted = fromServer ? answer.status < 300 : recordedStatus < 300;
  return { origin, verdict: judge(violations, accepted) };
}
