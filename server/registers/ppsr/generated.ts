// The sandbox rule for identifiers the fixtures do not name: a deterministic answer derived from the
// identifier alone (a SHA-256 of it), so the same search gives the same result in every process and
// every run, and property-based tests and demos can use any valid identifier. Nothing here reads the
// clock: dates are derived from the hash too.
import { createHash } from 'node:crypto';
import type { NevdisRecord, PpsrRegistrationRecord } from './ppsr-register.js';

/** Bytes of SHA-256 over the search kind and identifier: the only source of "randomness" here. */
export function seedOf(kind: string, identifier: string): Buffer {
  return createHash('sha256').update(`${kind}:${identifier}`).digest();
}

function digits(seed: Buffer, offset: number, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(seed[(offset + i) % seed.length]! % 10);
  return out;
}

function pick<T>(list: readonly T[], seed: Buffer, offset: number): T {
  return list[seed[offset % seed.length]! % list.length]!;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const COLLATERAL = [
  { collateralClass: 'Motor Vehicle', serialNumberType: 'VIN' },
  { collateralClass: 'Other Goods', serialNumberType: 'ChassisNumber' },
  { collateralClass: 'Watercraft', serialNumberType: 'HIN' },
  { collateralClass: 'Agriculture', serialNumberType: 'ChassisNumber' },
] as const;
const SECURED_PARTIES = ['EXAMPLE FINANCE LIMITED', 'EXAMPLE BANK LIMITED', 'SAMPLE LEASING PTY LTD', 'DEMO CREDIT UNION LIMITED'] as const;
const GRANTOR_PEOPLE = ['ALEX SAMPLE', 'SAM EXAMPLE', 'JORDAN DEMO', 'TAYLOR SPECIMEN'] as const;
const VEHICLES = [
  { make: 'TOYOTA', model: 'HILUX', bodyType: 'UTILITY' },
  { make: 'MAZDA', model: 'CX-5', bodyType: 'WAGON' },
  { make: 'HYUNDAI', model: 'I30', bodyType: 'HATCHBACK' },
  { make: 'KIA', model: 'CERATO', bodyType: 'SEDAN' },
  { make: 'MITSUBISHI', model: 'TRITON', bodyType: 'UTILITY' },
] as const;
const COLOURS = ['WHITE', 'SILVER', 'BLACK', 'BLUE', 'RED', 'GREY'] as const;

/** How many registrations a generated answer holds: 0, 1 or 2, so both certificate kinds occur. */
export function generatedCount(seed: Buffer): number {
  return seed[0]! % 3;
}

/** A date-time with the Brisbane offset, derived from the seed: start between 2016 and 2025. */
function startOf(seed: Buffer, offset: number): { start: string; end: string } {
  const year = 2016 + (seed[offset % seed.length]! % 10);
  const month = 1 + (seed[(offset + 1) % seed.length]! % 12);
  const day = 1 + (seed[(offset + 2) % seed.length]! % 28);
  const hour = 8 + (seed[(offset + 3) % seed.length]! % 9);
  const minute = seed[(offset + 4) % seed.length]! % 60;
  const date = `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return {
    start: `${year}-${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+10:00`,
    end: `${year + 7}-${date}T23:59:59+10:00`,
  };
}

export interface GeneratedGrantor {
  grantorName: string;
  grantorNumber: string | null;
}

/**
 * Registration `index` of a generated answer. The grantor is the one searched when known (grantor
 * searches); otherwise a made-up individual. `serialNumber` is the one searched for serial searches.
 */
export function generatedRegistration(
  seed: Buffer,
  index: number,
  options: { grantor?: GeneratedGrantor; serial?: { serialNumber: string; serialNumberType: string }; registrationNumber?: string },
): PpsrRegistrationRecord {
  const o = index * 7;
  const collateral = options.serial
    ? { collateralClass: options.serial.serialNumberType === 'VIN' ? 'Motor Vehicle' : 'Other Goods', ...options.serial }
    : pick(COLLATERAL, seed, o + 1);
  const serialNumber = options.serial?.serialNumber ?? `GEN${digits(seed, o + 2, 9)}`.slice(0, 17);
  const { start, end } = startOf(seed, o + 3);
  const grantor = options.grantor ?? { grantorName: pick(GRANTOR_PEOPLE, seed, o + 4), grantorNumber: null };
  return {
    // 15 digits like real PPSR numbers; the leading 9 keeps them apart from every fixture number.
    registrationNumber: options.registrationNumber ?? `9${digits(seed, o + 5, 14)}`,
    changeNumber: digits(seed, o + 6, 7),
    registrationStart: start,
    registrationEnd: end,
    collateralType: 'Commercial',
    collateralClass: collateral.collateralClass,
    collateralDescription: null,
    serialNumber,
    serialNumberType: collateral.serialNumberType,
    ...grantor,
    securedPartyName: pick(SECURED_PARTIES, seed, o + 8),
    spgNumber: digits(seed, o + 9, 7),
    isPmsi: seed[(o + 10) % seed.length]! % 2 === 0,
    registrationKind: 'standard',
  };
}

/** NEVDIS for a VIN the fixtures do not name: a plain, registered vehicle. */
export function generatedNevdis(vin: string): NevdisRecord {
  const seed = seedOf('nevdis', vin);
  const model = pick(VEHICLES, seed, 1);
  const expiryYear = 2026 + (seed[2]! % 2);
  const day = String(1 + (seed[3]! % 28)).padStart(2, '0');
  return {
    verificationStatus: 'Found',
    vehicles: [
      {
        vin,
        ...model,
        year: String(2008 + (seed[4]! % 17)),
        colour: pick(COLOURS, seed, 5),
        engineNumber: `EN${vin.slice(-8)}`,
        registrationPlate: `${digits(seed, 6, 3)}${String.fromCharCode(65 + (seed[9]! % 26), 65 + (seed[10]! % 26), 65 + (seed[11]! % 26))}`,
        registrationExpiry: `${day}-${pick(MONTHS, seed, 12)}-${expiryYear}`,
        stolen: false,
        writtenOff: false,
        safetyRecalls: [],
      },
    ],
  };
}
