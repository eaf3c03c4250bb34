// The handler maps' types, read from the operation definitions (schemas/operations.ts and
// schemas/admin/operations.ts). The whole map must name every operation of its document: a missing
// handler is a compile error unless the operation is marked `pending` (it then answers 501). A resource
// declares its part with `defineHandlers`, which refuses a key that is not an operationId and a handler
// whose answer carries a field its operation does not document, at any depth: TypeScript does not
// check excess fields of an object a function returns, so this compares the handler's inferred
// answer with the documented one.
import type { InputOf, SuccessOf } from '../../schemas/common/operation-types.js';
import type { OperationDefinition } from '../../schemas/common/operation.js';
import type { PUBLIC_OPERATIONS, PublicOperationId } from '../../schemas/operations.js';
import type { ADMIN_OPERATIONS, AdminOperationId } from '../../schemas/admin/operations.js';
import type { OperatorContext, RequestContext } from './context.js';
import type { Handler } from './handler.js';
import { isPending, type Pending } from './pending.js';

export { isPending, pending, type Pending } from './pending.js';

type PublicOperations = typeof PUBLIC_OPERATIONS;
type OperatorOperations = typeof ADMIN_OPERATIONS;

/** The handler of one public operation: its input and answers typed from its definition. */
export type PublicHandler<K extends PublicOperationId> = Handler<
  RequestContext,
  InputOf<PublicOperations[K]>,
  SuccessOf<PublicOperations[K]>
>;

/** The handler of one operator operation. */
export type OperatorHandler<K extends AdminOperationId> = Handler<
  OperatorContext,
  InputOf<OperatorOperations[K]>,
  SuccessOf<OperatorOperations[K]>
>;

/** Every public operation's handler (or `pending`): a missing or misspelt one fails `tsc`. */
export type PublicHandlers = { readonly [K in PublicOperationId]: PublicHandler<K> };

/** Every operator operation's handler (or `pending`). */
export type OperatorHandlers = { readonly [K in AdminOperationId]: OperatorHandler<K> };

/** Some of the public operations' handlers (one resource's). */
type PublicHandlerSet = { readonly [K in PublicOperationId]?: PublicHandler<K> };
type OperatorHandlerSet = { readonly [K in AdminOperationId]?: OperatorHandler<K> };

type Primitive = string | number | boolean | bigint | symbol | null | undefined;
type Leaf = Primitive | Date | Buffer | ((...args: never[]) => unknown);
type KeysOf<T> = T extends unknown ? keyof T : never;
type FieldOf<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;
type ElementOf<T> = T extends readonly (infer E)[] ? E : never;

/**
 * The paths (`answer.body.items[].extra`) of the fields of `Actual` that `Documented` does not have,
 * or never. Each member of a union is checked on its own; a documented union allows the fields of
 * any of its members; a documented `unknown` or map allows anything below it.
 */
export type UndocumentedFields<Actual, Documented, Path extends string = 'answer', Depth extends 0[] = []> = Depth['length'] extends 10
  ? never
  : 0 extends 1 & Actual
    ? never
    : unknown extends Documented
      ? never
      : [Documented] extends [never]
        ? never
        : Actual extends Leaf
          ? never
          : Actual extends readonly unknown[]
            ? UndocumentedFields<ElementOf<Actual>, ElementOf<Documented>, `${Path}[]`, [...Depth, 0]>
            : {
                // A field that is only ever undefined is not sent (TypeScript adds `body?: undefined`
                // to the other members of a union of returned literals).
                [K in keyof Actual & string]-?: [Exclude<Actual[K], undefined>] extends [never]
                  ? never
                  : K extends KeysOf<Exclude<Documented, Primitive>>
                    ? UndocumentedFields<Actual[K], FieldOf<Exclude<Documented, Primitive>, K>, `${Path}.${K}`, [...Depth, 0]>
                    : `${Path}.${K}`;
              }[keyof Actual & string];

/** An answer is compared with the documented answer of the same status. */
type UndocumentedInAnswer<Answer, Success> = Answer extends { status: infer S }
  ? UndocumentedFields<Answer, Extract<Success, { status: S }>>
  : never;

type AnswerOf<F> = F extends (...args: never[]) => Promise<infer A> ? A : never;

type Exactly<H, Operations extends Readonly<Record<string, OperationDefinition>>> = {
  [K in keyof H]: K extends keyof Operations
    ? H[K] extends Pending
      ? H[K]
      : [UndocumentedInAnswer<AnswerOf<H[K]>, SuccessOf<Operations[K]>>] extends [never]
        ? H[K]
        : { 'answers a field its operation does not document': UndocumentedInAnswer<AnswerOf<H[K]>, SuccessOf<Operations[K]>> }
    : { 'is not an operationId of the document': K };
};

/**
 * Part of the public handler map (one resource's handlers), checked key by key: the key must be a
 * public operationId, the handler's input is typed from its definition, and its answers may carry no
 * field the operation does not document (`pending` stands for a handler still to write).
 */
export function defineHandlers<const H extends PublicHandlerSet>(
  handlers: H & NoInfer<PublicHandlerSet extends H ? unknown : Exactly<H, PublicOperations>>,
): H {
  return handlers;
}

/** Part of the operator handler map, checked as defineHandlers checks the public one. */
export function defineOperatorHandlers<const H extends OperatorHandlerSet>(
  handlers: H & NoInfer<OperatorHandlerSet extends H ? unknown : Exactly<H, OperatorOperations>>,
): H {
  return handlers;
}

/** The handlers of a map, `pending` entries left out: what the pipeline routes to. */
export function implementedHandlers<H extends Readonly<Record<string, unknown>>>(map: H): Partial<H> {
  return Object.fromEntries(Object.entries(map).filter(([, handler]) => !isPending(handler))) as Partial<H>;
}
