// The document's introduction: what partners read first in the docs.
export const API_DESCRIPTION = `
Lodge forms with Australian registries, search the Personal Property Securities Register (PPSR),
open business bank accounts and monitor companies and ABN holders for register changes.

## Environments

| Environment | Prefix | Keys |
|---|---|---|
| Test (sandbox) | \`/api/test/v2\` | \`svc_sk_test_…\`, \`svc_pk_test_…\` |
| Live | \`/api/v2\` | \`svc_sk_live_…\`, \`svc_pk_live_…\` |

The URL prefix chooses the environment, never the body. A live key on the test prefix (or the
reverse) is refused with 403. Free (sandbox) accounts can use test keys only (403 \`sandbox_only\`).
Ids belong to one account and one environment: any other id answers 404.

## Authentication

Send \`Authorization: Bearer <API key>\`. Secret keys reach every endpoint and must stay on your
servers. Publishable keys reach the helper endpoints only, from up to 5 allowed domains
(\`localhost\`, \`127.0.0.1\`, \`*.test\` and \`*.local\` are always allowed). A missing, unknown,
revoked or rolled key answers 401; a key that is not allowed here answers 403.

Legacy V1 (\`/api/v1\`, \`/api/test/v1\`) serves the same operations and still accepts the header
\`X-Auth-SVC: <key>\` and personal access tokens. It is **deprecated**: every V1 response carries
\`Deprecation: true\` and \`Link: </docs/migration-v1>; rel="deprecation"\`. Move to V2 keys.

## Errors

Three shapes, chosen by who raised the error:

- Authentication, key checks and the global rate limit: \`{"errors": ["…"]}\`.
- Monitoring, webhooks, PPSR searches, business accounts and helpers:
  \`{"error": "<code>", "message": "…", "errors": {"<field or row>": [{"code", "message"}]}}\`.
  Validation failures are 422 \`validation_failed\` and list **every** problem, not only the first.
- Form 484: \`{"response": null, "errors": [{"code", "field", "message"}]}\`.

Malformed JSON is 400 \`invalid_json\`; a body over 1 MiB (8 MiB for Form 484) is 413; a body that
is not JSON is 415; an unknown path is 404 and a wrong method 405 with \`Allow\`. A JSON object that
names a member twice, at any depth, is refused with 422 \`invalid_format\` at the path of the repeat
(D-56): parsers disagree on which value counts, so the service reads neither. The only 5xx is
503 with \`Retry-After\` when a registry or the payment provider is unreachable. Every response
carries \`X-Request-Id\`.

## Idempotency

Every create and every charged request accepts \`Idempotency-Key\` (up to 255 characters; required
on monitoring renewals). A retry with the same key and body replays the stored response with
\`Idempotent-Replayed: true\`; the same key with another body is 409 \`idempotency_key_reused\`;
the same key while the first request runs is 409 \`request_in_progress\`. Keys last 24 hours.

## Rate limits

| Endpoints | Limit |
|---|---|
| Helpers | 1,200 requests per minute per key |
| PPSR, business accounts, Form 484, lodgements, webhooks | 600 requests per minute per account |
| Monitoring | 60 requests per minute per account, and 60 per minute per client IP |

A 429 carries \`Retry-After\`, \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`.

## Charges

| Function | Charge |
|---|---|
| PPSR search | 6.00 per search, at submission, for card-billed accounts; every certificate included |
| Entity monitoring | 18.00 per entity per 12-month term (GST inclusive) less the plan's volume discount; free with test keys |
| Business account application | free; the account is credited 50.00 when the bank account is activated |
| Form 484 and other lodgements | no fee by default |

## Webhooks

Register HTTPS endpoints with \`POST /webhooks\`. Each delivery is a signed POST; verify
\`X-Svc-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "{t}.{raw body}">\` with the endpoint
secret (Stripe's verifier accepts it), or the Standard Webhooks headers \`webhook-id\`,
\`webhook-timestamp\`, \`webhook-signature\`. Use the raw body, not a re-serialised one. Failed
deliveries are retried after 30 s, 5 min, 15 min, 1 h and 6 h. See the **Webhooks** section for
every event and its payload.

## Sandbox

The test environment runs simulated registers with documented magic values, for example:

| Value | Outcome |
|---|---|
| ACN \`100000011\` | SANDBOX TRADING PTY LTD, registered, ABN \`60100000011\`, 3 PPSR registrations |
| ACN \`100000057\` | deregistered (\`acn_not_eligible\`) |
| ACN \`100000066\` | no such company (\`acn_not_found\`) |
| ABN \`53900000001\` | active sole trader |
| ABN \`34900000002\` | cancelled (\`abn_not_active\`) |
| VIN \`1HGCM82633A004352\` | NEVDIS \`Found\`, 1 registration |
| VIN \`KMHCT41BAEU000003\` | no registrations |
| VIN \`ZFA31200000000004\` | search \`failed\` |
| Form 484 \`companyName\` containing \`MANUAL REVIEW\` / \`REJECT\` | \`manual review\` then \`finished\` / \`rejected\` |
| ABN registration \`entityName\` containing \`MANUAL REVIEW\` / \`REJECT\` | \`manual review\` then \`finished\` / \`rejected\` (otherwise \`submitted\` then \`finished\`) |
| Director e-mail with \`+reject\` | business account rejected |

Any other number with a valid checksum resolves to a generated registered company or active ABN.
`.trim();
