// Check "negative_data_rejection" on a resource that exists. The fuzzing and coverage phases send
// their invalid bodies to the document's example ids, which name nothing on a real server: a server
// that skipped validating an update's body still answers those 404 (the resource is missing), and
// the refusal looks right. Here account A sends an invalid body to each update of a resource it
// made, before anything is deleted: the answer must refuse the body (a documented 4xx), and a 404
// fails, since the resource is there.
import type { PhaseContext } from '../context.js';
import type { ApiResponse, CheckResult, OperationInfo, RequestParts } from '../types.js';
import type { OwnedRequest } from './isolation.js';

/** A member no schema of the document names: a closed body object refuses it. */
const UNKNOWN_MEMBER = 'svcContractUnknownMember';

/** Invalid variants of a valid body, the first the document's own validator refuses is used. */
function invalidBodies(value: unknown): unknown[] {
  const object = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const [firstKey] = Object.keys(object);
  return [
    { ...object, [UNKNOWN_MEMBER]: true },
    ...(firstKey !== undefined ? [{ ...object, [firstKey]: { [UNKNOWN_MEMBER]: [] } }] : []),
    [object],
  ];
}

function notFoundOnOwn(operation: OperationInfo): (response: ApiResponse) => CheckResult | undefined {
  return (response) =>
    response.status === 404
      ? {
          check: 'negative_data_rejection',
          status: 'fail',
          message: `${operation.id} answered an invalid body with 404 on a resource of this account that exists: the body was not checked before the resource was looked up`,
        }
      : undefined;
}

/** Sends one invalid body to every body-taking request on A's own resources. */
export async function checkInvalidBodiesOnOwned(ctx: PhaseContext, owned: OwnedRequest[]): Promise<void> {
  const { session } = ctx;
  for (const { operation, parts } of owned) {
    if (!operation.body || parts.body?.kind !== 'json') continue;
    const invalid = invalidBodies(parts.body.value)
      .map((value): RequestParts => ({ ...parts, body: { kind: 'json', value } }))
      .find((candidate) => !session.validators.classify(operation, candidate).valid);
    if (!invalid) continue;
    session.commit(await session.evaluate(operation, invalid, 'stateful', 'secret', [notFoundOnOwn(operation)]));
  }
}
