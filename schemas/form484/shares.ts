// Share changes (spec 2.5): the share structure, an issue or a cancellation, and the member
// register rows. The V455 sums and the class cross-references span sections, so they live in
// `rules.ts`; everything about a single field is here.
import { z } from '../common/zod.js';
import { NineDigits } from '../common/identifiers.js';
import { Form484MemberAddress } from './addresses.js';
import { UPPERCASE_PATTERN } from '../common/names.js';
import { ifThen } from '../common/conditional.js';
import {
  Form484Name,
  REGISTER_INTEGER_MAX,
  longText,
  pastDate,
  registerInteger,
  requiredUpperName,
  requiredUpperText,
  upperName,
  upperText,
} from './fields.js';

export const SHARE_CLASS_STATUSES = ['AP', 'DC', 'NO'] as const;
export const HOLDING_STATUSES = ['AP', 'CD', 'CO', 'NO', 'TA', 'TR'] as const;
export const MEMBER_STATUSES = ['AP', 'CA', 'CN', 'CO', 'CX', 'NO'] as const;

const classCode = requiredUpperText(4).openapi({ description: 'Share class code.', example: 'ORD' });
const classTitle = requiredUpperText(60).openapi({ description: 'Share class title.', example: 'ORDINARY' });
const wholeNumber = (description: string) => z.int().min(0).max(Number.MAX_SAFE_INTEGER).openapi({ description });

export const Form484ShareStructureClass = z
  .strictObject({
    classCode,
    classTitle,
    numberIssued: registerInteger('Shares issued in the class; equals the sum of `members[].number` of the class (V455).'),
    totalAmountPaid: registerInteger('Total paid on the class; equals the sum of `members[].totalPaid` of the class (V455).'),
    totalAmountUnpaid: registerInteger('Total unpaid on the class; equals the sum of `members[].totalUnpaid` of the class (V455).'),
    status: z
      .enum(SHARE_CLASS_STATUSES)
      .openapi({ description: '`AP` new class, `DC` class details changed, `NO` whole class ceasing (exempt from V455).', example: 'DC' }),
    earliestDateOfChange: pastDate('Earliest date of change to the class.'),
  })
  .openapi('Form484ShareStructureClass', { description: 'One share class after the change.' });

export const Form484IssuedShareClass = z
  .strictObject({
    classCode,
    classTitle,
    totalNumberInIssue: wholeNumber('Shares issued in this issue.'),
    amountPaid: wholeNumber('Amount paid on the shares issued.'),
    amountDue: wholeNumber('Amount due on the shares issued.'),
  })
  .openapi('Form484IssuedShareClass');

export const Form484ShareIssue = z
  .strictObject({
    earliestDateOfIssue: pastDate('Earliest date of issue.'),
    sharesIssuedForCashOnlyIndicator: z.boolean(),
    sharesIssuedUnderWrittenContractIndicator: z.boolean(),
    descriptionOfConsideration: longText(false).optional(),
    shareClasses: z.array(Form484IssuedShareClass).min(1),
  })
  .openapi('Form484ShareIssue', { description: 'Shares issued. Needs `shareStructure` and `members`.' });

export const Form484CancelledShareClass = z
  .strictObject({
    classCode,
    classTitle,
    totalNumberCancelled: wholeNumber('Shares cancelled.'),
    totalConsiderationPaid: wholeNumber('Consideration paid for the cancelled shares.'),
  })
  .openapi('Form484CancelledShareClass');

export const Form484ShareCancellation = z
  .strictObject({
    earliestDateOfRegistrationOfCancellation: pastDate('Earliest date the cancellation was registered.'),
    cancellationProvision: requiredUpperText(60).openapi({
      description: 'Provision under which the shares were cancelled.',
      example: 'S257H(3) SHARE BUY-BACK',
    }),
    sectionReference: upperText(60).optional(),
    description: z
      .string()
      .regex(UPPERCASE_PATTERN)
      .optional()
      .openapi({ description: 'Free text; uppercase. Bounded only by the 8 MiB body limit.' }),
    shareClasses: z.array(Form484CancelledShareClass).min(1),
  })
  .openapi('Form484ShareCancellation', { description: 'Shares cancelled. Needs `shareStructure` and `members`.' });

export const Form484HoldingOrganisation = z
  .strictObject({
    name: requiredUpperName(200).openapi({ example: 'HARBOUR LIGHTS INVESTMENTS PTY LTD' }),
    // Spec 2.5 gives no rule for this `acn`; the form's ACN fields are 9 digits.
    acn: NineDigits.optional().openapi({ description: '9 digits.' }),
  })
  .openapi('Form484HoldingOrganisation');

export const Form484HoldingOwner = z
  .strictObject({
    individual: Form484Name.optional().openapi({
      description: 'The owner, when a person. Give exactly one of `individual` and `organisation`.',
    }),
    organisation: Form484HoldingOrganisation.optional().openapi({
      description: 'The owner, when a body corporate. Give exactly one of `individual` and `organisation`.',
    }),
    formerName: Form484Name.optional().openapi({ description: 'Former name of an individual owner.' }),
    formerNameOrganisation: upperName(200).optional().openapi({ description: 'Former name of an organisation owner.' }),
    memberHasAcnIndicator: z.boolean().optional(),
    memberStatus: z.enum(MEMBER_STATUSES).optional(),
    addressOverriddenIndicator: z
      .boolean()
      .optional()
      .openapi({ description: 'Accept the address as given instead of matching it against the address register.' }),
    address: Form484MemberAddress,
  })
  // Exactly one of `individual` and `organisation` (`checkHoldingOwnerKind`, schemas/form484/rules.ts),
  // stated in JSON Schema (D-72) with if/then/else rather than oneOf, which every code generator
  // would turn into a union of partial types.
  .openapi('Form484HoldingOwner', {
    description: 'One owner of a holding (joint holdings have several): exactly one of `individual` and `organisation`.',
    ...ifThen({
      if: { properties: { individual: {} }, required: ['individual'] },
      then: { not: { properties: { organisation: {} }, required: ['organisation'] } },
      else: { properties: { organisation: {} }, required: ['organisation'] },
    }),
  });

export const Form484Member = z
  .strictObject({
    shareClass: requiredUpperText(4).openapi({ description: 'A `classCode` of `shareStructure`.', example: 'ORD' }),
    number: registerInteger('Shares held in the class.'),
    sharesFullyPaidIndicator: z.boolean(),
    beneficialOwnerIndicator: z.boolean().openapi({ description: "`true` when the shares are held for the member's own benefit." }),
    totalPaid: registerInteger('Total paid on the holding.'),
    totalUnpaid: registerInteger('Total unpaid on the holding.'),
    increaseDecreaseInHolding: z
      .int()
      .min(-REGISTER_INTEGER_MAX)
      .max(REGISTER_INTEGER_MAX)
      .optional()
      .openapi({ description: 'Change in the holding: positive for an increase, negative for a decrease.' }),
    holdingStatus: z.enum(HOLDING_STATUSES).openapi({
      description:
        '`AP` new holding, `CD` cancelled or decreased, `CO` continuing unchanged, `NO` notification of change, `TA` transfer away, `TR` transfer received.',
      example: 'AP',
    }),
    dateOfChangeToRegister: pastDate('Date the register changed.'),
    dateMemberNameAddedToRegister: pastDate('Date the member was entered in the register.').optional(),
    holdingOwners: z.array(Form484HoldingOwner).min(1),
  })
  .openapi('Form484Member', { description: 'One holding in the member register after the change.' });
