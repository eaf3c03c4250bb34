// Shared vocabulary of the contract runner: what an operation looks like once read from the
// document, a request before and after it is made concrete, and what a check concludes.

export type JsonObject = Record<string, unknown>;

/** The checks, in the order the summary table shows them (names as Schemathesis spells them). */
export const CHECKS = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_headers_conformance',
  'response_schema_conformance',
  'negative_data_rejection',
  'positive_data_acceptance',
  'missing_required_header',
  'ignored_auth',
  'unsupported_method',
  'use_after_free',
  'ensure_resource_availability',
  'max_response_time',
  // Rules the document states beside its schemas (phases/semantic.ts).
  'success_status_rule',
  'pagination_consistency',
  'date_zone',
  'refinement_rejection',
  // State across accounts and requests (phases/accounts.ts).
  'account_isolation',
  'idempotent_replay',
  'webhook_conformance',
  // What a partner relies on beyond schemas (phases/partner.ts, one file each in partner/).
  'v1_deprecation',
  'rate_limit_remaining',
  'cursor_consistency',
  'term_dates',
  'zoned_day_boundary',
  'retry_schedule',
  'ledger_charges',
] as const;
export type CheckName = (typeof CHECKS)[number];

export type Phase = 'examples' | 'coverage' | 'fuzzing' | 'stateful' | 'security' | 'semantic' | 'partner';

export type ParameterLocation = 'path' | 'query' | 'header';

export interface ParameterInfo {
  name: string;
  in: ParameterLocation;
  required: boolean;
  /** JSON pointer (within the document) of the parameter's schema. */
  schemaPointer: string;
  examples: unknown[];
  /**
   * `x-long-poll`: seconds the service may hold the answer open. A valid wait is sent as 0, so a run
   * never waits one out (what the value may be is still checked: out of range values go as generated).
   */
  longPollMaximum?: number;
}

export interface HeaderInfo {
  name: string;
  required: boolean;
  schemaPointer?: string;
}

export interface MediaInfo {
  mediaType: string;
  schemaPointer?: string;
}

export interface LinkInfo {
  name: string;
  operationId: string;
  /** Parameter name (optionally `path.`/`query.` prefixed) -> runtime expression. */
  parameters: Record<string, string>;
}

export interface ResponseInfo {
  status: string;
  headers: HeaderInfo[];
  content: MediaInfo[];
  links: LinkInfo[];
}

export interface BodyInfo {
  required: boolean;
  mediaType: string;
  schemaPointer: string;
  examples: unknown[];
}

export interface OperationInfo {
  id: string;
  /** Lower case, as in the document. */
  method: string;
  path: string;
  parameters: ParameterInfo[];
  body?: BodyInfo;
  responses: Record<string, ResponseInfo>;
  /** Some security requirement is needed (no empty `{}` alternative). */
  requiresAuth: boolean;
  allowsPublishable: boolean;
  /** `x-rate-limit-class`: operations of one class share a rate-limit budget (pacing.ts). */
  rateLimitClass?: string;
  /** A documented poll interval of one resource ("once every 15 minutes"): sooner reads answer 429. */
  pollIntervalSeconds?: number;
  /** `x-test-only`: the sandbox's own tools (simulate, the command line's), absent from the live prefix and V1. */
  testOnly?: boolean;
}

/** A request before serialisation: typed values, so generators and shrinking work on structure. */
export interface RequestParts {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
  /** Absent: no body. `raw` carries bytes that are not a JSON document (malformed JSON, other media types). */
  body?: { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType?: string };
}

/** Which credentials a request carries. */
export type AuthMode = 'secret' | 'publishable' | 'none' | { headers: Record<string, string> };

/** A concrete HTTP request, exactly as sent (and as the curl reproduction sends it). */
export interface ApiRequest {
  operationId: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface ApiResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  bodyText: string;
  /** Media type of Content-Type without parameters, lower case. */
  mediaType?: string;
}

export type OutcomeStatus = 'pass' | 'fail' | 'pending';

export interface CheckResult {
  check: CheckName;
  status: OutcomeStatus;
  message?: string;
}

/** A check that could not run, and why; without `operationId`, for the whole run. */
export interface Skip {
  check: CheckName;
  reason: string;
  operationId?: string;
  /** The check still ran on part of its requests (a budget sampled it): listed, but proves what it ran (D-74). */
  partial?: boolean;
}

export interface Failure {
  operationId: string;
  check: CheckName;
  phase: Phase;
  message: string;
  request: ApiRequest;
  status: number;
  curl: string;
  /** Earlier requests of a stateful sequence, as curl commands, in order. */
  steps: string[];
}
