// Phase "examples": the document's own request examples, the way a partner reading the docs would
// send them. Parameters without an example get a generated valid value. Operations that accept
// publishable keys are also called with one (from an allowed origin).
import { freshHeaders, mixSeed, sampleOne, type PhaseContext } from '../context.js';
import { withSandboxValues } from '../sandbox-values.js';
import type { OperationInfo, ParameterInfo, RequestParts } from '../types.js';

const MAX_EXAMPLE_REQUESTS = 6;

function parameterValue(ctx: PhaseContext, parameter: ParameterInfo, index = 0): unknown {
  if (parameter.examples.length > 0) return parameter.examples[index % parameter.examples.length];
  return sampleOne(ctx.arbitraries.valid(parameter.schemaPointer), mixSeed(ctx.seed, parameter.name));
}

function withParameters(ctx: PhaseContext, operation: OperationInfo, includeOptional: boolean): RequestParts {
  const parts: RequestParts = { path: {}, query: {}, header: {} };
  for (const parameter of operation.parameters) {
    // Optional headers stay out: an example Idempotency-Key reused across requests would only replay.
    if (parameter.in === 'header' && !parameter.required) continue;
    if (!parameter.required && !(includeOptional && parameter.examples.length > 0)) continue;
    parts[parameter.in][parameter.name] = parameterValue(ctx, parameter);
  }
  return parts;
}

/** The example requests of an operation, most complete first. */
export function exampleParts(ctx: PhaseContext, operation: OperationInfo): RequestParts[] {
  const withOptional = withParameters(ctx, operation, true);
  const requiredOnly = withParameters(ctx, operation, false);
  const bases = JSON.stringify(withOptional) === JSON.stringify(requiredOnly) ? [withOptional] : [withOptional, requiredOnly];
  const out: RequestParts[] = [];
  const bodies = operation.body ? operation.body.examples : [undefined];
  for (const body of bodies.length > 0 ? bodies : [undefined]) {
    for (const base of bases) {
      out.push(freshHeaders(ctx, operation, body === undefined ? base : { ...base, body: { kind: 'json', value: body } }));
      if (body !== undefined) break; // one parameter set per body example is enough
    }
  }
  // Further examples of individual parameters (e.g. both forms of `since`).
  for (const parameter of operation.parameters) {
    for (let i = 1; i < parameter.examples.length; i++) {
      const first = out[0] ?? requiredOnly;
      out.push({ ...first, [parameter.in]: { ...first[parameter.in], [parameter.name]: parameter.examples[i] } });
    }
  }
  return out.slice(0, MAX_EXAMPLE_REQUESTS).map((parts) => withSandboxValues(ctx.session.baseUrl, parts));
}

/** Generated valid request, for operations whose examples are missing or invalid. */
export function generatedParts(ctx: PhaseContext, operation: OperationInfo, salt = 0): RequestParts {
  const parts = withParameters(ctx, operation, false);
  if (operation.body)
    parts.body = { kind: 'json', value: sampleOne(ctx.arbitraries.valid(operation.body.schemaPointer), mixSeed(ctx.seed, `body:${salt}`)) };
  return freshHeaders(ctx, operation, parts);
}

export async function runExamples(ctx: PhaseContext, operation: OperationInfo): Promise<RequestParts[]> {
  const valid: RequestParts[] = [];
  const { session } = ctx;
  for (const parts of exampleParts(ctx, operation)) {
    const evaluation = await session.evaluate(operation, parts, 'examples');
    session.commit(evaluation);
    if (evaluation.verdict?.valid) valid.push(parts);
    else
      ctx.log(
        `  note: a documented example of ${operation.id} is not valid against its own schema: ${evaluation.verdict?.problems.join('; ')}`,
      );
  }
  const first = valid[0];
  if (first && operation.allowsPublishable && session.credentials.publishable) {
    session.commit(await session.evaluate(operation, first, 'examples', 'publishable'));
  }
  return valid;
}
