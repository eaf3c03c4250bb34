// Lodgements created and moved by the operator (D-36), so that every lodgement status event of
// spec 6.1 can be produced end to end. The record is the public `Lodgement` schema itself, so the
// operator and public documents cannot drift apart.
import { z } from '../common/zod.js';
import { NAME_NOTE, nameText } from '../common/names.js';
import { Abn, Acn } from '../common/identifiers.js';
import {
  EVENT_BY_KIND,
  LODGEMENT_KINDS,
  LODGEMENT_STATUSES,
  Lodgement,
  LodgementKind,
  LodgementStatus,
  NOTIFIABLE_STATUSES,
  RequestIdParam,
} from '../lodgements/index.js';
import { AccountFilter, AccountId, Environment } from './shared.js';
import { IsoDateTime } from '../common/dates.js';
import { FORM484_STATUSES, Form484Status } from '../form484/responses.js';
import { defineOperation } from '../common/operation.js';
import { notFound, validationFailed } from './error-responses.js';
import { ADMIN_TAGS } from './tags.js';

/** Every kind of request the overview lists: Form 484, business accounts and the D-36 lodgements. */
export const OVERVIEW_KINDS = ['form484', 'business_account', ...LODGEMENT_KINDS] as const;

export const OverviewKind = z.enum(OVERVIEW_KINDS).openapi({
  description:
    '`form484` (spec 2.5), `business_account` (spec 2.4) or a lodgement kind of D-36 (`company_registration`, `abn_registration`, `business_name_registration`, `business_name_renewal`).',
  example: 'form484',
});

export const LodgementSummary = z
  .strictObject({
    kind: OverviewKind,
    requestId: z.int().min(1).openapi({ description: 'The public request id, unique within its kind.', example: 1001 }),
    accountId: AccountId,
    environment: Environment,
    status: z.string().openapi({ description: "The request's current status, as its own status read answers it.", example: 'submitted' }),
    entityName: z.string().nullable().openapi({ example: 'SANDBOX TRADING PTY LTD' }),
    acn: z.string().nullable().openapi({ example: '100000011' }),
    abn: z.string().nullable().openapi({ example: null }),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  })
  .openapi('LodgementSummary', { description: 'One request of any kind, as the operator overview lists it.' });

export const LodgementSummaryList = z
  .strictObject({ data: z.array(LodgementSummary).openapi({ description: 'Newest first, at most 500.' }) })
  .openapi('LodgementSummaryList');

export const ListLodgementsQuery = z.strictObject({
  accountId: AccountFilter,
  kind: OverviewKind.optional(),
});

export const SetForm484StatusRequest = z
  .strictObject({
    status: Form484Status.openapi({ description: 'The status to move to; any status, from any status.', example: 'manual review' }),
  })
  .openapi('SetForm484StatusRequest');

export const CreateLodgementRequest = z
  .strictObject({
    accountId: AccountId.openapi({ description: 'The account the lodgement belongs to.' }),
    environment: Environment.openapi({
      description:
        'Its environment: its status is read with keys of this environment, and its events go only to endpoints of keys of this environment.',
    }),
    kind: LodgementKind,
    entityName: nameText({ min: 1, max: 200 }).optional().openapi({ description: NAME_NOTE, example: 'SANDBOX TRADING PTY LTD' }),
    acn: Acn.optional(),
    abn: Abn.optional(),
  })
  .openapi('CreateLodgementRequest', {
    description: 'A lodgement to create, status `new`. `entityName`, `acn` and `abn` are copied into the record and into its events.',
  });

export const SetLodgementStatusRequest = z
  .strictObject({
    status: LodgementStatus.openapi({ description: 'The status to move to; any status, from any status.', example: 'manual review' }),
  })
  .openapi('SetLodgementStatusRequest');

const lodgementExample = {
  requestId: 1001,
  kind: 'company_registration',
  interaction: 'company-registration',
  status: 'new',
  entityName: 'SANDBOX TRADING PTY LTD',
  acn: '100000011',
  abn: null,
  createdAt: '2026-11-22T03:00:00Z',
  updatedAt: '2026-11-22T03:00:00Z',
} satisfies z.infer<typeof Lodgement>;

const notifiableList = LODGEMENT_KINDS.map(
  (kind) => `- \`${kind}\`: ${NOTIFIABLE_STATUSES[kind].map((s) => `\`${s}\``).join(', ')} (event \`${EVENT_BY_KIND[kind]}\`)`,
).join('\n');

export const createLodgement = defineOperation({
  method: 'post',
  path: '/admin/lodgements',
  operationId: 'createLodgement',
  summary: 'Create a lodgement',
  description:
    'Creates a company registration, ABN registration, business name registration or renewal for an account, with status `new` and a new `requestId`. The account reads it with `GET /lodgements/{requestId}` of the public API on the prefix of its environment. Creating it sends no event: `new` is not a notifiable status.',
  tag: ADMIN_TAGS.lodgements,
  access: 'admin',
  body: {
    schema: CreateLodgementRequest,
    examples: {
      company: {
        summary: 'Company registration in the test environment',
        value: {
          accountId: 'acct_7Hq2LmN4pQr8sTu1vWx3yZa5',
          environment: 'test',
          kind: 'company_registration',
          entityName: 'SANDBOX TRADING PTY LTD',
          acn: '100000011',
        },
      },
      renewal: {
        summary: 'Business name renewal without entity details',
        value: { accountId: 'acct_7Hq2LmN4pQr8sTu1vWx3yZa5', environment: 'live', kind: 'business_name_renewal' },
      },
    },
  },
  success: {
    201: {
      description: 'The lodgement, status `new`.',
      schema: Lodgement,
      examples: { created: { summary: 'Created', value: lodgementExample } },
    },
  },
  errors: {
    422: validationFailed(
      'an unknown account (`account_not_found`), environment or kind, or an ACN or ABN with a bad checksum.',
      'Unknown account and bad ACN',
      {
        accountId: [{ code: 'account_not_found', message: 'No such account.' }],
        acn: [{ code: 'invalid_acn', message: 'Not a valid ACN (checksum failed).' }],
      },
    ),
  },
});

/** The body examples of both status moves: to manual review, and to finished. */
const statusMoveExamples = {
  manualReview: { summary: 'Send to manual review', value: { status: 'manual review' } },
  finished: { summary: 'Finish', value: { status: 'finished' } },
};

export const setLodgementStatus = defineOperation({
  method: 'post',
  path: '/admin/lodgements/{requestId}/status',
  operationId: 'setLodgementStatus',
  summary: 'Set a lodgement status',
  description: `Moves a lodgement to any status and sets \`updatedAt\` from the service clock. A move into a status that is notifiable for its kind emits that kind's event (spec 6.1) to the account's webhook endpoints of the lodgement's environment; the first delivery attempt is immediate. Each move is its own event: \`manual review\` then \`finished\` gives two. Setting the status it already has changes nothing and sends nothing; a status that is not notifiable for the kind (such as \`submitted\`, or \`validation failed\` outside company registration) is stored without an event. Notifiable statuses:\n\n${notifiableList}`,
  tag: ADMIN_TAGS.lodgements,
  access: 'admin',
  params: RequestIdParam,
  body: {
    schema: SetLodgementStatusRequest,
    examples: statusMoveExamples,
  },
  success: {
    200: {
      description: 'The lodgement with its new status.',
      schema: Lodgement,
      examples: {
        manualReview: {
          summary: 'In manual review',
          value: { ...lodgementExample, status: 'manual review', updatedAt: '2026-11-22T03:04:00Z' },
        },
      },
    },
  },
  errors: {
    404: notFound('lodgement'),
    422: validationFailed('`status` missing or not a lodgement status.', 'Unknown status', {
      status: [{ code: 'invalid_enum', message: `Must be one of: ${LODGEMENT_STATUSES.join(', ')}.` }],
    }),
  },
});

const summaryExample = {
  kind: 'form484',
  requestId: 1001,
  accountId: 'acct_7Hq2LmN4pQr8sTu1vWx3yZa5',
  environment: 'test',
  status: 'submitted',
  entityName: 'SANDBOX TRADING PTY LTD',
  acn: '100000011',
  abn: null,
  createdAt: '2026-11-22T03:00:00Z',
  updatedAt: '2026-11-22T03:00:05Z',
} satisfies z.infer<typeof LodgementSummary>;

export const listLodgements = defineOperation({
  method: 'get',
  path: '/admin/lodgements',
  operationId: 'listLodgements',
  summary: 'List lodgements of every kind',
  description:
    'Lists Form 484 lodgements, business account applications and the lodgements of D-36 together, newest first (at most 500), optionally of one account or one kind: what the sandbox console shows. Each is read in full through its own public status operation or moved with `setForm484Status` / `setLodgementStatus`.',
  tag: ADMIN_TAGS.lodgements,
  access: 'admin',
  query: ListLodgementsQuery,
  success: {
    200: {
      description: 'The requests.',
      schema: LodgementSummaryList,
      examples: {
        list: { summary: 'One Form 484', value: { data: [summaryExample] } },
        empty: { summary: 'Nothing yet', value: { data: [] } },
      },
    },
  },
  errors: {
    422: validationFailed('`kind` is not a known kind.', 'Unknown kind', {
      kind: [{ code: 'invalid_enum', message: `Must be one of: ${OVERVIEW_KINDS.join(', ')}.` }],
    }),
  },
});

export const setForm484Status = defineOperation({
  method: 'post',
  path: '/admin/form484/{requestId}/status',
  operationId: 'setForm484Status',
  summary: 'Set a Form 484 status',
  description:
    "Moves a Form 484 lodgement to any status, as the simulated regulator would; the simulated regulator makes no further move of its own afterwards. A move into `manual review`, `finished` or `rejected` sends `form484.status_changed` (D-46) to the account's endpoints of the lodgement's environment; `finished` makes its document available. Setting the status it already has changes nothing and sends nothing.",
  tag: ADMIN_TAGS.lodgements,
  access: 'admin',
  params: RequestIdParam,
  body: {
    schema: SetForm484StatusRequest,
    examples: statusMoveExamples,
  },
  success: {
    200: {
      description: 'The lodgement with its new status.',
      schema: LodgementSummary,
      examples: { manualReview: { summary: 'In manual review', value: { ...summaryExample, status: 'manual review' } } },
    },
  },
  errors: {
    404: notFound('Form 484 lodgement'),
    422: validationFailed('`status` missing or not a Form 484 status.', 'Unknown status', {
      status: [{ code: 'invalid_enum', message: `Must be one of: ${FORM484_STATUSES.join(', ')}.` }],
    }),
  },
});
