// The typed seam between the pipeline and the operations. A handler is keyed by an operationId of the
// document and typed from that operation's Zod definition (schemas/operations.ts): its input (path,
// query, headers, body) is what the Zod schemas output, and it may only answer one of the operation's
// documented success statuses with that status's body. Errors are thrown as DomainErrors and mapped
// by the pipeline into the operation's family. A misspelt operationId or a wrong body fails `tsc`.
import type { ZodType } from 'zod';
import type { AppDeps } from '../deps.js';
import type { FieldProblems } from '../domain/errors.js';
import type { RequestContext } from './context.js';
import type { HttpResult } from './responses.js';
import { isPending } from './pending.js';
import type { OperationDefinition } from '../../schemas/common/operation.js';

/** The untyped view the pipeline works with; handlers see InputOf<their operation>. */
export interface OperationInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  body: unknown;
}

/** The Zod schemas an operation's input is parsed with, after the document's structural pass. */
export interface OperationSchemas {
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
}

/**
 * The body as a refiner's rules parsed it, when the parse succeeded: its Zod output and the schema
 * it was parsed with. Rules that parse the body anyway (Form 484, business accounts) hand it on so
 * that one Zod parse serves both the rules and the handler's typed input; the pipeline takes it only
 * when `schema` is the operation's own body schema, and otherwise parses the body itself.
 */
export interface ParsedBody {
  schema: ZodType;
  data: unknown;
}

/** What an operation's rules found, and the body they parsed on the way (if any; see ParsedBody). */
export interface RefinedProblems {
  problems: FieldProblems;
  body?: ParsedBody;
}

/**
 * What an operation's rules may read: the configuration, the clock and name resolution, never stored
 * state. The mock's front runs the same rules with its own (scripts/mock/front.ts).
 */
export type RuleDeps = Pick<AppDeps, 'config' | 'clock' | 'resolveHost'>;

/**
 * An operation's own rules: run after the structural pass on every request, with the problems Ajv
 * found (possibly none) and the JSON body. Restates structural problems in the operation's documented
 * codes and adds the cross-field ones (one search type, Form 484 rules, D-26 event types), so one
 * answer lists every problem (D-10, D-11) and handlers never validate again.
 */
export type ProblemRefiner = (deps: RuleDeps, problems: FieldProblems, body: unknown) => Promise<RefinedProblems>;

/** The parse a refiner hands on, from Zod's result: only a successful parse carries a body. */
export function parsedBody(schema: ZodType, result: { success: true; data: unknown } | { success: false }): ParsedBody | undefined {
  return result.success ? { schema, data: result.data } : undefined;
}

/**
 * An operation's answer now to a request it answered 202 (spec 3.4): a retry with the same
 * Idempotency-Key gets this instead of the stored 202, and once it is final it replaces the stored one.
 */
export type AcceptedRefresher<Ctx> = (ctx: Ctx, answered: unknown) => Promise<HttpResult>;

interface HandlerExtras<Ctx> {
  refineProblems?: ProblemRefiner;
  refreshAccepted?: AcceptedRefresher<Ctx>;
}

export type Handler<Ctx, In, Out> = ((ctx: Ctx, input: In) => Promise<Out>) & HandlerExtras<Ctx>;

/** What the pipeline stores: any handler, its input and output erased. */
export type AnyHandler<Ctx> = ((ctx: Ctx, input: never) => Promise<unknown>) & HandlerExtras<Ctx>;

/** Attaches an operation's rules to its handler. */
export function withRules<H extends Handler<never, never, unknown>>(handler: H, refineProblems: ProblemRefiner): H {
  return Object.assign(handler, { refineProblems });
}

/** Attaches the final answer of a 202 to its handler (see AcceptedRefresher). */
export function withAcceptedRefresh<H extends Handler<never, never, unknown>, Ctx>(handler: H, refreshAccepted: AcceptedRefresher<Ctx>): H {
  return Object.assign(handler, { refreshAccepted });
}

/** Operations of a document that have no handler (absent or `pending`): they answer 501 `not_implemented`. */
export function pendingOperations(document: Record<string, unknown>, handlers: Readonly<Record<string, unknown>>): string[] {
  const paths = (document.paths ?? {}) as Record<string, Record<string, { operationId?: string }>>;
  return Object.values(paths)
    .flatMap((item) => Object.values(item).flatMap((op) => (op && typeof op === 'object' && op.operationId ? [op.operationId] : [])))
    .filter((id) => !Object.hasOwn(handlers, id) || isPending(handlers[id]))
    .sort();
}

// The maps by operationId (every operation, a handler or `pending`) are typed in ./handler-maps.ts.

/** The Zod schemas the pipeline parses each operation's input with, from the same definitions. */
export function inputSchemasOf(operations: Readonly<Record<string, OperationDefinition>>): Record<string, OperationSchemas> {
  return Object.fromEntries(
    Object.entries(operations).map(([id, def]) => [
      id,
      {
        ...(def.params ? { params: def.params } : {}),
        ...(def.query ? { query: def.query } : {}),
        ...(def.body ? { body: def.body.schema } : {}),
      },
    ]),
  );
}

/**
 * Stand-in handlers, deliberately not typed per operation: tests of cross-cutting pieces
 * (idempotency) and of the contract runner's planted bugs answer what the document does not allow.
 * Only `buildApp`'s test option takes them; the server's own maps are PublicHandlers.
 */
export type StandInHandlers = Readonly<Record<string, Handler<RequestContext, OperationInput, HttpResult>>>;
