// Operation ids of the PPSR resource, searches and alerts, declared once for both files of operations.

/** Every PPSR operation, searches and (provisional) alert subscriptions. */
export const PPSR_OPERATIONS = {
  createPpsrSearch: 'createPpsrSearch',
  getPpsrSearch: 'getPpsrSearch',
  getPpsrCertificate: 'getPpsrCertificate',
  listPpsrAlerts: 'listPpsrAlerts',
  createPpsrAlert: 'createPpsrAlert',
  deletePpsrAlert: 'deletePpsrAlert',
} as const;
