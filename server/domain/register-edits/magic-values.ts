// The documented sandbox magic values stay as the sandbox guide describes them for everyone: an
// operator edit of one is refused before anything is written (schemas/admin/register/sandbox-magic.ts).
import { DOCUMENTED_ABNS, DOCUMENTED_ACNS, MAGIC_VALUE_MESSAGE } from '../../../schemas/admin/register/sandbox-magic.js';
import { DomainError } from '../errors.js';

/** Throws 409 `sandbox_magic_value` when `number` (spaces allowed) is a documented magic ACN or ABN. */
export function refuseMagicValue(what: 'ACN' | 'ABN', number: string): void {
  const digits = number.replace(/\s/g, '');
  const documented = what === 'ACN' ? DOCUMENTED_ACNS : DOCUMENTED_ABNS;
  if (documented.has(digits)) throw new DomainError('sandbox_magic_value', MAGIC_VALUE_MESSAGE(what, digits));
}
