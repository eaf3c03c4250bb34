// The forms zod-to-openapi writes that partners' generators misread, rewritten once for both
// documents. Each rewrite accepts exactly the values the form it replaces accepted (the breaking-
// change gate applies the same ones to the base it compares with, scripts/spec-diff/classify.ts);
// the consumer tests (test/spec/consumers/) hold every generator to them.
import { completeIdentifierAlternatives } from './identifier-alternatives.js';
import { nullableEnumsAsAnyOf } from './nullable-enums.js';
import { parameterExamples } from './parameter-examples.js';
import { plainPatterns } from './plain-patterns.js';
import { describeRefsInPlace } from './ref-descriptions.js';

/** The rewrites that change no accepted value: the same document for a validator, typed by every generator. */
export function sameValuesEveryGeneratorTypes<T>(document: T): T {
  return nullableEnumsAsAnyOf(plainPatterns(describeRefsInPlace(completeIdentifierAlternatives(document))));
}

/** The document as published: the rewrites above, and every parameter's example on the parameter. */
export function forEveryGenerator<T>(document: T): T {
  return parameterExamples(sameValuesEveryGeneratorTypes(document));
}
