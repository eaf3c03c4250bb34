// Operation descriptions: the rules a partner needs before the first lodgement, in one place.
import { LONG_TEXT_MAX } from './fields.js';

const longText = LONG_TEXT_MAX.toLocaleString('en-AU');

export const CREATE_DESCRIPTION = `
Lodges a Form 484 (change to company details) with the corporate regulator for the company in
\`generalInformation\`. \`generalInformation\`, \`signature\` and \`testTransmissionIndicator\` are
always required; add the sections for the changes being notified (one form may carry several):

| Change | Sections to add |
|---|---|
| Registered office address | \`registeredOffice\` |
| Principal place of business | \`principalPlaceOfBusiness\` |
| Both addresses | both of the above |
| Office holder changes | \`officeHolders\` |
| Share issue | \`shareStructure\`, \`shareIssue\`, \`members\` |
| Share cancellation | \`shareStructure\`, \`shareCancellation\`, \`members\` |
| Ultimate holding company | \`ultimateHoldingCompany\` |
| Concessional fees | \`concessionalFees\` |
| Annexure | \`annexures\` |

**Rules.** Every problem is reported at once (422, \`{"response": null, "errors": [{"code", "field", "message"}]}\`, D-11):

- Every string value is uppercase (no \`a\`-\`z\`): \`not_uppercase\`. Unknown fields, values of the wrong JSON type and numbers out of range are refused: \`invalid_format\`.
- A member named twice in one object, at any depth, is refused before any other rule: \`invalid_format\` at the path of the repeat (D-56).
- Names (\`companyName\`, every person's name, organisation, occupier and holding company names) hold no control characters or invisible formatting characters (Unicode Cc and Cf, such as U+200B or U+202E): \`invalid_format\` (D-57). Any script is accepted.
- \`descriptionOfConsideration\` and annexure \`text\`: printable ASCII and line breaks only, up to ${longText} characters each.
- Dates are \`YYYY-MM-DD\` calendar dates (\`invalid_date\`), judged against today's date in Australia/Brisbane.
  Change, appointment, cessation, issue, cancellation and register dates may not be in the future (\`date_in_future\`).
  \`signature.date\` must be today or within the 6 months before it (\`date_out_of_window\`).
  Every office holder must be at least 18 (\`under_18\`).
- \`registeredOffice\` with \`occupyIndicator: false\` needs \`occupierName\` and \`occupierConsent\` (\`required\`).
- Office holder and holding owner addresses: with \`country\` \`AU\` or no \`country\` (taken as Australian), \`state\` and \`postcode\` are required; an overseas address omits both (\`invalid_format\`).
- \`birthDetails.localityQualifier\`: the state code for a birth in Australia, the ISO country code for a birth overseas.
- \`shareIssue\` or \`shareCancellation\` needs \`shareStructure\` and \`members\` (\`section_required\`). Each member's \`shareClass\` must be a \`classCode\` in \`shareStructure\` (\`unknown_share_class\`).
- Regulator rule V455: for every class whose \`status\` is not \`NO\`, \`numberIssued\`, \`totalAmountPaid\` and \`totalAmountUnpaid\` equal the sums of the members' \`number\`, \`totalPaid\` and \`totalUnpaid\` in that class (\`sum_mismatch_v455\`).
- Each holding owner is either an \`individual\` or an \`organisation\`.
- \`generalInformation.acn\` is 9 digits with a valid ACN checksum (\`invalid_acn\`); the other ACNs (ultimate holding company, \`organisationAcn\`, holding organisations) are 9 digits (\`invalid_acn\`) and the ultimate holding company's \`abn\` 11 digits (\`invalid_format\`).

The codes are exactly: \`required\`, \`too_long\`, \`not_uppercase\`, \`invalid_date\`, \`date_in_future\`, \`date_out_of_window\`, \`invalid_acn\`, \`under_18\`, \`sum_mismatch_v455\`, \`unknown_share_class\`, \`section_required\`, \`invalid_enum\`, \`invalid_format\` (D-11). A body that is not JSON answers 400 \`invalid_json\`, one over 8 MiB 413 \`payload_too_large\`, one that is not \`application/json\` 415 \`unsupported_media_type\`, all in this shape with an empty \`field\`.

The body may be up to **8 MiB** (D-14; larger bodies get 413).

**\`testTransmissionIndicator\`** is the registry's own flag (\`false\` for a real lodgement). On V2 it does **not** choose the
environment: the URL prefix and the key do (spec 9.3). (Deprecated V1 still routes \`true\` to the test environment, D-40.)

**After lodging.** The answer carries the \`requestId\` and the 9-character \`documentNumber\`; \`documentUrl\` stays empty until
the lodgement is \`finished\`. Statuses (D-35): \`new\`, \`submitted\`, \`manual review\`, \`finished\`, \`rejected\`, \`error\`; a
lodgement may go from \`manual review\` to \`finished\`. Follow it with \`GET /asic-484-forms/{requestId}/status\`. No fee is charged by default.

**Sandbox.** In the test environment a \`companyName\` containing \`MANUAL REVIEW\` goes to \`manual review\` and then \`finished\`;
one containing \`REJECT\` ends \`rejected\`; any other goes \`submitted\` then \`finished\`.
`;

export const STATUS_DESCRIPTION = `
Returns the current status of a Form 484 lodgement (D-35): \`new\`, \`submitted\`, \`manual review\`, \`finished\`,
\`rejected\` or \`error\`. A lodgement in \`manual review\` moves on to \`finished\`. The status endpoint is the
source of truth for Form 484: poll it until the status is \`finished\`, \`rejected\` or \`error\`.
`;
