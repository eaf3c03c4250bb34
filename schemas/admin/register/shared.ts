// Fields and notes shared by the company and ABN records of the simulated registers.
import { z } from '../../common/zod.js';
import { NAME_NOTE, nameText } from '../../common/names.js';
import { IsoDate } from '../../common/dates.js';

export const EntityTypeCode = z.string().min(1).max(20).openapi({
  description:
    "The register's own type code, such as `APTY` (proprietary company) or `APUB` (public company) for ASIC, `IND` (individual) or `PRV` (private company) for the ABR. Monitoring shows known codes as words and an unknown code as itself (spec 2.6); a change is a `type_change` event.",
  example: 'APTY',
});
export const GstRegistered = z.boolean().openapi({ description: 'Registered for GST; needs an ABN. A change is a `gst_change` event.' });
export const GstDate = IsoDate.openapi({ description: 'Date of GST registration, when registered.', example: '2020-07-01' });
export const BusinessNames = z
  .array(nameText({ min: 1, max: 200 }))
  .max(50)
  .openapi({
    description: `Current business names, replacing the whole list. Names added or removed are \`business_name_added\` and \`business_name_removed\` events. ${NAME_NOTE}`,
    uniqueItems: true,
    example: ['SANDBOX COFFEE'],
  });

/** GST registration belongs to an ABN, and a GST date only makes sense while registered. */
export function checkGst(
  value: { abn?: string | null; gstRegistered?: boolean | null; gstDate?: string | null },
  ctx: z.RefinementCtx,
  needsAbn: boolean,
): void {
  if (needsAbn && value.gstRegistered === true && !value.abn) {
    ctx.addIssue({ code: 'custom', path: ['gstRegistered'], message: 'GST registration needs an ABN.', params: { code: 'abn_required' } });
  }
  if (value.gstDate && value.gstRegistered === false) {
    ctx.addIssue({
      code: 'custom',
      path: ['gstDate'],
      message: 'A GST date needs gstRegistered true.',
      params: { code: 'gst_not_registered' },
    });
  }
}

export const CHECK_NOTE =
  'The next register check of a monitored entity with this number reports the difference as events (run `monitoring-daily-check` or move the clock to see them at once).';
