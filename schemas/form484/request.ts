// The whole Form 484 body (spec 2.5): three required members, every other section optional and
// chosen by the change being notified (see the section selection table in `description.ts`).
import { z } from '../common/zod.js';
import {
  Form484Annexure,
  Form484ConcessionalFees,
  Form484GeneralInformation,
  Form484PrincipalPlaceOfBusiness,
  Form484RegisteredOffice,
  Form484Signature,
  Form484UltimateHoldingCompany,
} from './company.js';
import { Form484OfficeHolder } from './officers.js';
import { Form484Member, Form484ShareCancellation, Form484ShareIssue, Form484ShareStructureClass } from './shares.js';

export const Form484Request = z
  .strictObject({
    generalInformation: Form484GeneralInformation,
    registeredOffice: Form484RegisteredOffice.optional(),
    principalPlaceOfBusiness: Form484PrincipalPlaceOfBusiness.optional(),
    ultimateHoldingCompany: Form484UltimateHoldingCompany.optional(),
    officeHolders: z.array(Form484OfficeHolder).optional(),
    shareStructure: z
      .array(Form484ShareStructureClass)
      .optional()
      .openapi({ description: 'The share classes after the change. Required when `shareIssue` or `shareCancellation` is present.' }),
    shareIssue: Form484ShareIssue.optional(),
    shareCancellation: Form484ShareCancellation.optional(),
    members: z.array(Form484Member).optional().openapi({
      description: 'Member register rows of the classes concerned. Required when `shareIssue` or `shareCancellation` is present.',
    }),
    concessionalFees: Form484ConcessionalFees.optional(),
    annexures: Form484Annexure.optional(),
    signature: Form484Signature,
    testTransmissionIndicator: z.boolean().openapi({
      description:
        'Registry flag: `false` for a real lodgement, `true` for a test transmission to the registry. On V2 it does not choose the environment; the URL prefix and the key do (spec 9.3).',
      example: false,
    }),
  })
  .openapi('Form484Request', {
    description: 'A Form 484 (change to company details). Every string value is uppercase; unknown fields are refused.',
  });

export type Form484Request = z.infer<typeof Form484Request>;
