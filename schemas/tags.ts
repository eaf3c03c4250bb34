// Tag names, declared once so operations and the document's tag list cannot disagree.
export const TAGS = {
  helpers: 'Helpers',
  lodgements: 'Lodgements',
  webhooks: 'Webhooks',
  ppsrSearches: 'PPSR searches',
  ppsrAlerts: 'PPSR alerts',
  businessAccounts: 'Business accounts',
  form484: 'Form 484',
  monitoring: 'Monitoring',
  cli: 'Command line',
  lodgementEvents: 'Lodgement events',
  ppsrEvents: 'PPSR events',
  monitoringEvents: 'Monitoring events',
} as const;

export const TAG_DESCRIPTIONS: Record<string, string> = {
  [TAGS.helpers]: 'Lookups usable from the browser with a publishable key: company name availability and ANZSIC industries.',
  [TAGS.lodgements]: 'Status of lodgements sent to registries (company, ABN and business name registrations and renewals).',
  [TAGS.webhooks]: 'Endpoints that receive signed notifications, their secrets and their delivery log.',
  [TAGS.ppsrSearches]: 'Personal Property Securities Register searches, results and certificate PDFs.',
  [TAGS.ppsrAlerts]: 'Watch an organisation on the PPSR and be told of new registrations against it (provisional).',
  [TAGS.businessAccounts]: 'Business bank account applications forwarded to the banking partner.',
  [TAGS.form484]: 'Form 484 (changes to company details) lodged with the corporate regulator.',
  [TAGS.monitoring]: 'Paid monitoring of companies and ABN holders, with detected register changes as events.',
  [TAGS.cli]:
    'What the `svc` command line uses in the test environment: listen sessions that collect webhook deliveries on a laptop, triggers that send a chosen event, and the request log as a tail.',
  [TAGS.lodgementEvents]: 'Webhooks sent when a lodgement reaches a notifiable status (spec 6.1).',
  [TAGS.ppsrEvents]: 'Webhooks sent for PPSR alert subscriptions (spec 6.1).',
  [TAGS.monitoringEvents]: 'Webhooks sent for monitored entities (spec 6.2).',
};
