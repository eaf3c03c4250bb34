// An operation is declared once: the exported `defineOperation` const of its resource's module. The
// maps by operationId (PUBLIC_OPERATIONS, ADMIN_OPERATIONS), the resources' operationId constants,
// the document's paths and, through them, the handler maps' types and the tests' lists of operations
// are read from those modules' exports here, so a new exported definition is picked up without
// editing any list.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { registerOperation, type OperationDefinition } from './operation.js';

/** A module of definitions, imported as a namespace (`import * as helpers from './helpers/paths.js'`). */
export type DefinitionModule = Readonly<Record<string, unknown>>;

/** The operation definitions among a module's exports (it may export schemas and constants beside them). */
export type DefinitionsOf<M> = { [K in keyof M as M[K] extends OperationDefinition ? K : never]: M[K] };

/** One union of every definition the modules export. */
type DefinitionOf<Ms extends readonly DefinitionModule[]> = Extract<{ [I in keyof Ms]: Ms[I][keyof Ms[I]] }[number], OperationDefinition>;

/** Definitions keyed by their literal operationId. */
export type OperationsById<D extends OperationDefinition> = { readonly [X in D as X['operationId']]: X };

/** Every operationId of the modules, as a constant whose keys and values are the literal ids. */
export type OperationIds<D extends OperationDefinition> = { readonly [X in D as X['operationId']]: X['operationId'] };

const METHODS = new Set(['get', 'post', 'patch', 'delete']);

/** What `defineOperation` returns; a Zod schema, a constant or a function exported beside it is not one. */
export function isOperationDefinition(value: unknown): value is OperationDefinition {
  if (!value || typeof value !== 'object') return false;
  const def = value as Partial<Record<keyof OperationDefinition, unknown>>;
  return (
    typeof def.operationId === 'string' &&
    typeof def.path === 'string' &&
    typeof def.method === 'string' &&
    METHODS.has(def.method) &&
    typeof def.access === 'string' &&
    typeof def.success === 'object' &&
    def.success !== null
  );
}

/**
 * Every definition the modules export, by operationId. A definition is exported under its own
 * operationId (`export const getPing = defineOperation({ operationId: 'getPing', … })`), so the name a
 * reader greps for is the id; two definitions with one id are refused. Both checks run when the
 * module is first imported, so every test and the generator fail at once on either mistake.
 */
export function collectOperations<const Ms extends readonly DefinitionModule[]>(...modules: Ms): OperationsById<DefinitionOf<Ms>> {
  const byId: Record<string, OperationDefinition> = {};
  for (const module of modules)
    for (const [name, value] of Object.entries(module)) {
      if (!isOperationDefinition(value)) continue;
      if (name !== value.operationId)
        throw new Error(`definition ${name} has operationId ${value.operationId}: export it under its operationId`);
      const seen = byId[value.operationId];
      if (seen && seen !== value) throw new Error(`two definitions have operationId ${value.operationId}`);
      byId[value.operationId] = value;
    }
  return byId as OperationsById<DefinitionOf<Ms>>;
}

/** The operationIds of the modules' definitions: `{ getPing: 'getPing', … }`. */
export function operationIdsOf<const Ms extends readonly DefinitionModule[]>(...modules: Ms): OperationIds<DefinitionOf<Ms>> {
  const operations: Readonly<Record<string, OperationDefinition>> = collectOperations(...modules);
  return Object.fromEntries(Object.keys(operations).map((id) => [id, id])) as OperationIds<DefinitionOf<Ms>>;
}

/** Adds every operation to a document's registry (registerOperation gives each what all carry). */
export function registerOperations(registry: OpenAPIRegistry, operations: Readonly<Record<string, OperationDefinition>>): void {
  for (const def of Object.values(operations)) registerOperation(registry, def);
}
