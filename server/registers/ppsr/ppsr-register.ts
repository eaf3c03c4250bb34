// The PPSR (with NEVDIS vehicle data) as the service sees it (architecture.md "registers/"). The
// simulated adapter in this folder implements the interface; a real PPSR B2G adapter would implement
// the same one, so the domain never knows which it talks to.
import type { z } from 'zod';
import type { PpsrEntity, PpsrNevdisData, PpsrRegistration } from '../../../schemas/ppsr/index.js';

export type PpsrRegistrationRecord = z.infer<typeof PpsrRegistration>;
export type PpsrEntityRecord = z.infer<typeof PpsrEntity>;
export type NevdisRecord = z.infer<typeof PpsrNevdisData>;
export type GrantorNumberType = 'ACN' | 'ABN' | 'ARBN' | 'ARSN';
export type SerialNumberType = 'ChassisNumber' | 'HIN' | 'OfficialNumber';

/** One search, by the identifier of its type (spec 2.3 search type table). */
export type PpsrQuery =
  | { kind: 'grantor_number'; numberType: GrantorNumberType; number: string }
  | { kind: 'vin'; vin: string }
  | { kind: 'serial'; serialNumber: string; serialNumberType: SerialNumberType }
  | { kind: 'registration_number'; registrationNumber: string }
  | { kind: 'individual'; familyName: string; givenNames: string; dateOfBirth: string }
  | { kind: 'organisation'; organisationName: string };

/** What the register answered: results, or a search it did not complete (D-33 `failureReason`). */
export type PpsrAnswer =
  | { outcome: 'found'; entity: PpsrEntityRecord; registrations: PpsrRegistrationRecord[]; nevdis?: NevdisRecord }
  | { outcome: 'failed'; reason: string };

export type Availability = { available: true } | { available: false; retryAfterSeconds: number };

/** A registration the operator adds (`POST /admin/register/ppsr-registrations`). */
export interface NewPpsrRegistration {
  grantorNumberType: GrantorNumberType;
  grantorNumber: string;
  collateralClass: string;
  securedPartyName: string;
  registrationStart: Date;
  serialNumber?: string;
  registrationNumber?: string;
}

/** A registration as the operator API shows it back. */
export interface AddedPpsrRegistration {
  registrationNumber: string;
  grantorNumberType: GrantorNumberType;
  grantorNumber: string;
  grantorName: string;
  collateralClass: string;
  securedPartyName: string;
  registrationStart: Date;
  serialNumber: string | null;
}

/** A registration made against a company's ACN, in the order the PPSR took them (monitoring's `ppsr_registration`). */
export interface PpsrRegistrationChange {
  /** Position in the register's order of addition: later registrations have larger ones. */
  seq: number;
  acn: string;
  registrationNumber: string;
  collateralClass: string;
  securedPartyName: string;
  registrationStart: Date;
}

export interface PpsrRegister {
  /** Whether the register can be reached now; callers refuse work (503) before charging when not. */
  availability(): Promise<Availability>;
  search(query: PpsrQuery): Promise<PpsrAnswer>;
  /** Registrations against these ACNs made after `afterSeq`, oldest first. */
  registrationsSince(acns: readonly string[], afterSeq: number): Promise<PpsrRegistrationChange[]>;
  /** The `seq` of the newest registration (0 when none). */
  cursor(): Promise<number>;
}
