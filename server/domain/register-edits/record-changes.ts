// What an operator's edit of a register record (a company or an ABN) does, the same for both: a PUT
// replaces the record whole, a PATCH changes the fields sent. Both write through the override store,
// so every process's next register check sees the edit.
import { DomainError } from '../errors.js';

/** A register as an edit sees it: the record it answers today (fixture, generated or stored) and where a new one is stored. */
export interface EditedRegister<R> {
  current(key: string): Promise<R | null>;
  save(record: R, at: Date): Promise<boolean>;
}

/** The GST fields every register record has, and a PATCH may send. */
interface GstChanges {
  gstRegistered?: boolean | undefined;
  gstDate?: string | null | undefined;
}

/**
 * The record with the fields sent changed and the others as they were. Ending GST registration ends
 * its date too, unless the caller set one (which the schema refuses).
 */
export function withChanges<R extends { gstDate: string | null }>(current: R, changes: GstChanges & object): R {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<R>;
  const record: R = { ...current, ...defined };
  if (changes.gstRegistered === false && changes.gstDate === undefined) record.gstDate = null;
  return record;
}

/** The register (not an account) holds no such record: the message says so, without the account wording of NotFoundError. */
export const registerNotFound = (what: string): DomainError => new DomainError('not_found', `No such ${what}.`);

/** Stores `record` in place of whatever the register answered for `key`; true when it answered nothing before. */
export async function replaceRecord<R>(register: EditedRegister<R>, key: string, record: R, at: Date): Promise<boolean> {
  const known = (await register.current(key)) !== null;
  await register.save(record, at);
  return !known;
}

/**
 * Changes the fields sent of the record the register answers for `key` (a 404 naming `what` when it
 * answers none); `check` sees the whole changed record, so no combination of changes escapes it.
 */
export async function changeRecord<R extends { gstDate: string | null }>(
  register: EditedRegister<R>,
  { key, what, changes, at, check }: { key: string; what: string; changes: GstChanges & object; at: Date; check?: (record: R) => void },
): Promise<R> {
  const current = await register.current(key);
  if (!current) throw registerNotFound(what);
  const record = withChanges(current, changes);
  check?.(record);
  await register.save(record, at);
  return record;
}
