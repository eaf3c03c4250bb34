// What a PATCH of a register record (a company or an ABN) does to the record, the same for both.

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
