// How a command prints an answer: pretty (indented JSON) by default, `--json` one JSON document per
// line for scripts. A failure goes to stderr as one line from the SDK's errors, then the answer's
// Request-Id on a line of its own, for support.
import { ServiceError, ServiceUnreachableError, unwrap, type SdkResult } from '@registry-svc/sdk';
import { CallFailed, type Io } from './io.js';

export function printData(io: Io, data: unknown, json: boolean): void {
  if (data === undefined || data === '') return;
  io.stdout(`${json ? JSON.stringify(data) : JSON.stringify(data, null, 2)}\n`);
}

/** The success's data; otherwise a CallFailed naming the status, the error and the Request-Id. */
export function dataOrFail(outcome: SdkResult<unknown>, io: Io, json: boolean): unknown {
  try {
    return unwrap(outcome);
  } catch (error) {
    if (error instanceof ServiceUnreachableError) throw new CallFailed(error.message);
    if (!(error instanceof ServiceError)) throw error;
    // --json: the error document itself on stdout too, for a script to read.
    if (json) printData(io, error.body, true);
    const line = error.message.replace(/ \(X-Request-Id [^)]*\)$/, '');
    throw new CallFailed(error.requestId ? `${line}\nRequest-Id: ${error.requestId}` : line);
  }
}
