// Business account examples for the sandbox company (ACN 100000011, ABN 60100000011). Typed
// against the request schema so a shape change fails the compile, not only the example test.
import type { BusinessAccountApplication } from './request.js';

const office = { street: '1 EAGLE STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000', country: '' } as const;
const janeHome = { street: '12 RIVER TERRACE', locality: 'KANGAROO POINT', state: 'QLD', postcode: '4169', country: '' } as const;
const johnHome = {
  line2: 'UNIT 4',
  street: '8 MARINE PARADE',
  locality: 'SOUTHPORT',
  state: 'QLD',
  postcode: '4215',
  country: '',
} as const;
const jane = { familyName: 'CITIZEN', givenName1: 'JANE', givenName2: 'MARIE' } as const;
const john = { familyName: 'SMITH', givenName1: 'JOHN' } as const;
const janeHolder = {
  name: jane,
  birthDetails: { date: '1980-01-01', locality: 'BRISBANE', localityQualifier: 'QLD' },
  address: janeHome,
  roles: ['DIR', 'SEC'],
};

export const APPLICATION_EXAMPLE: BusinessAccountApplication = {
  generalInformation: {
    companyName: 'SANDBOX TRADING PTY LTD',
    companyType: 'APTY',
    companyClass: 'LMSH',
    companySubClass: 'PROP',
    jurisdiction: 'QLD',
  },
  accountInformation: {
    acn: '100000011',
    abn: '60100000011',
    directorsContacts: [
      { familyName: 'CITIZEN', givenName1: 'JANE', givenName2: 'MARIE', email: 'jane.citizen@example.com', mobile: '0412345678' },
      { familyName: 'SMITH', givenName1: 'JOHN', email: 'john.smith@example.com', mobile: '0498765432' },
    ],
    primaryDirector: { familyName: 'CITIZEN', givenName1: 'JANE' },
  },
  registeredOffice: { address: { careOf: 'C/- SANDBOX ACCOUNTANTS', line2: 'LEVEL 5', ...office } },
  principalPlaceOfBusiness: {
    address: { street: '45 JAMES STREET', locality: 'FORTITUDE VALLEY', state: 'QLD', postcode: '4006', country: '' },
  },
  officeHolders: [
    janeHolder,
    {
      name: john,
      birthDetails: { date: '1975-06-30', locality: 'AUCKLAND', localityQualifier: 'NZ', intlIndicator: true },
      address: johnHome,
      roles: ['DIR'],
    },
  ],
  shareAllocation: [
    {
      classCode: 'ORD',
      numberIssued: '100',
      holdingOwners: [
        { individual: jane, address: janeHome },
        { individual: john, address: johnHome },
      ],
    },
  ],
  applicant: { individual: jane, organisationSignatoryIndividual: jane },
};

/** ABN only, one director whose e-mail makes the sandbox partner reject the application. */
export const REJECTED_APPLICATION_EXAMPLE: BusinessAccountApplication = {
  ...APPLICATION_EXAMPLE,
  accountInformation: {
    abn: '60100000011',
    directorsContacts: [{ familyName: 'CITIZEN', givenName1: 'JANE', email: 'jane.citizen+reject@example.com', mobile: '0412345678' }],
    primaryDirector: { familyName: 'CITIZEN', givenName1: 'JANE' },
  },
  officeHolders: [janeHolder],
  shareAllocation: [
    { classCode: 'ORD', numberIssued: '1', holdingOwners: [{ individual: jane, organisation: { name: '', acn: '' }, address: janeHome }] },
  ],
};

const pending = {
  entityName: 'SANDBOX TRADING PTY LTD',
  acn: '100000011',
  abn: '60100000011',
  bsb: '******',
  accountNumber: '******',
  activatedAt: null,
  submittedAt: '2026-11-22 13:00:00',
} as const;

export const STATUS_EXAMPLES = {
  new: { summary: 'Queued for the partner', value: { requestId: 2001, status: 'new', ...pending } },
  sent: { summary: 'With the partner (identity verification)', value: { requestId: 2001, status: 'sent', ...pending } },
  finished: {
    summary: 'Account activated (50.00 credited)',
    value: {
      requestId: 2001,
      status: 'finished',
      ...pending,
      bsb: '062000',
      accountNumber: '12345678',
      activatedAt: '2026-11-22 13:02:00',
    },
  },
  rejected: {
    summary: 'Rejected by the partner (sandbox: +reject e-mail)',
    value: { requestId: 2002, status: 'rejected', ...pending, acn: null },
  },
};
