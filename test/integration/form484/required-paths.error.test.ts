// A missing field is `required` (D-11) at every depth: each required path of the Form 484 request
// schema, read from the published document (not listed by hand), is deleted on its own from a valid
// body, and the 422 names exactly that path with `required` and no other code there. A missing
// nested enum (`principalPlaceOfBusiness.address.state`) once answered `invalid_format` ("Must be a
// string") because the mapping judged the absent value's type before noticing it was absent.
import { describe, expect } from 'vitest';
import { serverTestWithAccount } from '../../support/fixtures.js';
import type { Form484Request } from '../../../generated/client/index.js';
import type { TestAccount, TestServer } from '../../support/harness.js';
import { bodyHolding, requiredPaths, without } from '../../support/required-paths.js';
import { validateForm484 } from '../../../schemas/form484/index.js';
import { EXAMPLES_TODAY } from '../../../schemas/form484/examples.js';
import { documentExamples, problemsOf } from './support.js';

let server: TestServer;
let account: TestAccount;
const it = serverTestWithAccount((shared) => ({ server, account } = shared));

const examples = documentExamples();
const PATHS = requiredPaths('Form484Request');
/** The examples are valid on the day they were written for, which is the test clock's day too. */
const isValid = (body: Form484Request): boolean => validateForm484(body, { today: EXAMPLES_TODAY }).length === 0;

describe('every required field of Form 484, deleted on its own', () => {
  it('the document names required fields at every depth', () => {
    const joined = PATHS.map((path) => path.join('.'));
    expect(joined).toContain('principalPlaceOfBusiness.address.state');
    expect(joined).toContain('members.0.holdingOwners.0.address.street');
    expect(PATHS.length).toBeGreaterThan(60);
  });

  it.for(PATHS.map((path) => [path.join('.'), path] as const))('%s: 422 required at that path', async ([field, path]) => {
    const base = bodyHolding('Form484Request', examples, path, isValid);
    expect(base, `no valid body holds ${field}`).toBeDefined();
    expect(isValid(base!), `the body holding ${field} is not valid on its own`).toBe(true);
    const problems = await problemsOf(server, account.keys.secretTest, without(base!, path));
    const here = problems.filter((p) => p.field === field);
    expect(
      here.map((p) => p.code),
      JSON.stringify(problems),
    ).toEqual(['required']);
  });
});
