// Operation ids of the monitoring part, declared once for the schemas, the server's handler map
// and the tests.
export const MONITORING_OPERATIONS = {
  createMonitoringEntities: 'createMonitoringEntities',
  renewMonitoringEntities: 'renewMonitoringEntities',
  resumeMonitoringEntity: 'resumeMonitoringEntity',
  listMonitoringEntities: 'listMonitoringEntities',
  getMonitoringEntity: 'getMonitoringEntity',
  stopMonitoringEntity: 'stopMonitoringEntity',
  listMonitoringEntityEvents: 'listMonitoringEntityEvents',
  listMonitoringEvents: 'listMonitoringEvents',
  getMonitoringEvent: 'getMonitoringEvent',
  simulateMonitoringEvent: 'simulateMonitoringEvent',
} as const;

export type MonitoringOperationId = (typeof MONITORING_OPERATIONS)[keyof typeof MONITORING_OPERATIONS];
