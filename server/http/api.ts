// Builds one API (public or operator) from its document, profile and handler map: one openapi-backend
// instance for routing and validation, one pipeline per mount.
import type { RequestHandler } from 'express';
import type { AppDeps } from '../deps.js';
import { createBackend } from './backend.js';
import type { AnyHandler, OperationSchemas } from './handler.js';
import { createPipeline, type ApiProfile } from './pipeline.js';

export interface ApiDefinition<Ctx> {
  document: Record<string, unknown>;
  handlers: Readonly<Record<string, AnyHandler<Ctx> | undefined>>;
  schemas: Readonly<Record<string, OperationSchemas | undefined>>;
  validateResponses?: boolean;
}

export interface BuiltApi<Ctx> {
  /** An Express handler for one mount of the API (the public API is mounted once per prefix). */
  mount: (profile: ApiProfile<Ctx>) => RequestHandler;
}

export async function createApi<Ctx>(deps: AppDeps, definition: ApiDefinition<Ctx>): Promise<BuiltApi<Ctx>> {
  const backend = await createBackend(definition.document);
  return {
    mount: (profile) => {
      const pipeline = createPipeline({
        deps,
        backend,
        profile,
        handlers: definition.handlers,
        schemas: definition.schemas,
        ...(definition.validateResponses ? { validateResponses: true } : {}),
      });
      return (req, res, next) => {
        pipeline(req, res).catch(next);
      };
    },
  };
}
