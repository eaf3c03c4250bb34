// What handlers receive besides their input: the wired dependencies and facts of the request.
import type { AppDeps } from '../deps.js';
import type { Caller } from '../domain/caller.js';
import type { JobRegistry } from '../jobs/runner.js';

/** A public API request: an authenticated caller on one prefix. */
export interface RequestContext extends AppDeps {
  caller: Caller;
  requestId: string;
  ip: string;
  operationId: string;
  /** Path prefix of this request (`/api/test/v2`), for URLs the response points at. */
  prefix: string;
  /** The service's own absolute URL (D-54), for absolute URLs the response points at; never from the request's headers. */
  publicUrl: string;
}

/** An operator API request: the admin token was checked; no account is calling. */
export interface OperatorContext extends AppDeps {
  requestId: string;
  operationId: string;
  /** Run jobs now and advance the clock (POST /admin/clock/advance, /admin/jobs/{name}/run). */
  jobs: JobRegistry;
  /** This server's own address as the request reached it (socket, never the Host header): `http://127.0.0.1:4000`. */
  ownOrigin: string;
  /** The service's public URL (D-54), on which the built-in test receiver's URLs are given (D-59). */
  publicUrl: string;
}
