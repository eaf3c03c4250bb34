// Types of a handler's input and result, read from an operation definition made with
// defineOperation, so the server's handlers are typed from the same Zod schemas as the document.
//
// Query and path schemas coerce: `page`, `perPage` (common/pagination.ts), `requestId` (lodgements,
// PPSR, business accounts, Form 484) and the monitoring entity and event `id` are
// `z.coerce.number()`, so their output is `number` although the wire carries strings; the other ids
// (webhook endpoint `id`, `accountId`, `keyId`, `acn`, `abn`, alert `id`) stay `string`. `page` and
// `perPage` also have defaults (1 and 25) wrapped in `.optional()`: parsing an absent value gives the
// default, but the output type is still `number | undefined`, so read them with a fallback. The
// input is the schema's OUTPUT (what parsing gives: a handler's input must come from parsing, not
// from the raw request); a result body is the schema's INPUT (what parsing accepts).
import type { input, output, ZodType } from 'zod';
import type { OperationDefinition } from './operation-definition.js';

/** No path parameters or no query: an empty object, so reading any field of it fails to compile. */
type Empty = Record<never, never>;

export interface OperationInput<Params, Query, Body> {
  params: Params;
  query: Query;
  body: Body;
  /** Request headers, lower-cased names. */
  headers: Record<string, string>;
}

/** The validated input of an operation's handler. */
export type InputOf<D extends OperationDefinition> = OperationInput<
  D extends { params: infer P extends ZodType } ? output<P> : Empty,
  D extends { query: infer Q extends ZodType } ? output<Q> : Empty,
  D extends { body: { schema: infer B extends ZodType } } ? output<B> : undefined
>;

/** A JSON success: the body as the response schema accepts it. */
export interface JsonSuccess<S extends number, Body> {
  status: S;
  body: Body;
  headers?: Record<string, string>;
}

/** A success without a body (204, or a response declared without a schema). */
export interface EmptySuccess<S extends number> {
  status: S;
  body?: undefined;
  headers?: Record<string, string>;
}

/** A success of another media type (`application/pdf`), sent as raw bytes. */
export interface RawSuccess<S extends number> {
  status: S;
  raw: { contentType: string; data: Buffer };
  headers?: Record<string, string>;
}

type SuccessFor<S extends number, R> = R extends { schema: infer B extends ZodType }
  ? R extends { mediaType: infer M extends string }
    ? M extends 'application/json'
      ? JsonSuccess<S, input<B>>
      : RawSuccess<S>
    : JsonSuccess<S, input<B>>
  : EmptySuccess<S>;

/** Every success an operation's handler may answer: one member per documented success status. */
export type SuccessOf<D extends OperationDefinition> = {
  [S in keyof D['success'] & number]: SuccessFor<S, D['success'][S]>;
}[keyof D['success'] & number];
