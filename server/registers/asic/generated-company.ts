// The sandbox rule for numbers the fixtures do not list: any valid ACN is a registered proprietary
// company whose name is derived from the number, `COMPANY 123 456 789 PTY LTD` for ACN 123456789.
// The name is unique per number, obviously made up, and reversible, so a name check of a generated
// name finds its company without enumerating every possible ACN.
import type { CompanyRecord } from './company-register.js';

/** ACN in ASIC's printed grouping (`123 456 789`). */
function grouped(acn: string): string {
  return `${acn.slice(0, 3)} ${acn.slice(3, 6)} ${acn.slice(6, 9)}`;
}

export function generatedCompanyName(acn: string): string {
  return `COMPANY ${grouped(acn)} PTY LTD`;
}

/** No ABN, address, GST or business names: only what the number can honestly tell. */
export function generatedCompany(acn: string): CompanyRecord {
  return {
    acn,
    name: generatedCompanyName(acn),
    status: 'registered',
    entityType: 'APTY',
    abn: null,
    address: null,
    gstRegistered: false,
    gstDate: null,
    businessNames: [],
  };
}

const GENERATED_NAME = /^COMPANY (\d{3}) (\d{3}) (\d{3}) PTY LTD$/;

/**
 * The ACN a normalised name would belong to if it were a generated name, or null. The caller still
 * looks the number up, because a fixture or an operator override may hold that ACN under another name.
 */
export function acnOfGeneratedName(normalisedName: string): string | null {
  const match = GENERATED_NAME.exec(normalisedName);
  return match ? `${match[1]}${match[2]}${match[3]}` : null;
}
