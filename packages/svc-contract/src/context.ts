// What every phase works with, built once per run.
import fc from 'fast-check';
import type { ArbitraryBuilder } from './arbitraries.js';
import type { LocationFinder } from './locations.js';
import type { SchemaViews } from './schema-view.js';
import type { Session } from './session.js';
import type { JsonObject, OperationInfo, RequestParts } from './types.js';

export interface Budget {
  /** Fuzzing runs per operation (fast-check numRuns). */
  maxExamples: number;
  /** Coverage requests per operation; above it a seeded sample is taken. */
  maxCoverage: number;
  /** Longest string or array a coverage boundary builds. */
  maxBoundaryLength: number;
  /** Requests one fuzzing failure may spend on shrinking. */
  maxShrinkRequests: number;
}

export interface PhaseContext {
  doc: JsonObject;
  operations: Map<string, OperationInfo>;
  session: Session;
  views: SchemaViews;
  arbitraries: ArbitraryBuilder;
  locations: LocationFinder;
  budget: Budget;
  /** Seed of this operation (the run's seed mixed with the operation id, so `--operation` reproduces). */
  seed: number;
  log: (line: string) => void;
}

/** FNV-1a, to mix the run seed with an operation id. */
export function mixSeed(seed: number, text: string): number {
  let hash = 0x811c9dc5 ^ seed;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** One value of an arbitrary, reproducibly. */
export function sampleOne<T>(arbitrary: fc.Arbitrary<T>, seed: number): T {
  return fc.sample(arbitrary, { seed, numRuns: 1 })[0] as T;
}

let counter = 0;

/**
 * Values for required header parameters, fresh for each request: a header such as a required
 * Idempotency-Key reused across different bodies would turn every later request into a 409 replay.
 */
export function freshHeaders(ctx: PhaseContext, operation: OperationInfo, parts: RequestParts, keep: string[] = []): RequestParts {
  const header = { ...parts.header };
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'header' || !parameter.required || keep.includes(parameter.name)) continue;
    counter += 1;
    const value = sampleOne(ctx.arbitraries.valid(parameter.schemaPointer), mixSeed(ctx.seed, `${parameter.name}:${counter}`));
    header[parameter.name] =
      typeof value === 'string'
        ? `${value.trim() || 'k'}-${counter}`.slice(-(ctx.views.at(parameter.schemaPointer).maxLength ?? 255))
        : value;
  }
  return { ...parts, header };
}
