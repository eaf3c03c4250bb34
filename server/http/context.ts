// What every operation handler receives: the dependencies, who is calling, and the validated input.
import type { AppDeps } from '../deps.js';
import type { accounts, apiKeys } from '../store/schema.js';
import type { Environment } from '../domain/keys/key-format.js';
import type { HttpResult } from './responses.js';
import type { FieldProblems } from '../domain/errors.js';

export type AccountRow = typeof accounts.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;

export interface Caller {
  account: AccountRow;
  /** Null when a V1 personal access token authenticated the request. */
  key: ApiKeyRow | null;
  environment: Environment;
  version: 'v1' | 'v2';
}

export interface RequestContext extends AppDeps {
  caller: Caller;
  requestId: string;
  ip: string;
  operationId: string;
  /** Path prefix of this request (`/api/test/v2`), for URLs the response points at. */
  prefix: string;
}

export interface OperationInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Optional, per operation: runs when structural validation failed, with the problems Ajv found and the
 * raw body. Lets an operation restate them in its own codes (D-26 `unknown_event_type`) and add the
 * problems of fields that passed structurally, so one answer lists every problem (D-10).
 */
export type ProblemRefiner = (deps: AppDeps, problems: FieldProblems, body: unknown) => Promise<FieldProblems>;

export type OperationHandler = ((ctx: RequestContext, input: OperationInput) => Promise<HttpResult>) & { refineProblems?: ProblemRefiner };
export type HandlerMap = Record<string, OperationHandler>;
