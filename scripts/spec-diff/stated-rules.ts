// Rules the server applied before the document stated them (D-72): stating one refuses nothing a
// request could get through before, so the gate does not count it as breaking.
// - `x-rules`, `x-checksum` and `x-request-rules` state, for tools, rules the server applies whatever
//   the document says: both documents are compared without them (api-smart-diff, which leaves `x-`
//   keywords unclassified, also reported the schemas around them as changed).
// - `maximum: 9007199254740991` on an integer: every integer a request takes is parsed by Zod, whose
//   integers are the safe ones, so a larger value was always refused (422 `too_big`, 404 in a path).
// - The Form 484 rules written as `if`/`then`/`else` in contract 6.1.0 (`checkOccupier` and
//   `checkHoldingOwnerKind`, schemas/form484/rules.ts), each applied by the server since Form 484 was
//   first published.
import type { Diff } from 'api-smart-diff';
import { rewriteNodes, type JsonNode } from '../../schemas/common/schema-walk.js';

const RULE_KEYWORDS = ['x-rules', 'x-checksum', 'x-request-rules'];

/** `document` without the keywords that state rules for tools. */
export function withoutRuleStatements<T>(document: T): T {
  return rewriteNodes(document, (node: JsonNode) =>
    RULE_KEYWORDS.some((key) => key in node)
      ? Object.fromEntries(Object.entries(node).filter(([key]) => !RULE_KEYWORDS.includes(key)))
      : node,
  );
}

/** Where contract 6.1.0 wrote a Form 484 rule the server already applied as `if`/`then`/`else`. */
const STATED_CONDITIONALS = [/\/registeredOffice\/(if|then)$/, /\/holdingOwners\/items\/(if|then|else)$/];

/** Why `diff` only states a rule the server applied before, or undefined when it may refuse more. */
export function statesExistingRule(diff: Diff, pointer: string): string | undefined {
  const keyword = diff.path[diff.path.length - 1];
  if (diff.action === 'add' && keyword === 'maximum' && diff.after === Number.MAX_SAFE_INTEGER)
    return 'states the safe-integer bound every integer of a request always had (D-72)';
  if (diff.action === 'add' && STATED_CONDITIONALS.some((at) => at.test(pointer)))
    return 'states a rule the server applied before (D-72, CHANGELOG 6.1.0)';
  return undefined;
}
