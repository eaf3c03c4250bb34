// What every consumer program does with its generator's output, so one scenario drives them all
// (../consumers.test.ts). The views are written with the contract's literal types: a generator that
// typed a field as `string` or `unknown` instead fails the compile where its value is returned.

/** The service refused: the status, the code (`error` of ErrorResponse, the first of SharedError's `errors`) and the fields named. */
export interface Failure {
  ok: false;
  status: number;
  code: string;
  fields: string[];
}

export type Outcome<T> = { ok: true; value: T } | Failure;

export interface SearchView {
  status: 'new' | 'processing' | 'completed' | 'failed';
  downloadUrls: string[];
}

export interface OrderView {
  processing: boolean;
  total: number;
  entities: { id: number; acn: string | null; status: 'processing' | 'active' | 'stopped' | 'expired' }[];
}

export interface EndpointView {
  id: string;
  secret: string;
  disabledReason: 'manual' | 'consecutive_failures' | null;
}

/** Two of the nine PPSR search types: by VIN, or a grantor search by ACN. */
export type SearchBy = { vin: string } | { acn: string };

export interface Consumer {
  startSearch(by: SearchBy): Promise<Outcome<number>>;
  readSearch(requestId: number): Promise<Outcome<SearchView>>;
  orderMonitoring(acn: string): Promise<Outcome<OrderView>>;
  createEndpoint(url: string): Promise<Outcome<EndpointView>>;
}

/** The two error shapes a consumer meets, as each generator names them. */
interface ApiErrorBody {
  error: string;
  errors?: Record<string, unknown>;
}
interface SharedErrorBody {
  errors: string[];
}

/** A refusal as a Failure, whichever of the two shapes it came in. */
export function failure(status: number, body: ApiErrorBody | SharedErrorBody): Failure {
  if ('error' in body) return { ok: false, status, code: body.error, fields: Object.keys(body.errors ?? {}) };
  return { ok: false, status, code: body.errors[0] ?? '', fields: [] };
}
