// Phase "fuzzing": fast-check properties over whole requests (path, query, headers, body) generated
// from the schemas, half left valid and half with one place mutated to something invalid. Every
// response must pass every check; on a failure fast-check shrinks the request and the smallest one
// found is reported. Reproducible with the seed; shrinking has a request budget so it always ends.
// Then hostile requests (hostile.ts: prototype-named keys, NUL and lone surrogates, bad escapes, huge
// arrays, deep nesting, extreme numbers, encodings), judged by D-13 alone: no 5xx.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { responseChecks } from '../checks.js';
import { type PhaseContext } from '../context.js';
import { anyHostileRequest, type HostileBase } from '../hostile.js';
import { REMOVE, setAt } from '../locations.js';
import { serialiseParameter } from '../validator.js';
import { normaliseParts, type Evaluation } from '../session.js';
import { edgeValues } from '../values.js';
import type { ApiRequest, CheckName, OperationInfo, RequestParts } from '../types.js';

const MAX_ROUNDS = 3;

interface Generated {
  parts: RequestParts;
  mutation?: string;
}

function recordOf(ctx: PhaseContext, operation: OperationInfo, where: 'path' | 'query' | 'header'): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const parameter of operation.parameters.filter((p) => p.in === where)) {
    model[parameter.name] = ctx.arbitraries.valid(parameter.schemaPointer);
    if (parameter.required) required.push(parameter.name);
  }
  return fc.record(model, { requiredKeys: required });
}

/** Requests meant to be valid. */
export function validRequests(ctx: PhaseContext, operation: OperationInfo): fc.Arbitrary<RequestParts> {
  const body = operation.body ? ctx.arbitraries.valid(operation.body.schemaPointer) : fc.constant(undefined);
  return fc
    .record({
      path: recordOf(ctx, operation, 'path'),
      query: recordOf(ctx, operation, 'query'),
      header: recordOf(ctx, operation, 'header'),
      body,
    })
    .map(({ path, query, header, body: value }) => ({
      path,
      query,
      header,
      ...(value !== undefined ? { body: { kind: 'json' as const, value } } : {}),
    }));
}

/** One place of a valid request changed to an invalid value (or removed, when required). */
export function mutate(ctx: PhaseContext, operation: OperationInfo, parts: RequestParts, where: number, which: number): Generated {
  const locations = ctx.locations.find(operation, parts).filter((l) => l.value !== undefined);
  for (let step = 0; step < locations.length; step++) {
    const location = locations[(where + step) % locations.length]!;
    const edges = edgeValues(location.view, location.value, {
      inParameter: location.inParameter,
      inPath: location.inPath,
      maxBoundaryLength: 300,
      seed: ctx.seed,
    });
    const options: { label: string; value: unknown }[] = [...edges.invalid];
    const isRoot = location.target.area === 'body' && location.target.path.length === 0;
    if (location.required && !isRoot) options.push({ label: 'missing (required)', value: REMOVE });
    if (options.length === 0) continue;
    const option = options[which % options.length]!;
    return { parts: setAt(parts, location.target, option.value), mutation: `${location.label} ${option.label}` };
  }
  return { parts };
}

function requests(ctx: PhaseContext, operation: OperationInfo): fc.Arbitrary<Generated> {
  const valid = validRequests(ctx, operation);
  return fc.oneof(
    valid.map((parts) => ({ parts })),
    fc.tuple(valid, fc.nat(), fc.nat()).map(([parts, where, which]) => mutate(ctx, operation, parts, where, which)),
  );
}

export async function runFuzzing(ctx: PhaseContext, operation: OperationInfo): Promise<void> {
  const { session, budget } = ctx;
  const reported = new Set<CheckName>();
  const arbitrary = requests(ctx, operation);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let calls = 0;
    let lastFailing: { evaluation: Evaluation; mutation?: string } | undefined;
    const property = fc.asyncProperty(arbitrary, async ({ parts, mutation }) => {
      calls += 1;
      // Past the budget, stop shrinking: calling it a pass keeps the smallest failure found so far.
      if (calls > budget.maxExamples + budget.maxShrinkRequests) return true;
      const evaluation = await session.evaluate(operation, parts, 'fuzzing');
      const failing = evaluation.results.filter((r) => r.status === 'fail' && !reported.has(r.check));
      session.commit(evaluation, [], true);
      if (failing.length === 0) return true;
      lastFailing = { evaluation, ...(mutation ? { mutation } : {}) };
      return false;
    });
    const details = await fc.check(property, { seed: ctx.seed + round, numRuns: budget.maxExamples });
    if (!details.failed || !lastFailing) return;
    const { evaluation, mutation } = lastFailing;
    const fresh = evaluation.results.filter((r) => r.status === 'fail' && !reported.has(r.check));
    for (const result of fresh) {
      result.message = `${result.message ?? ''} [shrunk after ${details.numShrinks} step(s), seed ${ctx.seed + round}${mutation ? `, ${mutation}` : ''}]`;
      session.record(operation.id, result, evaluation);
      reported.add(result.check);
    }
  }
}

/** The operation's base request in the shape hostile.ts breaks. */
function hostileBase(ctx: PhaseContext, operation: OperationInfo, parts: RequestParts): HostileBase {
  const ofType = (where: 'path' | 'query', type: string) =>
    operation.parameters.filter((p) => p.in === where && ctx.views.at(p.schemaPointer).types.includes(type)).map((p) => p.name);
  const text = (values: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(values).flatMap(([name, value]) => (value === undefined ? [] : [[name, serialiseParameter(value)]])));
  const request = ctx.session.request(operation, parts, 'secret');
  const { ['Content-Type']: _type, ...headers } = request.headers;
  return {
    template: operation.path,
    pathValues: text(parts.path),
    integerParams: ofType('path', 'integer'),
    query: text(parts.query),
    queryNames: operation.parameters.filter((p) => p.in === 'query').map((p) => p.name),
    integerQuery: ofType('query', 'integer'),
    headers,
    ...(parts.body?.kind === 'json' ? { body: parts.body.value } : {}),
  };
}

/**
 * Hostile requests built from the operation's base request, as many as fuzzing examples. Whatever
 * 4xx the server picks is its choice; only a 5xx (D-13) or no answer fails.
 */
export async function runHostile(ctx: PhaseContext, operation: OperationInfo, base: RequestParts): Promise<void> {
  const { session } = ctx;
  const requests = fc.sample(anyHostileRequest(hostileBase(ctx, operation, normaliseParts(base))), {
    seed: ctx.seed,
    numRuns: ctx.budget.maxExamples,
  });
  for (const hostile of requests) {
    const headers = { ...hostile.headers };
    // A fresh key each time: a reused one would answer 409 before the bytes reach anything else.
    for (const name of Object.keys(headers)) if (name.toLowerCase() === 'idempotency-key') headers[name] = `hostile-${randomUUID()}`;
    const request: ApiRequest = {
      operationId: operation.id,
      method: operation.method.toUpperCase(),
      url: `${session.baseUrl}${hostile.path}`,
      headers,
      ...(hostile.body !== undefined ? { body: hostile.body } : {}),
    };
    const evaluation = await session.probe(
      operation,
      request,
      'fuzzing',
      [
        (response) => {
          const [result] = responseChecks(operation, response, session.validators).filter((r) => r.check === 'not_a_server_error');
          return result && result.status === 'fail'
            ? { ...result, message: `${hostile.kind} (${hostile.label}): ${result.message ?? ''}` }
            : result;
        },
      ],
      false,
    );
    session.commit(evaluation);
  }
}
