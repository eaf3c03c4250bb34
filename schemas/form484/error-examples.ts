// 422 examples produced by running `validateForm484` on faulty bodies, so the documented codes,
// fields and messages are exactly what the server sends for them.
import { form484Error } from '../common/errors.js';
import type { NamedExample } from '../common/operation.js';
import { EXAMPLES_TODAY, officeHolderAppointment, registeredOfficeChange, shareIssue } from './examples.js';
import { lazily } from '../common/lazily.js';
import { validateForm484 } from './validate.js';

function rejected(summary: string, body: unknown, description?: string): NamedExample {
  return {
    summary,
    ...(description ? { description } : {}),
    value: form484Error(validateForm484(body, { today: EXAMPLES_TODAY })),
  };
}

const [firstOfficer] = officeHolderAppointment.officeHolders ?? [];
const [firstMember, secondMember] = shareIssue.members ?? [];

/** The 422 examples of createForm484Lodgement, made when first asked for (../common/lazily.ts). */
export const form484ValidationExamples = lazily((): Record<string, NamedExample> => ({
  generalAndSignature: rejected('Lower case, bad ACN, old signature, missing field', {
    generalInformation: { companyName: 'Sandbox Trading Pty Ltd', acn: '100000012' },
    registeredOffice: { ...registeredOfficeChange.registeredOffice, dateOfChange: '2026-12-01', occupyIndicator: false },
    signature: { ...registeredOfficeChange.signature, date: '2026-04-30', declaresTrueAndCorrectIndicator: false },
  }),
  officeHolder: rejected('Office holder under 18, date in the future, address without state', {
    ...officeHolderAppointment,
    officeHolders: [
      {
        ...firstOfficer,
        dateOfChange: '2026-11-31',
        birthDetails: { date: '2010-03-01', locality: 'BRISBANE', localityQualifier: 'AU' },
        address: { street: '12 RIVER TERRACE', locality: 'KANGAROO POINT', postcode: '4169' },
        offices: [{ office: 'DIR', appointmentDate: '2026-11-30' }],
      },
    ],
  }),
  shares: rejected(
    'Share issue: V455 mismatch, unknown class, missing owner',
    {
      ...shareIssue,
      shareStructure: [{ ...shareIssue.shareStructure?.[0], numberIssued: 1200 }],
      members: [
        firstMember,
        {
          ...secondMember,
          shareClass: 'PREF',
          holdingOwners: [{ address: { street: '1 MAIN ROAD', locality: 'AUCKLAND', country: 'NZ', postcode: '1010' } }],
        },
      ],
    },
    "The second member's shares are in class PREF, which is not in `shareStructure`, so the ORD totals no longer match the ORD members.",
  ),
  sectionsMissing: rejected('Share issue without share structure or members, unknown field', {
    generalInformation: registeredOfficeChange.generalInformation,
    shareIssue: { ...shareIssue.shareIssue, issuePrice: 1 },
    signature: registeredOfficeChange.signature,
    testTransmissionIndicator: false,
  }),
}));
