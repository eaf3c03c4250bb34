// Insolvency notices published about a company; each one (a reissue too) is an `insolvency_notice`
// monitoring event.
import { z } from '../../common/zod.js';
import { IsoDate, IsoDateTime } from '../../common/dates.js';
import { Acn } from '../../common/identifiers.js';
import { defineOperation } from '../../common/operation.js';
import { validationFailed } from '../error-responses.js';
import { ADMIN_TAGS } from '../tags.js';
import { AcnParam, companyNotFound } from './companies.js';
import { CHECK_NOTE } from './shared.js';

export const InsolvencyNotice = z
  .strictObject({
    acn: Acn,
    noticeUrl: z.url(),
    appointmentDate: IsoDate,
    description: z.string(),
    publishedAt: IsoDateTime.openapi({ description: 'When it was published, by the service clock.' }),
  })
  .openapi('RegisterInsolvencyNotice', {
    description: 'A published insolvency notice about a company; each one (a reissue too) is an `insolvency_notice` event.',
  });

export const CreateInsolvencyNoticeRequest = z
  .strictObject({
    noticeUrl: z.url().max(2048).openapi({
      description: 'Where the notice is published. Posting the same URL again is a reissue.',
      example: 'https://insolvencynotices.example.gov.au/notices/12345',
    }),
    appointmentDate: IsoDate.openapi({ description: 'Date of the appointment.', example: '2026-11-20' }),
    description: z.string().min(1).max(500).openapi({ example: 'Appointment of Voluntary Administrator' }),
  })
  .openapi('CreateInsolvencyNoticeRequest');

export const createInsolvencyNotice = defineOperation({
  method: 'post',
  path: '/admin/register/companies/{acn}/insolvency-notices',
  operationId: 'createInsolvencyNotice',
  summary: 'Publish an insolvency notice',
  description: `Publishes an insolvency notice about the company. Publishing the same \`noticeUrl\` again is a reissue and yields a second \`insolvency_notice\` event (spec 6.2). ${CHECK_NOTE}`,
  tag: ADMIN_TAGS.register,
  access: 'admin',
  params: AcnParam,
  body: {
    schema: CreateInsolvencyNoticeRequest,
    examples: {
      administrator: {
        summary: 'Voluntary administrator appointed',
        value: {
          noticeUrl: 'https://insolvencynotices.example.gov.au/notices/12345',
          appointmentDate: '2026-11-20',
          description: 'Appointment of Voluntary Administrator',
        },
      },
    },
  },
  success: {
    201: {
      description: 'The stored notice.',
      schema: InsolvencyNotice,
      examples: {
        created: {
          summary: 'Published',
          value: {
            acn: '100000011',
            noticeUrl: 'https://insolvencynotices.example.gov.au/notices/12345',
            appointmentDate: '2026-11-20',
            description: 'Appointment of Voluntary Administrator',
            publishedAt: '2026-11-22T03:00:00Z',
          },
        },
      },
    },
  },
  errors: {
    404: companyNotFound,
    422: validationFailed('`noticeUrl` not a URL, `appointmentDate` not a `YYYY-MM-DD` date, or a missing description.', 'Bad date', {
      appointmentDate: [{ code: 'invalid_date', message: 'Must be a date in YYYY-MM-DD form.' }],
    }),
  },
});
