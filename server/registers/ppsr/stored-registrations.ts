// Registrations the operator added to the simulated PPSR (table `ppsr_registrations`), shown in the
// register's own shape. Read on every search, so a registration added through one process is found
// by searches in every other.
import { and, asc, eq, gt, inArray, max, sql, type SQL } from 'drizzle-orm';
import { VIN_PATTERN } from '../../../schemas/common/identifiers.js';
import type { Database } from '../../store/db.js';
import { ppsrRegistrations } from '../../store/schema/index.js';
import { brisbaneOffsetDateTime } from '../../../schemas/common/dates.js';
import { foldName } from '../../../schemas/common/names.js';
import { seedOf } from './generated.js';
import type { AddedPpsrRegistration, GrantorNumberType, PpsrRegistrationChange, PpsrRegistrationRecord } from './ppsr-register.js';
import type { PpsrRegistrationRow } from '../../store/schema/ppsr.js';

type NewRow = typeof ppsrRegistrations.$inferInsert;

const SEVEN_YEARS_MS = 7 * 365.25 * 86_400_000;

function sevenDigits(seed: Buffer, offset: number): string {
  return Array.from({ length: 7 }, (_, i) => String(seed[offset + i]! % 10)).join('');
}

/** The register's view of an added registration; what the operator did not give is derived from its number. */
export function registrationOf(row: PpsrRegistrationRow): PpsrRegistrationRecord {
  const seed = seedOf('added', row.registrationNumber);
  const serial = row.serialNumber;
  return {
    registrationNumber: row.registrationNumber,
    changeNumber: sevenDigits(seed, 0),
    registrationStart: brisbaneOffsetDateTime(row.registrationStart),
    registrationEnd: brisbaneOffsetDateTime(new Date(row.registrationStart.getTime() + SEVEN_YEARS_MS)),
    collateralType: 'Commercial',
    collateralClass: row.collateralClass,
    collateralDescription: null,
    // The result shape has no null serial; collateral without one (all present and after-acquired
    // property) shows empty strings, as the PPSR prints nothing there.
    serialNumber: serial ?? '',
    serialNumberType: serial === null ? '' : VIN_PATTERN.test(serial) ? 'VIN' : 'ChassisNumber',
    grantorName: row.grantorName,
    grantorNumber: row.grantorNumber,
    securedPartyName: row.securedPartyName,
    spgNumber: sevenDigits(seed, 7),
    isPmsi: false,
    registrationKind: 'standard',
  };
}

export function addedView(row: PpsrRegistrationRow): AddedPpsrRegistration {
  return {
    registrationNumber: row.registrationNumber,
    grantorNumberType: row.grantorNumberType as GrantorNumberType,
    grantorNumber: row.grantorNumber,
    grantorName: row.grantorName,
    collateralClass: row.collateralClass,
    securedPartyName: row.securedPartyName,
    registrationStart: row.registrationStart,
    serialNumber: row.serialNumber,
  };
}

const byStart = [asc(ppsrRegistrations.registrationStart), asc(ppsrRegistrations.registrationNumber)];

export interface StoredRegistrations {
  byGrantorNumbers(numbers: string[]): Promise<PpsrRegistrationRecord[]>;
  /** Registrations whose grantor name folds (D-57) to the same name as `name`. */
  byGrantorName(name: string): Promise<PpsrRegistrationRecord[]>;
  bySerialNumber(serialNumber: string): Promise<PpsrRegistrationRecord[]>;
  byRegistrationNumber(registrationNumber: string): Promise<PpsrRegistrationRecord | null>;
  /** Inserts; null when the registration number is taken. */
  insert(row: NewRow): Promise<AddedPpsrRegistration | null>;
  /** Registrations whose grantor is one of these ACNs, added after `afterSeq`, in order of addition. */
  againstAcnsSince(acns: readonly string[], afterSeq: number): Promise<PpsrRegistrationChange[]>;
  /** The `seq` of the newest registration, 0 when none. */
  cursor(): Promise<number>;
}

export function createStoredRegistrations(db: Database): StoredRegistrations {
  const select = async (where: SQL): Promise<PpsrRegistrationRecord[]> =>
    (
      await db
        .select()
        .from(ppsrRegistrations)
        .where(where)
        .orderBy(...byStart)
    ).map(registrationOf);
  return {
    byGrantorNumbers: async (numbers) => (numbers.length === 0 ? [] : select(inArray(ppsrRegistrations.grantorNumber, numbers))),
    // The name is compared folded (D-57), which SQL's upper() is not: a sandbox's few operator-added
    // registrations are read and folded here, as the column has no index a comparison could use.
    byGrantorName: async (name) => {
      const wanted = foldName(name);
      return (await select(sql`true`)).filter((registration) => foldName(registration.grantorName) === wanted);
    },
    bySerialNumber: async (serialNumber) => select(eq(sql`upper(${ppsrRegistrations.serialNumber})`, serialNumber.toUpperCase())),
    byRegistrationNumber: async (registrationNumber) =>
      (await select(eq(ppsrRegistrations.registrationNumber, registrationNumber)))[0] ?? null,
    insert: async (row) => {
      const [inserted] = await db.insert(ppsrRegistrations).values(row).onConflictDoNothing().returning();
      return inserted ? addedView(inserted) : null;
    },
    againstAcnsSince: async (acns, afterSeq) => {
      if (acns.length === 0) return [];
      const rows = await db
        .select()
        .from(ppsrRegistrations)
        .where(
          and(
            eq(ppsrRegistrations.grantorNumberType, 'ACN'),
            inArray(ppsrRegistrations.grantorNumber, [...acns]),
            gt(ppsrRegistrations.seq, afterSeq),
          ),
        )
        .orderBy(asc(ppsrRegistrations.seq));
      return rows.map((row) => ({
        seq: row.seq,
        acn: row.grantorNumber,
        registrationNumber: row.registrationNumber,
        collateralClass: row.collateralClass,
        securedPartyName: row.securedPartyName,
        registrationStart: row.registrationStart,
      }));
    },
    cursor: async () => {
      const [row] = await db.select({ seq: max(ppsrRegistrations.seq) }).from(ppsrRegistrations);
      return Number(row?.seq ?? 0);
    },
  };
}
