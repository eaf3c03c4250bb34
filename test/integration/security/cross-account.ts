// The cross-account check (spec 5, style.md "other account's id -> 404"): an id-bearing operation is
// called on a resource its owner really created (resource-factories.ts), by another account and by
// the owner's key of the other environment, which must both get 404 in the operation's error family,
// and by the owner itself, which must not (otherwise the id was never real and the 404s prove
// nothing). Returns the problems instead of asserting, so a test can also prove that a planted
// scoping bug is reported.
import type { OperationRef } from '../../support/document.js';
import { exampleRequest } from '../../support/example-requests.js';
import type { TestAccount, TestServer } from '../../support/harness.js';
import { accepted, callOperation, errorFamily, inBatches, isFamilyError, isTestOnly, PREFIX, type Answer } from '../../support/wire.js';
import { RESOURCE_FACTORIES, resourceOf, type PathParams } from './resource-factories.js';

export interface CrossAccountParties {
  server: TestServer;
  owner: TestAccount;
  stranger: TestAccount;
  receiverUrl: string;
}

export function pathParameters(op: OperationRef): string[] {
  return ((op.operation.parameters ?? []) as { in?: string; name?: string }[]).filter((p) => p.in === 'path').map((p) => String(p.name));
}

export function hasFactory(op: OperationRef): boolean {
  return RESOURCE_FACTORIES[resourceOf(op.path)] !== undefined;
}

/** The operation's path with the created resource's values, and the example's query string. */
function concretePath(op: OperationRef, params: PathParams): string {
  let path = op.path;
  for (const name of pathParameters(op)) {
    const value = params[name];
    if (value === undefined) throw new Error(`the factory of ${resourceOf(op.path)} returned no value for {${name}}`);
    path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
  }
  const example = exampleRequest(op).path;
  const query = example.indexOf('?');
  return query === -1 ? path : `${path}${example.slice(query)}`;
}

function bearer(key: string): Record<string, string> {
  return { Authorization: `Bearer ${key}` };
}

function excerpt(answer: Answer): string {
  return answer.text.length > 300 ? `${answer.text.slice(0, 300)}…` : answer.text;
}

/** Problems found for one operation; empty when it keeps the resource to its owner and environment. */
export async function crossAccountProblems(op: OperationRef, parties: CrossAccountParties): Promise<string[]> {
  const { server, owner, stranger, receiverUrl } = parties;
  const factory = RESOURCE_FACTORIES[resourceOf(op.path)];
  if (!factory) return [`no factory for ${resourceOf(op.path)} in resource-factories.ts`];
  const path = concretePath(op, await factory({ server, owner, receiverUrl }));
  const problems: string[] = [];

  const expectNotFound = (who: string, answer: Answer): void => {
    if (answer.status !== 404) problems.push(`${who} answered ${answer.status}, not 404: ${excerpt(answer)}`);
    // A test-only operation has no route on the live prefix at all; its 404 is the router's.
    else if (!(isTestOnly(op) && who.includes('live')) && !isFamilyError(op, answer.body, 'not_found'))
      problems.push(`${who} answered 404 outside the ${errorFamily(op)} family shape: ${excerpt(answer)}`);
  };
  // The others first: a DELETE that wrongly succeeded for them is then also seen in the owner's answer.
  expectNotFound(
    'another account (its test secret key)',
    await callOperation(server.url, op, { prefix: PREFIX.test, path, headers: bearer(stranger.keys.secretTest) }),
  );
  expectNotFound(
    "the owner's live secret key on the live prefix",
    await callOperation(server.url, op, { prefix: PREFIX.live, path, headers: bearer(owner.keys.secretLive) }),
  );
  const own = await callOperation(server.url, op, { prefix: PREFIX.test, path, headers: bearer(owner.keys.secretTest) });
  if (own.status === 404 || !accepted(own) || own.status >= 500)
    problems.push(`the owner itself answered ${own.status}, so the id is not one it can use: ${excerpt(own)}`);
  return problems;
}

/** Operations the running server has no handler for yet: 501 `not_implemented` in their family shape. */
export async function notImplemented(server: TestServer, owner: TestAccount, ops: readonly OperationRef[]): Promise<OperationRef[]> {
  const answers = await inBatches(ops, (op) =>
    callOperation(server.url, op, { prefix: PREFIX.test, headers: bearer(owner.keys.secretTest) }),
  );
  return ops.filter((op, i) => answers[i]!.status === 501 && isFamilyError(op, answers[i]!.body, 'not_implemented'));
}
