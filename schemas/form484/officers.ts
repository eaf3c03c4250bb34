// Office holder changes (spec 2.5 `officeHolders[]`): appointments, cessations and changes of
// officer details. Age and date windows are checked in `rules.ts` because they depend on today.
import { z } from '../common/zod.js';
import { IsoDate } from '../common/dates.js';
import { NineDigits } from '../common/identifiers.js';
import { Form484OfficeHolderAddress } from './addresses.js';
import { Form484BirthLocalityQualifier } from './countries.js';
import { Form484Name, pastDate, requiredUpperText, upperName } from './fields.js';

export const OFFICE_HOLDER_STATUSES = ['AP', 'NO', 'CA', 'CN', 'CX', 'AC'] as const;
export const OFFICES = ['DIR', 'SEC', 'ALT'] as const;

export const Form484BirthDetails = z
  .strictObject({
    date: IsoDate.openapi({
      description: '`YYYY-MM-DD`. The officer must be at least 18 years old today (Australia/Brisbane date).',
      example: '1985-04-12',
    }),
    locality: requiredUpperText(30).openapi({ description: 'Town or city of birth.', example: 'TOOWOOMBA' }),
    localityQualifier: Form484BirthLocalityQualifier,
  })
  .openapi('Form484BirthDetails');

export const Form484Office = z
  .strictObject({
    office: z.enum(OFFICES).openapi({ description: '`DIR` director, `SEC` secretary, `ALT` alternate director.', example: 'DIR' }),
    appointmentDate: pastDate('Date of appointment.').optional(),
    cessationDate: pastDate('Date of cessation.').optional(),
    nameOfDirector: Form484Name.optional().openapi({
      description: 'For an `ALT` office: the director for whom the officer is the alternate.',
    }),
  })
  .openapi('Form484Office', { description: 'One office held.' });

export const Form484OfficeHolder = z
  .strictObject({
    status: z.enum(OFFICE_HOLDER_STATUSES).openapi({
      description:
        '`AP` appointment, `NO` notification of change, `CA` cessation acting as alternate, `CN` cessation no longer officer, `CX` cessation company ceased, `AC` acting as alternate director.',
      example: 'AP',
    }),
    dateOfChange: pastDate('Date of the change.'),
    name: Form484Name,
    formerName: Form484Name.optional().openapi({ description: 'Former name; when given, `familyName` and `givenName1` are required.' }),
    birthDetails: Form484BirthDetails,
    organisationName: upperName(200).optional().openapi({ description: 'Name of a body corporate officer.' }),
    // Spec 2.5: "9 digits", no checksum named.
    organisationAcn: NineDigits.optional().openapi({ description: 'ACN of a body corporate officer: 9 digits.' }),
    address: Form484OfficeHolderAddress,
    addressOverriddenIndicator: z
      .boolean()
      .optional()
      .openapi({ description: 'Accept the address as given instead of matching it against the address register.' }),
    offices: z.array(Form484Office).min(1),
  })
  .openapi('Form484OfficeHolder', { description: 'One officer and the change to their details or offices.' });
