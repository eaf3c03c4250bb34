// The numbers the sandbox guide documents as magic values (docs/guide/05-sandbox.md "Companies and
// ABNs", sandbox.md): every partner's tests rely on what the register says about them, so the
// operator register API refuses to change them (409 `sandbox_magic_value`). Other fixtures (the
// name-check companies) and every generated number stay editable.
import type { AdminErrorResponse } from '../../common/operation.js';
import { familyExample } from '../../common/operation-responses.js';

export const DOCUMENTED_ACNS: ReadonlySet<string> = new Set([
  '100000011',
  '100000020',
  '100000039',
  '100000048',
  '100000057',
  '100000066',
  '100000075',
]);

export const DOCUMENTED_ABNS: ReadonlySet<string> = new Set(['53900000001', '34900000002', '15900000003', '62100000020', '60100000011']);

export const MAGIC_VALUE_MESSAGE = (what: 'ACN' | 'ABN', number: string) =>
  `${what} ${number} is a documented sandbox magic value (the sandbox guide's "Companies and ABNs"): it cannot be changed, so every partner's tests keep the outcome the guide promises. Use any other number with a valid checksum.`;

export function magicValueRefused(what: 'ACN' | 'ABN', number: string): AdminErrorResponse {
  return {
    description: `\`sandbox_magic_value\`: the ${what} is one of the documented sandbox magic values (the sandbox guide's "Companies and ABNs"), which stay as documented for everyone.`,
    examples: {
      magic: familyExample('api', `A documented magic ${what}`, 'sandbox_magic_value', MAGIC_VALUE_MESSAGE(what, number)),
    },
  };
}
