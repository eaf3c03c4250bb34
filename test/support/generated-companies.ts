// Generated companies for bulk tests and the monitoring benchmark: valid ACNs from a number, and what
// the simulated ASIC register says of each until a test renames it.
import type { RegisterSnapshot } from '../../server/domain/monitoring/register-state.js';

/** A valid ACN from an 8-digit body (the ASIC check digit appended). */
export function acnFrom(body: number): string {
  const digits = String(body).padStart(8, '0');
  const sum = [...digits].reduce((acc, digit, index) => acc + Number(digit) * (8 - index), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/**
 * The register's word on a generated company: what a monitored entity's last check saw. Typed as
 * the snapshot and as the JSON column it is stored in (monitored_entities.register).
 */
export function baselineSnapshot(acn: string): RegisterSnapshot & Record<string, unknown> {
  return {
    name: `COMPANY ${acn.slice(0, 3)} ${acn.slice(3, 6)} ${acn.slice(6)} PTY LTD`,
    acn,
    abn: null,
    status: 'registered',
    entityType: 'APTY',
    address: null,
    gstRegistered: false,
    gstDate: null,
    businessNames: [],
    documentCursor: 0,
    noticeCursor: 0,
    ppsrCursor: 0,
  };
}
