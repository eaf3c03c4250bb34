// A missing field is `required` (D-10) at every depth of a business account application too: the
// structural mapping is shared with every other body (server/domain/zod-problems.ts), and a missing
// enum once answered `invalid_enum` there. Each required path of the request schema, read from the
// published document, is deleted on its own from a valid body; the 422 lists `required` at that path.
import { describe, expect } from 'vitest';
import { serverTestWithAccount } from '../../support/fixtures.js';
import type { TestAccount, TestServer } from '../../support/harness.js';
import { bodyHolding, requiredPaths, without } from '../../support/required-paths.js';
import { businessAccountProblems } from '../../../server/domain/business-accounts/validation.js';
import { codesByPath, documentExamples, problemsOf } from './support.js';

let server: TestServer;
let account: TestAccount;
const it = serverTestWithAccount((shared) => ({ server, account } = shared));

const examples = documentExamples();
const PATHS = requiredPaths('BusinessAccountApplication');
const isValid = (body: unknown): boolean => Object.keys(businessAccountProblems(body)).length === 0;

describe('every required field of a business account application, deleted on its own', () => {
  it.for(PATHS.map((path) => [path.join('.'), path] as const))('%s: 422 required at that path', async ([field, path]) => {
    const base = bodyHolding('BusinessAccountApplication', examples, path, isValid);
    expect(base, `no valid body holds ${field}`).toBeDefined();
    expect(isValid(base), `the body holding ${field} is not valid on its own`).toBe(true);
    const codes = codesByPath(await problemsOf(server, account.keys.secretTest, without(base!, path)));
    expect(codes[field], JSON.stringify(codes)).toEqual(['required']);
  });
});
