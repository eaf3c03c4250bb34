// The shape of one generated command (generated/cli/commands.ts, written by `npm run generate` from
// the public document by scripts/cli-commands.ts): everything the CLI needs to parse its flags, show
// its help, validate its input with the SDK's Zod validators and call the SDK's function.

/** Where a flag's value goes in the request. */
export type FlagPlace = 'path' | 'query' | 'body';

/** The JSON type a flag's text is read as. */
export type FlagType = 'string' | 'integer' | 'number' | 'boolean';

export interface FlagSpec {
  /** The flag without its dashes: `request-id`. */
  flag: string;
  /** The parameter or body field it sets: `requestId`. */
  name: string;
  in: FlagPlace;
  type: FlagType;
  /** An array of scalars: the flag repeats, or takes a comma-separated list. */
  array: boolean;
  /** Required by the document (body fields: of every body alternative that has it). */
  required: boolean;
  /** The document's description, first sentence. */
  description: string;
  /** The values the document allows. */
  enum?: readonly string[];
}

export interface CommandSpec {
  /** `ppsr-search` in `svc ppsr-search create`. */
  resource: string;
  /** `create` in `svc ppsr-search create`. */
  action: string;
  operationId: string;
  method: string;
  /** The document's path: `/ppsr/searches/{requestId}`. */
  path: string;
  summary: string;
  /** Answers 404 outside the test environment. */
  testOnly: boolean;
  /** Whether the operation takes an `Idempotency-Key` header, and whether it must. */
  idempotencyKey: 'none' | 'optional' | 'required';
  /** Whether the operation takes a JSON body (`--data`), and whether it must. */
  body: 'none' | 'optional' | 'required';
  flags: readonly FlagSpec[];
  /**
   * The body's top-level fields when the document allows no others (`additionalProperties: false`
   * on every alternative): the SDK's validators let unknown fields through, the service does not.
   */
  closedBody?: readonly string[];
  /** The SDK's Zod validators of the request's parts (`@registry-svc/sdk/zod` export names). */
  validators: { path?: string; query?: string; body?: string };
}
