// Phase "coverage": from one valid request, change one thing at a time: every boundary a parameter or
// body field has (min/max length, each enum member, min/max, item counts), just over it, a broken
// pattern or format, the wrong type, each required field removed, an unknown field added, optional
// fields added or removed; plus no body, malformed JSON and the wrong media type. Each variant is
// judged valid or invalid by Ajv, then held to positive or negative expectations accordingly.
import fc from 'fast-check';
import { freshHeaders, mixSeed, sampleOne, type PhaseContext } from '../context.js';
import { REMOVE, setAt, type Location } from '../locations.js';
import { edgeValues } from '../values.js';
import type { OperationInfo, RequestParts } from '../types.js';

export interface Variant {
  label: string;
  parts: RequestParts;
}

function locationVariants(ctx: PhaseContext, base: RequestParts, location: Location): Variant[] {
  const out: Variant[] = [];
  const seed = mixSeed(ctx.seed, location.label);
  const at = (label: string, value: unknown) =>
    out.push({ label: `${location.label} ${label}`, parts: setAt(base, location.target, value) });
  if (location.value === undefined) {
    // An optional place left out of the base: put a valid value in.
    at('present', sampleOne(ctx.arbitraries.valid(location.view.pointer), seed));
    return out;
  }
  const edges = edgeValues(location.view, location.value, {
    inParameter: location.inParameter,
    inPath: location.inPath,
    maxBoundaryLength: ctx.budget.maxBoundaryLength,
    seed,
  });
  for (const edge of [...edges.valid, ...edges.invalid]) at(`= ${edge.label}`, edge.value);
  const isBodyRoot = location.target.area === 'body' && location.target.path.length === 0;
  if (!isBodyRoot) at(location.required ? 'missing (required)' : 'left out (optional)', REMOVE);
  const value = location.value;
  if (
    location.view.additionalProperties === false &&
    value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    location.target.area === 'body'
  ) {
    out.push({
      label: `${location.label}.unexpectedField (unknown property)`,
      parts: setAt(base, { area: 'body', path: [...location.target.path, 'unexpectedField'] }, 'x'),
    });
  }
  return out;
}

function bodyVariants(operation: OperationInfo, base: RequestParts): Variant[] {
  if (!operation.body) return [];
  const { body: _body, ...withoutBody } = base;
  const text = base.body?.kind === 'json' ? JSON.stringify(base.body.value) : '{}';
  return [
    { label: 'no body', parts: withoutBody },
    { label: 'malformed JSON', parts: { ...base, body: { kind: 'raw', text: '{"unterminated": ', contentType: 'application/json' } } },
    { label: 'text/plain body', parts: { ...base, body: { kind: 'raw', text, contentType: 'text/plain' } } },
  ];
}

/** Every variant, deduplicated; a seeded sample of them when over the budget. */
export function coverageVariants(ctx: PhaseContext, operation: OperationInfo, base: RequestParts): Variant[] {
  const all: Variant[] = [...bodyVariants(operation, base)];
  for (const location of ctx.locations.find(operation, base)) all.push(...locationVariants(ctx, base, location));
  const seen = new Set<string>([JSON.stringify(base)]);
  const unique = all.filter((variant) => {
    const key = JSON.stringify(variant.parts);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (unique.length <= ctx.budget.maxCoverage) return unique;
  const order = sampleOne(
    fc.shuffledSubarray([...unique.keys()], { minLength: unique.length, maxLength: unique.length }),
    mixSeed(ctx.seed, 'coverage'),
  );
  return order.slice(0, ctx.budget.maxCoverage).map((index) => unique[index]!);
}

export async function runCoverage(ctx: PhaseContext, operation: OperationInfo, base: RequestParts): Promise<void> {
  for (const variant of coverageVariants(ctx, operation, base)) {
    // A fresh required header per request unless the variant is about that header.
    const keep = operation.parameters.filter((p) => p.in === 'header' && variant.label.startsWith(`header.${p.name} `)).map((p) => p.name);
    const parts = freshHeaders(ctx, operation, variant.parts, keep);
    const evaluation = await ctx.session.evaluate(operation, parts, 'coverage');
    for (const result of evaluation.results) if (result.status === 'fail') result.message = `${variant.label}: ${result.message ?? ''}`;
    ctx.session.commit(evaluation);
  }
}
