// Request and response examples built from the sandbox values (sandbox.md): ACN 100000011 is
// SANDBOX TRADING PTY LTD. The examples' "today" is 2026-11-22, so every date is on or before it
// and every signature is within the six months before it. Unit tests run each request example
// through `validateForm484`, and the spec tests check each against the published schema.
import type { NamedExample } from '../common/operation.js';
import { EXAMPLES_DATE } from '../common/dates.js';
import type { Form484Request } from './request.js';

/** The date the examples are written for (the document's `info.x-examples-date`). */
export const EXAMPLES_TODAY = EXAMPLES_DATE;

const generalInformation = { companyName: 'SANDBOX TRADING PTY LTD', acn: '100000011' };
const signature = {
  name: { familyName: 'CITIZEN', givenName1: 'JANE' },
  role: 'DIR',
  date: '2026-11-20',
  declaresTrueAndCorrectIndicator: true,
} as const;

export const registeredOfficeChange: Form484Request = {
  generalInformation,
  registeredOffice: {
    dateOfChange: '2026-11-16',
    address: { line2: 'LEVEL 5', street: '123 EAGLE STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000' },
    occupyIndicator: true,
  },
  signature,
  testTransmissionIndicator: false,
};

export const bothAddressesChange: Form484Request = {
  generalInformation: { ...generalInformation, annualStatementResponseIndicator: false },
  registeredOffice: {
    dateOfChange: '2026-11-02',
    address: { careOf: 'HARBOUR ACCOUNTANTS', street: '40 CREEK STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000' },
    occupyIndicator: false,
    occupierName: 'HARBOUR ACCOUNTANTS PTY LTD',
    occupierConsent: true,
  },
  principalPlaceOfBusiness: {
    dateOfChange: '2026-11-02',
    address: { street: '8 BOUNDARY STREET', locality: 'WEST END', state: 'QLD', postcode: '4101' },
  },
  signature: { ...signature, role: 'SEC', name: { familyName: "O'BRIEN", givenName1: 'SEAN', givenName2: 'PATRICK' } },
  testTransmissionIndicator: false,
};

export const officeHolderAppointment: Form484Request = {
  generalInformation,
  officeHolders: [
    {
      status: 'AP',
      dateOfChange: '2026-11-18',
      name: { familyName: 'NGUYEN', givenName1: 'MINH', givenName2: 'ANH' },
      birthDetails: { date: '1985-04-12', locality: 'HANOI', localityQualifier: 'VN' },
      address: { street: '12 RIVER TERRACE', locality: 'KANGAROO POINT', state: 'QLD', postcode: '4169', country: 'AU' },
      offices: [{ office: 'DIR', appointmentDate: '2026-11-18' }],
    },
    {
      status: 'AP',
      dateOfChange: '2026-11-18',
      name: { familyName: 'TAMIHANA', givenName1: 'AROHA' },
      birthDetails: { date: '1990-07-30', locality: 'ROTORUA', localityQualifier: 'NZ' },
      address: { street: '21 QUEEN STREET', locality: 'AUCKLAND', country: 'NZ' },
      offices: [
        { office: 'ALT', appointmentDate: '2026-11-18', nameOfDirector: { familyName: 'NGUYEN', givenName1: 'MINH', givenName2: 'ANH' } },
      ],
    },
    {
      status: 'CN',
      dateOfChange: '2026-11-17',
      name: { familyName: 'SMITH', givenName1: 'ROBERT' },
      birthDetails: { date: '1962-01-05', locality: 'TOOWOOMBA', localityQualifier: 'QLD' },
      address: { street: '7 MARGARET STREET', locality: 'TOOWOOMBA CITY', state: 'QLD', postcode: '4350' },
      offices: [{ office: 'SEC', cessationDate: '2026-11-17' }],
    },
  ],
  signature,
  testTransmissionIndicator: false,
};

const janeCitizenAddress = { street: '1 EAGLE STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000', country: 'AU' } as const;

/** 1,000 existing ORD shares plus 100 issued: the class totals equal the member sums (V455). */
export const shareIssue: Form484Request = {
  generalInformation,
  shareStructure: [
    {
      classCode: 'ORD',
      classTitle: 'ORDINARY',
      numberIssued: 1100,
      totalAmountPaid: 1100,
      totalAmountUnpaid: 0,
      status: 'DC',
      earliestDateOfChange: '2026-11-10',
    },
  ],
  shareIssue: {
    earliestDateOfIssue: '2026-11-10',
    sharesIssuedForCashOnlyIndicator: true,
    sharesIssuedUnderWrittenContractIndicator: false,
    descriptionOfConsideration: 'CASH AT $1.00 PER SHARE\nPAID IN FULL ON ISSUE',
    shareClasses: [{ classCode: 'ORD', classTitle: 'ORDINARY', totalNumberInIssue: 100, amountPaid: 100, amountDue: 0 }],
  },
  members: [
    {
      shareClass: 'ORD',
      number: 1000,
      sharesFullyPaidIndicator: true,
      beneficialOwnerIndicator: true,
      totalPaid: 1000,
      totalUnpaid: 0,
      holdingStatus: 'CO',
      dateOfChangeToRegister: '2026-11-10',
      holdingOwners: [{ individual: { familyName: 'CITIZEN', givenName1: 'JANE' }, address: janeCitizenAddress }],
    },
    {
      shareClass: 'ORD',
      number: 100,
      sharesFullyPaidIndicator: true,
      beneficialOwnerIndicator: false,
      totalPaid: 100,
      totalUnpaid: 0,
      increaseDecreaseInHolding: 100,
      holdingStatus: 'AP',
      dateOfChangeToRegister: '2026-11-10',
      dateMemberNameAddedToRegister: '2026-11-10',
      holdingOwners: [
        {
          organisation: { name: 'HARBOUR LIGHTS INVESTMENTS PTY LTD', acn: '604123453' },
          memberHasAcnIndicator: true,
          memberStatus: 'AP',
          address: { street: '40 CREEK STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000' },
        },
      ],
    },
  ],
  signature,
  testTransmissionIndicator: false,
};

/** A buy-back of 200 of 1,100 shares; the remaining holdings sum to the new totals (V455). */
export const shareCancellation: Form484Request = {
  generalInformation,
  shareStructure: [
    {
      classCode: 'ORD',
      classTitle: 'ORDINARY',
      numberIssued: 900,
      totalAmountPaid: 900,
      totalAmountUnpaid: 0,
      status: 'DC',
      earliestDateOfChange: '2026-11-12',
    },
  ],
  shareCancellation: {
    earliestDateOfRegistrationOfCancellation: '2026-11-12',
    cancellationProvision: 'S257H(3) SHARE BUY-BACK',
    sectionReference: 'S257A',
    description: 'EQUAL ACCESS BUY-BACK',
    shareClasses: [{ classCode: 'ORD', classTitle: 'ORDINARY', totalNumberCancelled: 200, totalConsiderationPaid: 300 }],
  },
  members: [
    {
      shareClass: 'ORD',
      number: 900,
      sharesFullyPaidIndicator: true,
      beneficialOwnerIndicator: true,
      totalPaid: 900,
      totalUnpaid: 0,
      increaseDecreaseInHolding: -100,
      holdingStatus: 'CD',
      dateOfChangeToRegister: '2026-11-12',
      holdingOwners: [{ individual: { familyName: 'CITIZEN', givenName1: 'JANE' }, address: janeCitizenAddress }],
    },
    {
      shareClass: 'ORD',
      number: 0,
      sharesFullyPaidIndicator: true,
      beneficialOwnerIndicator: false,
      totalPaid: 0,
      totalUnpaid: 0,
      increaseDecreaseInHolding: -100,
      holdingStatus: 'CD',
      dateOfChangeToRegister: '2026-11-12',
      holdingOwners: [
        {
          organisation: { name: 'HARBOUR LIGHTS INVESTMENTS PTY LTD', acn: '604123453' },
          address: { street: '40 CREEK STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000' },
        },
      ],
    },
  ],
  signature,
  testTransmissionIndicator: false,
};

export const holdingCompanyFeesAndAnnexure: Form484Request = {
  generalInformation,
  ultimateHoldingCompany: {
    dateOfChange: '2026-11-01',
    uhcStatus: 'A',
    name: 'HARBOUR LIGHTS GROUP LTD',
    acn: '123456780',
    abn: '11123456780',
    placeIncorporation: 'QUEENSLAND',
  },
  concessionalFees: { dateOfChange: '2026-11-01', hasCeasedToBeSpecialPurposeCompanyIndicator: true },
  annexures: {
    mark: 'A',
    type: 'ALT',
    numberOfPages: 1,
    text: 'THIS IS ANNEXURE A OF 1 PAGE REFERRED TO IN FORM 484 LODGED BY SANDBOX TRADING PTY LTD.\nTHE COMPANY CEASED TO BE A SPECIAL PURPOSE COMPANY ON 1 NOVEMBER 2026.',
  },
  signature,
  testTransmissionIndicator: false,
};

/** Sandbox: a company name containing MANUAL REVIEW is held for review, then finishes. */
export const sandboxManualReview: Form484Request = {
  ...registeredOfficeChange,
  generalInformation: { companyName: 'MANUAL REVIEW TRADING PTY LTD', acn: '100000020' },
};

export const FORM484_REQUEST_EXAMPLES = {
  registeredOffice: { summary: 'Change of registered office', value: registeredOfficeChange },
  bothAddresses: {
    summary: 'Both addresses, premises occupied by another',
    description: 'With `occupyIndicator: false` the occupier and their consent are required.',
    value: bothAddressesChange,
  },
  officeHolderAppointment: {
    summary: 'Appoint a director and an overseas alternate, a secretary ceases',
    description: 'The overseas address has `country` and no `state` or `postcode`; the birth overseas is qualified by country.',
    value: officeHolderAppointment,
  },
  shareIssue: {
    summary: 'Issue of shares (V455 totals match the members)',
    description:
      "`numberIssued`, `totalAmountPaid` and `totalAmountUnpaid` equal the sums of the members' `number`, `totalPaid` and `totalUnpaid` for class ORD.",
    value: shareIssue,
  },
  shareCancellation: { summary: 'Cancellation of shares (share buy-back)', value: shareCancellation },
  holdingCompanyFeesAndAnnexure: {
    summary: 'Ultimate holding company, concessional fees and an annexure',
    value: holdingCompanyFeesAndAnnexure,
  },
  sandboxManualReview: {
    summary: 'Sandbox: goes to manual review, then finished',
    description:
      'In the test environment a `companyName` containing `MANUAL REVIEW` is held for review; one containing `REJECT` ends `rejected`.',
    value: sandboxManualReview,
  },
} satisfies Record<string, NamedExample & { value: Form484Request }>;

export const lodgementCreated = { response: { requestId: 1001, documentNumber: '7EAA12345', documentUrl: '' }, errors: [] };

const statusInfo = { companyName: 'SANDBOX TRADING PTY LTD', acn: '100000011' };

export const FORM484_STATUS_EXAMPLES = {
  submitted: {
    summary: 'With the regulator',
    value: {
      response: { requestId: 1001, status: 'submitted', documentNumber: '7EAA12345', documentUrl: '', info: statusInfo },
      errors: [],
    },
  },
  finished: {
    summary: 'Registered',
    value: {
      response: {
        requestId: 1001,
        status: 'finished',
        documentNumber: '7EAA12345',
        documentUrl: 'http://127.0.0.1:4000/documents/doc_4fTq9ZmW2xYb7NcR4vLp8sQe.pdf',
        info: statusInfo,
      },
      errors: [],
    },
  },
  manualReview: {
    summary: 'Sandbox: held for manual review',
    value: {
      response: {
        requestId: 1002,
        status: 'manual review',
        documentNumber: '7EAA12346',
        documentUrl: '',
        info: { companyName: 'MANUAL REVIEW TRADING PTY LTD', acn: '100000020' },
      },
      errors: [],
    },
  },
  rejected: {
    summary: 'Sandbox: rejected',
    value: {
      response: {
        requestId: 1003,
        status: 'rejected',
        documentNumber: '7EAA12347',
        documentUrl: '',
        info: { companyName: 'REJECT TRADING PTY LTD', acn: '100000020' },
      },
      errors: [],
    },
  },
} satisfies Record<string, NamedExample>;
