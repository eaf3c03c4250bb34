// The simulated PPSR with NEVDIS (sandbox.md "PPSR"): the fixtures answer for the identifiers they
// name, generated.ts for every other valid identifier, and registrations the operator added are
// found in both cases. The operator's availability switch takes it down (503 `registry_unavailable`).
import { randomInt } from 'node:crypto';
import type { Database } from '../../store/db.js';
import { OUTAGE_RETRY_AFTER_SECONDS, readAvailability, type AvailabilityCache } from '../availability.js';
import type { AbnRegister } from '../abr/abn-register.js';
import type { CompanyRegister } from '../asic/company-register.js';
import { brisbaneYyyymmdd } from '../../../schemas/common/dates.js';
import { foldName } from '../../../schemas/common/names.js';
import {
  NEVDIS_FIXTURES,
  PPSR_EMPTY_ORGANISATION_NAMES,
  PPSR_FAILING_ORGANISATION_NAMES,
  PPSR_FAILING_VINS,
  PPSR_FAILURE_REASON,
  PPSR_FIXTURE_INDIVIDUALS,
  PPSR_FIXTURE_REGISTRATIONS,
} from '../../../schemas/ppsr/sandbox.js';
import { generatedCount, generatedNevdis, generatedRegistration, seedOf, type GeneratedGrantor } from './generated.js';
import { emptyEntity, grantorEntity } from './grantor-entities.js';
import type {
  AddedPpsrRegistration,
  NevdisRecord,
  NewPpsrRegistration,
  PpsrAnswer,
  PpsrEntityRecord,
  PpsrQuery,
  PpsrRegister,
  PpsrRegistrationRecord,
} from './ppsr-register.js';
import { createStoredRegistrations } from './stored-registrations.js';

/** The simulation's extra: the operator adds registrations (a real PPSR adapter has no such method). */
export interface SimulatedPpsr extends PpsrRegister {
  /** Null when `registrationNumber` is already taken (a fixture or an earlier addition). */
  addRegistration(input: NewPpsrRegistration, at: Date): Promise<AddedPpsrRegistration | null>;
}

/** Names compare as the PPSR compares them: case and runs of spaces do not matter (the D-57 fold). */
export function normaliseName(name: string): string {
  return foldName(name);
}

/** Serial numbers compare without regard to case; fixture types are the request's own words. */
const SERIAL_TYPE_LABEL = { ChassisNumber: 'ChassisNumber', HIN: 'HIN', OfficialNumber: 'OfficialNumber' } as const;

const FIXTURE_NUMBERS = new Set(PPSR_FIXTURE_REGISTRATIONS.map((r) => r.registrationNumber));

function generatedList(
  seed: Buffer,
  options: { grantor?: GeneratedGrantor; serial?: { serialNumber: string; serialNumberType: string } },
): PpsrRegistrationRecord[] {
  return Array.from({ length: generatedCount(seed) }, (_, i) => generatedRegistration(seed, i, options));
}

function found(entity: PpsrEntityRecord, registrations: PpsrRegistrationRecord[], nevdis?: NevdisRecord): PpsrAnswer {
  // Copies, so a caller changing a record can never change a fixture.
  return { outcome: 'found', entity, registrations: registrations.map((r) => ({ ...r })), ...(nevdis ? { nevdis } : {}) };
}

export function createSimulatedPpsr(
  db: Database,
  registers: { companies: CompanyRegister; abns: AbnRegister },
  options: { answerDelayMs?: number; availability?: AvailabilityCache } = {},
): SimulatedPpsr {
  const stored = createStoredRegistrations(db);
  // A real register answers in seconds of real time, whatever the service clock says.
  const answerDelay = async (): Promise<void> => {
    if (options.answerDelayMs) await new Promise((resolve) => setTimeout(resolve, options.answerDelayMs));
  };

  const search = async (query: PpsrQuery): Promise<PpsrAnswer> => {
    switch (query.kind) {
      case 'grantor_number': {
        const entity = await grantorEntity(registers, query.numberType, query.number);
        // An ABN of a company finds what is registered against its ACN too.
        const numbers = [...new Set([query.number, ...(query.numberType === 'ABN' && entity.acn ? [entity.acn] : [])])];
        const fixtures = PPSR_FIXTURE_REGISTRATIONS.filter((r) => r.grantorNumber !== null && numbers.includes(r.grantorNumber));
        const base = fixtures.length
          ? fixtures
          : generatedList(seedOf(`grantor:${query.numberType}`, query.number), {
              grantor: { grantorName: entity.name, grantorNumber: query.number },
            });
        return found(entity, [...base, ...(await stored.byGrantorNumbers(numbers))]);
      }
      case 'vin': {
        const vin = query.vin.toUpperCase();
        if (PPSR_FAILING_VINS.has(vin)) return { outcome: 'failed', reason: PPSR_FAILURE_REASON };
        const fixtures = PPSR_FIXTURE_REGISTRATIONS.filter((r) => r.serialNumberType === 'VIN' && r.serialNumber === vin);
        const known = fixtures.length > 0 || vin in NEVDIS_FIXTURES;
        const base = known ? fixtures : generatedList(seedOf('vin', vin), { serial: { serialNumber: vin, serialNumberType: 'VIN' } });
        const nevdis = NEVDIS_FIXTURES[vin] ?? generatedNevdis(vin);
        return found(emptyEntity(vin), [...base, ...(await stored.bySerialNumber(vin))], structuredClone(nevdis));
      }
      case 'serial': {
        const serial = query.serialNumber.toUpperCase();
        const type = SERIAL_TYPE_LABEL[query.serialNumberType];
        const fixtures = PPSR_FIXTURE_REGISTRATIONS.filter((r) => r.serialNumberType === type && r.serialNumber.toUpperCase() === serial);
        const base = fixtures.length
          ? fixtures
          : generatedList(seedOf(`serial:${type}`, serial), { serial: { serialNumber: serial, serialNumberType: type } });
        // NEVDIS holds road vehicles by VIN; it knows no chassis, hull or official number.
        return found(emptyEntity(query.serialNumber), [...base, ...(await stored.bySerialNumber(serial))], {
          verificationStatus: 'NotFound',
          vehicles: [],
        });
      }
      case 'registration_number': {
        const number = query.registrationNumber;
        const registration =
          PPSR_FIXTURE_REGISTRATIONS.find((r) => r.registrationNumber === number) ??
          (await stored.byRegistrationNumber(number)) ??
          generatedRegistration(seedOf('registration', number), 0, { registrationNumber: number });
        return found(emptyEntity(number), [registration]);
      }
      case 'individual': {
        const name = normaliseName(`${query.givenNames} ${query.familyName}`);
        const fixture = PPSR_FIXTURE_INDIVIDUALS.find(
          (p) =>
            normaliseName(p.familyName) === normaliseName(query.familyName) &&
            normaliseName(p.givenNames) === normaliseName(query.givenNames) &&
            p.dateOfBirth === query.dateOfBirth,
        );
        const base = fixture
          ? PPSR_FIXTURE_REGISTRATIONS.filter((r) => r.grantorNumber === null && r.grantorName === fixture.grantorName)
          : generatedList(seedOf('individual', `${name}|${query.dateOfBirth}`), { grantor: { grantorName: name, grantorNumber: null } });
        return found(emptyEntity(name), base);
      }
      case 'organisation': {
        const name = normaliseName(query.organisationName);
        if (PPSR_FAILING_ORGANISATION_NAMES.has(name)) return { outcome: 'failed', reason: PPSR_FAILURE_REASON };
        const entity = emptyEntity(name);
        if (PPSR_EMPTY_ORGANISATION_NAMES.has(name)) return found(entity, []);
        const fixtures = PPSR_FIXTURE_REGISTRATIONS.filter((r) => r.grantorNumber !== null && r.grantorName === name);
        const base = fixtures.length
          ? fixtures
          : generatedList(seedOf('organisation', name), { grantor: { grantorName: name, grantorNumber: null } });
        return found(entity, [...base, ...(await stored.byGrantorName(name))]);
      }
    }
  };

  return {
    availability: async () =>
      (await (options.availability ? options.availability.read(db) : readAvailability(db))).ppsr
        ? { available: true }
        : { available: false, retryAfterSeconds: OUTAGE_RETRY_AFTER_SECONDS },
    search: async (query) => {
      await answerDelay();
      return search(query);
    },
    registrationsSince: (acns, afterSeq) => stored.againstAcnsSince(acns, afterSeq),
    cursor: () => stored.cursor(),
    addRegistration: async (input, at) => {
      const entity = await grantorEntity(registers, input.grantorNumberType, input.grantorNumber);
      const given = input.registrationNumber;
      if (given !== undefined && FIXTURE_NUMBERS.has(given)) return null;
      // A generated number is today's Brisbane date and 7 random digits; a clash (1 in 10^7) is retried.
      for (let attempt = 0; attempt < 5; attempt++) {
        const registrationNumber = given ?? `${brisbaneYyyymmdd(at)}${String(randomInt(10_000_000)).padStart(7, '0')}`;
        const inserted = await stored.insert({
          registrationNumber,
          grantorNumberType: input.grantorNumberType,
          grantorNumber: input.grantorNumber,
          grantorName: entity.name,
          collateralClass: input.collateralClass,
          securedPartyName: input.securedPartyName,
          registrationStart: input.registrationStart,
          serialNumber: input.serialNumber ?? null,
          createdAt: at,
        });
        if (inserted || given !== undefined) return inserted;
      }
      return null;
    },
  };
}
