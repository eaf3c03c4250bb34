// Operations whose feature has not landed yet. They answer 501 `not_implemented` in their family's
// shape (the only 5xx allowed besides D-13's 503). One list in one place, so anyone can see what is
// pending; the README prints the same list and the contract runner reports it.
export const PENDING_OPERATIONS: ReadonlySet<string> = new Set([
  // PPSR
  'createPpsrSearch',
  'getPpsrSearch',
  'getPpsrCertificate',
  'listPpsrAlerts',
  'createPpsrAlert',
  'deletePpsrAlert',
  // Business accounts
  'createBusinessAccountApplication',
  'getBusinessAccountStatus',
  // Form 484
  'createForm484Lodgement',
  'getForm484Status',
  // Monitoring
  'createMonitoringEntities',
  'renewMonitoringEntities',
  'resumeMonitoringEntity',
  'listMonitoringEntities',
  'getMonitoringEntity',
  'stopMonitoringEntity',
  'listMonitoringEntityEvents',
  'listMonitoringEvents',
  'getMonitoringEvent',
  'simulateMonitoringEvent',
]);
