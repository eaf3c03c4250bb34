// What monitoring keeps of the registers for one entity (the snapshot a check compares with) and how
// it shows it (spec 2.6): a company's ASIC status wins over its ABN status, type codes become words,
// an address becomes one line.
import type { AbnDetails } from '../../registers/abr/abn-register.js';
import type { CompanyRecord } from '../../registers/asic/company-register.js';

// The snapshot's shape is the stored column's type (store/schema/register-snapshot.ts), so rows and
// verbs share it without casts.
import type { RegisterSnapshot, RegisterStatus } from '../../store/schema/register-snapshot.js';
export type { RegisterSnapshot, RegisterStatus } from '../../store/schema/register-snapshot.js';

const TYPE_NAMES: Record<string, string> = {
  APTY: 'Australian Proprietary Company',
  APUB: 'Australian Public Company',
  PRV: 'Australian Private Company',
  PUB: 'Australian Public Company',
  IND: 'Individual/Sole Trader',
  PTR: 'Partnership',
  TRT: 'Trust',
  FNOS: 'Registered Foreign Company',
};

/** Spec 2.6: a readable type; an unrecognised code is returned as it is. */
export function readableType(code: string | null): string | null {
  if (code === null) return null;
  return TYPE_NAMES[code] ?? code;
}

const STATUS_WORDS: Record<RegisterStatus, string> = {
  registered: 'Registered',
  deregistered: 'Deregistered',
  cancelled: 'Cancelled',
  external_administration: 'External administration',
  strike_off_proposed: 'Strike-off proposed',
};

export function statusWord(status: RegisterStatus): string {
  return STATUS_WORDS[status];
}

export function oneLineAddress(address: CompanyRecord['address']): string | null {
  if (!address) return null;
  return `${address.street}, ${address.locality} ${address.state} ${address.postcode}`;
}

export interface Cursors {
  documentCursor: number;
  noticeCursor: number;
  ppsrCursor: number;
}

/**
 * A company's snapshot. GST and business names belong to its ABN, so they come from the ABN record
 * when the company has one the ABR knows, and from the company record otherwise.
 */
export function companySnapshot(company: CompanyRecord, abnRecord: AbnDetails | null, cursors: Cursors): RegisterSnapshot {
  const gst = abnRecord ?? company;
  return {
    name: company.name,
    acn: company.acn,
    abn: company.abn,
    status: company.status,
    entityType: company.entityType,
    address: oneLineAddress(company.address),
    gstRegistered: gst.gstRegistered,
    gstDate: gst.gstDate,
    businessNames: [...gst.businessNames],
    ...cursors,
  };
}

/** An ABN holder that is not a company: everything comes from the ABR. */
export function abnSnapshot(record: AbnDetails, cursors: Cursors): RegisterSnapshot {
  return {
    name: record.entityName,
    acn: null,
    abn: record.abn,
    status: record.status === 'cancelled' ? 'cancelled' : 'registered',
    entityType: record.entityType,
    address: null,
    gstRegistered: record.gstRegistered,
    gstDate: record.gstDate,
    businessNames: [...record.businessNames],
    ...cursors,
  };
}

/** Deregistered companies and cancelled ABNs are checked weekly instead of daily (spec 6.2). */
export function isClosed(status: RegisterStatus): boolean {
  return status === 'deregistered' || status === 'cancelled';
}
