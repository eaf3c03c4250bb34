// Operator API tag names, declared once so operations and the document's tag list cannot disagree.
export const ADMIN_TAGS = {
  accounts: 'Accounts',
  keys: 'Keys',
  ledger: 'Charges and mail',
  clock: 'Clock and jobs',
  register: 'Simulated registers',
  lodgements: 'Lodgements',
  receiver: 'Webhook receiver',
  webhooks: 'Webhook endpoints',
  ppsr: 'PPSR searches',
  conformance: 'Conformance',
  requests: 'Request log',
} as const;

export const ADMIN_TAG_DESCRIPTIONS: Record<(typeof ADMIN_TAGS)[keyof typeof ADMIN_TAGS], string> = {
  [ADMIN_TAGS.accounts]:
    'Create accounts and set the plan, billing and card state that decide how the public API answers; issue V1 personal access tokens.',
  [ADMIN_TAGS.keys]: 'Create, restrict, roll and revoke API keys (spec 2.1, 3.7; D-02, D-05, D-06).',
  [ADMIN_TAGS.ledger]: 'Read what an account was charged or credited and the mail the service sent it, so tests can assert on both.',
  [ADMIN_TAGS.clock]: 'Read and move the service clock (manual mode) and run scheduled jobs on demand.',
  [ADMIN_TAGS.register]:
    'Create and change simulated register records (companies, ABNs, documents, insolvency notices, PPSR registrations) so register checks and searches see real differences.',
  [ADMIN_TAGS.lodgements]:
    'Create lodgements of any kind and move them between statuses, so every lodgement event of spec 6.1 can be produced end to end (D-36).',
  [ADMIN_TAGS.conformance]: 'Run the contract runner against this service and read the operation x check matrix.',
  [ADMIN_TAGS.ppsr]: 'Read the PPSR searches of every account (their results through the public API).',
  [ADMIN_TAGS.requests]:
    'What each account sent the public API and what it got back (D-51): the newest requests, filtered by status, path or `X-Request-Id`, with redacted bodies for the test environment.',
  [ADMIN_TAGS.webhooks]:
    'Read every webhook endpoint of an account with the key that owns it: the public API shows each key only its own (spec 2.2), deliveries go to all of them.',
  [ADMIN_TAGS.receiver]:
    'The built-in test receiver (D-59): webhook endpoints registered with a test key on `/sandbox/webhook-receiver/ok` (answers 200) or `/sandbox/webhook-receiver/fail` (answers 500) of the service itself are delivered in-process on a plain start and record every request they get, so a team can watch signed deliveries without running a server.',
};
