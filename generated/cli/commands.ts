// Written by `npm run generate` (scripts/cli-commands.ts) from spec/openapi.json: one command per operation.
import type { CommandSpec } from '../../packages/cli/src/command-spec.js';

export const COMMANDS: readonly CommandSpec[] = [
  {
    "resource": "abn-registration",
    "action": "create",
    "operationId": "createAbnRegistration",
    "method": "post",
    "path": "/abn/registrations",
    "summary": "Lodge an ABN registration",
    "testOnly": false,
    "idempotencyKey": "optional",
    "body": "required",
    "flags": [
      {
        "flag": "entity-name",
        "name": "entityName",
        "in": "body",
        "type": "string",
        "array": false,
        "required": true,
        "description": "No control characters or invisible characters (Unicode Cc, Cf and Default_Ignorable_Code_Point, the Hangul fillers and U+2800, such as U+200B, U+202E or U+FE0F;"
      },
      {
        "flag": "entity-type",
        "name": "entityType",
        "in": "body",
        "type": "string",
        "array": false,
        "required": true,
        "description": "",
        "enum": [
          "individual",
          "partnership",
          "company",
          "trust"
        ]
      },
      {
        "flag": "contact-email",
        "name": "contactEmail",
        "in": "body",
        "type": "string",
        "array": false,
        "required": true,
        "description": ""
      }
    ],
    "closedBody": [
      "entityName",
      "entityType",
      "businessAddress",
      "contactEmail"
    ],
    "validators": {
      "body": "zCreateAbnRegistrationBody"
    }
  },
  {
    "resource": "business-account-application",
    "action": "create",
    "operationId": "createBusinessAccountApplication",
    "method": "post",
    "path": "/business-accounts",
    "summary": "Apply for a business bank account",
    "testOnly": false,
    "idempotencyKey": "optional",
    "body": "required",
    "flags": [],
    "closedBody": [
      "generalInformation",
      "accountInformation",
      "registeredOffice",
      "principalPlaceOfBusiness",
      "officeHolders",
      "shareAllocation",
      "applicant"
    ],
    "validators": {
      "body": "zCreateBusinessAccountApplicationBody"
    }
  },
  {
    "resource": "business-account-status",
    "action": "get",
    "operationId": "getBusinessAccountStatus",
    "method": "get",
    "path": "/business-accounts/status/{requestId}",
    "summary": "Get a business account application status",
    "testOnly": false,
    "idempotencyKey": "none",
    "body": "none",
    "flags": [
      {
        "flag": "request-id",
        "name": "requestId",
        "in": "path",
        "type": "integer",
        "array": false,
        "required": true,
        "description": "Request id returned at creation."
      }
    ],
    "validators": {
      "path": "zGetBusinessAccountStatusPath"
    }
  },
  {
    "resource": "company-name-availability",
    "action": "get",
    "operationId": "getCompanyNameAvailability",
    "method": "get",
    "path": "/helpers/company-name-availability",
    "summary": "Check company name availability",
    "testOnly": false,
    "idempotencyKey": "none",
    "body": "none",
    "flags": [
      {
        "flag": "name",
        "name": "name",
        "in": "query",
        "type": "string",
        "array": false,
        "required": true,
        "description": "Proposed company name: at least one letter or digit, in any script."
      }
    ],
    "validators": {
      "query": "zGetCompanyNameAvailabilityQuery"
    }
  },
  {
    "resource": "form484-lodgement",
    "action": "create",
    "operationId": "createForm484Lodgement",
    "method": "post",
    "path": "/asic-484-forms",
    "summary": "Lodge a Form 484",
    "testOnly": false,
    "idempotencyKey": "optional",
    "body": "required",
    "flags": [
      {
        "flag": "test-transmission-indicator",
        "name": "testTransmissionIndicator",
        "in": "body",
        "type": "boolean",
        "array": false,
        "required": true,
        "description": "Registry flag: `false` for a real lodgement, `true` for a test transmission to the registry."
      }
    ],
    "closedBody": [
      "generalInformation",
      "registeredOffice",
      "principalPlaceOfBusiness",
      "ultimateHoldingCompany",
      "officeHolders",
      "shareStructure",
      "shareIssue",
      "shareCancellation",
      "members",
      "concessionalFees",
      "annexures",
      "signature",
      "testTransmissionIndicator"
    ],
    "validators": {
      "body": "zCreateForm484LodgementBody"
    }
  },
  {
    "resource": "form484-status",
    "action": "get",
    "operationId": "getForm484Status",
    "method": "get",
    "path": "/asic-484-forms/{requestId}/status",
    "summary": "Get a Form 484 status",
    "testOnly": false,
    "idempotencyKey": "none",
    "body": "none",
    "flags": [
      {
        "flag": "request-id",
        "name": "requestId",
        "in": "path",
        "type": "integer",
        "array": false,
        "required": true,
        "description": "Request id returned at creation."
      }
    ],
    "validators": {
      "path": "zGetForm484StatusPath"
    }
  },
  {
    "resource": "industry",
    "action": "list",
    "operationId": "listIndustries",
    "method": "get",
    "path": "/helpers/industries",
    "summary": "Search industries",
    "testOnly": false,
    "idempotencyKey": "none",
    "body": "none",
    "flags": [
      {
        "flag": "page",
        "name": "page",
        "in": "query",
        "type": "integer",
        "array": false,
        "required": false,
        "description": "Page number, from 1 to 9007199254740991 (2^53 - 1); a larger value is 422."
      },
      {
        "flag": "per-page",
        "name": "perPage",
        "in": "query",
        "type": "integer",
        "array": false,
        "required": false,
        "description": "Items per page (default 25, max 100)."
      },
      {
        "flag": "q",
        "name": "q",
        "in": "query",
        "type": "string",
        "array": false,
        "required": false,
        "description": "Words or a code to search for; omit to list everything."
      }
    ],
    "validators": {
      "query": "zListIndustriesQuery"
    }
  },
  {
    "resource": "listen-attempt",
    "action": "report",
    "operationId": "reportListenAttempt",
    "method": "post",
    "path": "/cli/listen-sessions/{id}/attempts/{attemptId}",
    "summary": "Report the local answer to an attempt",
    "testOnly": true,
    "idempotencyKey": "none",
    "body": "required",
    "flags": [
      {
        "flag": "id",
        "name": "id",
        "in": "path",
        "type": "string",
        "array": false,
        "required": true,
        "description": "Listen session id: `ls_` and 24 letters or digits."
      },
      {
        "flag": "attempt-id",
        "name": "attemptId",
        "in": "path",
        "type": "string",
        "array": false,
        "required": true,
        "description": "One attempt handed to the CLI: `la_` and 24 letters or digits."
      },
      {
        "flag": "status",
        "name": "status",
        "in": "body",
        "type": "integer",
        "array": false,
        "required": false,
        "description": "The status the local URL answered."
      },
      {
        "flag": "error",
        "name": "error",
        "in": "body",
        "type": "string",
        "array": false,
        "required": false,
        "description": "Why no answer came (connection refused, timeout); send instead of `status`."
      },
      {
        "flag": "duration-ms",
        "name": "durationMs",
        "in": "body",
        "type": "integer",
        "array": false,
        "required": true,
        "description": "How long the local forward took."
      }
    ],
    "closedBody": [
      "status",
      "error",
      "durationMs"
    ],
    "validators": {
      "path": "zReportListenAttemptPath",
      "body": "zReportListenAttemptBody"
    }
  },
  {
    "resource": "listen-delivery",
    "action": "collect",
    "operationId": "collectListenDeliveries",
    "method": "get",
    "path": "/cli/listen-sessions/{id}/deliveries",
    "summary": "Collect deliveries of a listen session",
    "testOnly": true,
    "idempotencyKey": "none",
    "body": "none",
    "flags": [
      {
        "flag": "id",
        "name": "id",
        "in": "path",
        "type": "string",
        "array": false,
        "required": true,
        "description": "Listen session id: `ls_` and 24 letters or digits."
      },
      {
        "flag": "wait",
        "name": "wait",
        "in": "query",
        "type": "integer",
        "array": false,
        "required": false,
        "description": "Long poll: seconds to wait for something to arrive when nothing is there yet (0 to 25, default 0; a service may be set to wait less)."
      },
      {
        "flag": "limit",
        "name": "limit",
        "in": "query",
        "type": "integer",
        "array": false,
        "required": false,
        "description": "Attempts to hand out at most (1 to 50, default 10)."
      }
    ],
    "validators": {
      "path": "zCollectListenDeliveriesPath",
      "query": "zCollectListenDeliveriesQuery"
    }
  },
  {
    "resource": "listen-session",
    "action": "create",
    "operationId": "createListenSession",
    "method": "post",
    "path": "/cli/listen-sessions",
    "summary": "Start or resume a listen session",
    "testOnly": true,
    "idempotencyKey": "optional",
    "body": "required",
    "flags": [
      {
        "flag": "event-types",
        "name": "eventTypes",
        "in": "body",
        "type": "string",
        "array": true,
        "required": false,
        "description": "Events to collect: known event names, or exactly `[\"*\"]` (the default) for every event (D-26).",
        "enum": [
          "company_registration.status_changed",
          "abn_registration.status_changed",
          "business_name_registration.status_changed",
          "business_name_renewal.status_changed",
          "form484.status_changed",
          "ppsr.alert.grantor_registration_changed",
          "monitoring.change_detected",
          "monitoring.expiring",
          "monitoring.expired",
          "*"
        ]
      },
      {
        "flag": "device-name",
        "name": "deviceName",
        "in": "body",
        "type": "string",
        "array": false,
        "required": false,
        "description": "Default `default`."
      }
    ],
    "closedBody": [
      "eventTypes",
      "deviceName"
    ],
    "validators": {
      "body": "zCreateListenSessionBody"
    }
  },
  {
    "resource": "lodgement",
    "action": "get",
    "operationId": "getLodgement",
    "method": "get",
    "path": "/lodgements/{requestId}",
    "summary": "Get a lodgement status",
    "testOnly": false,
    "idempotencyKey": "none",
    "body": "none",
    "flags": [
      {
        "flag": "request-id",
        "name": "requestId",
        "in": "path",
        "type": "integer",
        "array": false,
        "required": true,
        "description": "Request id returned at creation."
      }
    ],
    "validators": {
      "path": "zGetLodgementPath"
    }
  },
  {
    "resource": "monitoring-entity",
    "action": "create",
    "operationId": "createMonitoringEntities",
    "method": "post",
    "path": "/monitoring/entities",
    "summary": "Start monitoring entities",
    "testOnly": false,
    "idempotencyKey": "optional",
    "body": "required",
    "flags": [],
    "closedBody": [
      "entities"
    ],
    "validators": {
      "body": "zCreateMonitoringEntitiesBody"
    }
  },
  {
    "resource": "monitoring-entity",
    "action": "get",
    "operationId": "getMonitoringEntity",
    "method": "get",
    "path": "/monitoring/entities/{id}",
    "summary": "Get a monitored entity",
    "testOnly": false,
    "idempotencyKey": "none",
    "body": "none",
    "flags": [
      {
        "flag": "id",
        "name": "id",
        "in": "path",
        "type": "integer",
        "array": false,
        "required": true,
        "description": "Entity id."
      }
    ],
    "validators": {
      "path": "zGetMonitoringEntityPath"
    }
  },
  {
    "resource": "monitoring-entity",
    "action": "list",
    "operationId": "listMonitoringEntities",
    "method": "get",
    "path": "/monitoring/entities",
    "summary": "List monitored entities",
    "testOnly": false,
    "idempotencyKey": "none",
    "body": "none",
    "flags": [
      {
        "flag": "page",
        "name": "page",
        "in": "query",
        "type": "integer",
        "array": false,
        "required": false,
        "description": "Page number, from 1 to 9007199254740991 (2^53 - 1); a larger value is 422."
      },
      {
        "flag": "per-page",
        "name": "perPage",
        "in": "query",
        "type": "integer",
        "array": false,
        "required": false,
        "description": "Items per page (default 25, max 100)."
      },
      {
        "flag": "status",
        "name": "status",
        "in": "query",
        "type": "string",
        "array": false,
        "required": false,
        "description": "Only entities in this status.",
        "enum": [
          "processing",
          "active",
          "stopped",
          "expired"
        ]
      },
      {
        "flag": "acn",
        "name": "acn",
        "in": "query",
        "type": "string",
        "array": false,
        "required": false,
        "description": "Only the entity with this ACN."
      },
      {
        "flag": "abn",
        "name": "abn",
        "in": "query",
        "type": "string",
        "array": false,
        "required": false,
        "description": "Only the entity with this ABN."
      },
      {
        "flag": "expires-before",
        "name": "expiresBefore",
        "in": "query",
        "type": "string",
        "array": false,
        "required": false,
        "description": "Only entities whose `expiresAt` is earlier than this Australia/Brisbane date."
      }
    ],
    "validators": {
      "query": "zListMonitoringEntitiesQuery"
    }
  },
  {
    "resource": "monitoring-entity",
    "action": "renew",
    "operationId": "renewMonitoringEntities",
    "method": "post",
    "path": "/monitoring/entities/renew",
    "summary": "Renew monitored entities",
    "testOnly": false,
    "idempotencyKey": "required",
    "body": "required",
    "flags": [
      {
        "flag": "ids",
        "name": "ids",
        "in": "body",
        "type": "integer",
        "array": true,
        "required": true,
        "description": "Ids of the entities to renew, up to 25, each once."
      }
    ],
    "closedBody": [
      "ids"
    ],
    "validators": {
      "body": "zRenewMonitoringEntitiesBody"
    }
  },
  {
    "resource": "monitoring-entity",
    "action": "resume",
    "operationId": "resumeMonitoringEntity",
    "method": "post",
    "path": "/monitoring/entities/{id}/resume",
    "summary": "Resume a monitored entity",
    "testOnly": false,
    "idempotencyKey": "none",
    "body": "none",
    "flags": [
      {
        "flag": "id",
        "name": "id",
        "in": "path",
        "type": "integer",
        "array": false,
        "required": true,
        "description": "Entity id."
      }
    ],
    "validators": {
      "path": "zResumeMonitoringEntityPath"
    }
  },
  {
    "resource": "monitoring-entity",
    "action": "stop",
    "operationId": "stopMonitoringEntity",
    "method": "delete",
    "path": "/monitoring/entities/{id}",
    "summary": "Stop monitoring an entity",
    "testOnly": false,
    "idempotencyKey": "none",
    "body": "none",
    "flags": [
      {
        "flag": "id",
        "name": "id",
        "in": "path",
        "type": "integer",
        "array": false,
        "required": true,
        "description": "Entity id."
      }
    ],
    "validators": {
      "path": "zStopMonitoringEntityPath"
    }
  },
  {
    "resource": "monitoring-entity-event",
    "action": "list",
    "operationId": "listMonitoringEntityEvents",
    "method": "get",
    "path": "/monitoring/entities/{id}/events",
    "summary": "List events of an entity",
    "testOnly": false,
    "idempotencyKey": "none",
    "body": "none",
    "flags": [
      {
        "flag": "id",
        "name": "id",
        "in": "path",
        "type": "integer",
        "array": false,
        "required": true,
        "description": "Entity id."
      },
      {
        "flag": "page",
        "name": "page",
        "in": "query",
        "type": "integer",
        "array": false,
        "required": false,
        "description": "Page number, from 1 to 9007199254740991 (2^53 - 1); a larger value is 422."
      },
      {
        "flag": "per-page",
        "name": "perPage",
        "in": "query",
        "type": "integer",
        "array": false,
        "required": false,
        "description": "Items per page (default 25, max 100)."
      }
    ],
    "validators": {
      "path": "zListMonitoringEntityEventsPath",
      "query": "zListMonitoringEntityEventsQuery"
    }
  },
  {
    "resource": "monitoring-event",
    "action": "get",
    "operationId": "getMonitoringEvent",
    "method": "get",
    "path": "/monitoring/events/{id}",
    "summary": "Get a monitoring event",
    "testOnly": false,
    "idempotencyKey": "none",
    "body": "none",
    "flags": [
      {
        "flag": "id",
        "name": "id",
        "in": "path",
        "type": "integer",
        "array": false,
        "required": true,
        "description": "Event id (`monitoringEventId`)."
      }
    ],
    "validators": {
      "path": "zGetMonitoringEventPath"
    }
  },
  {
    "resource": "monitoring-event",
    "action": "list",
    "operationId": "listMonitoringEvents",
    "method": "get",
    "path": "/monitoring/events",
    "summary": "List monitoring events",
    "testOnly": false,
    "idempotencyKey": "none",
    "body": "none",
    "flags": [
      {
        "flag": "page",
        "name": "page",
        "in": "query",
        "type": "integer",
        "array": false,
        "required": false,
        "description": "Page number, from 1 to 9007199254740991 (2^53 - 1); a larger value is 422."
      },
      {
        "flag": "per-page",
        "name": "perPage",
        "in": "query",
        "type": "integer",
        "array": false,
        "required": false,
        "description": "Items per page (default 25, max 100)."
      },
      {
        "flag": "since",
        "name": "since",
        "in": "query",
        "type": "string",
        "array": false,
        "required": false,
        "description": "An event id, returning events after it; or an ISO 8601 date-time, returning events detected at or after it."
      }
    ],
    "validators": {
      "query": "zListMonitoringEventsQuery"
    }
  },
  {
    "resource": "monitoring-event",
    "action": "simulate",
    "operationId": "simulateMonitoringEvent",
    "method": "post",
    "path": "/monitoring/entities/{id}/simulate",
    "summary": "Simulate a monitoring event",
    "testOnly": true,
    "idempotencyKey": "none",
    "body": "required",
    "flags": [
      {
        "flag": "id",
        "name": "id",
        "in": "path",
        "type": "integer",
        "array": false,
        "required": true,
        "description": "Entity id."
      },
      {
        "flag": "event-type",
        "name": "eventType",
        "in": "body",
        "type": "string",
        "array": false,
        "required": false,
        "description": "A known event type (spec 2.7).",
        "enum": [
          "document_lodged",
          "name_change",
          "address_change",
          "status_change",
          "type_change",
          "gst_change",
          "business_name_added",
          "business_name_removed",
          "insolvency_notice",
          "ppsr_registration",
          "other_change"
        ]
      },
      {
        "flag": "simulate",
        "name": "simulate",
        "in": "body",
        "type": "string",
        "array": false,
        "required": false,
        "description": "`expiring_30`, `expiring_7` or `expired` send that lifecycle webhook (200); `deregistered` deregisters a test company or cancels a test ABN and emits a `status_",
        "enum": [
          "expiring_30",
          "expiring_7",
          "expired",
          "deregistered"
        ]
      }
    ],
    "closedBody": [
      "eventType",
      "simulate"
    ],
    "validators": {
      "path": "zSimulateMonitoringEventPath",
      "body": "zSimulateMonitoringEventBody"
    }
  },
  {
    "resource": "ppsr-alert",
    "action": "create",
    "operationId": "createPpsrAlert",
    "method": "post",
    "path": "/ppsr/alerts",
    "summary": "Watch an organisation on the PPSR",
    "testOnly": false,
    "idempotencyKey": "optional",
    "body": "required",
    "flags": [
      {
        "flag": "organisation-number-type",
        "name": "organisationNumberType",
        "in": "body",
        "type": "string",
        "array": false,
        "required": true,
        "description": "",
        "enum": [
          "ACN",
          "ABN",
          "ARBN",
          "ARSN"
        ]
      },
      {
        "flag": "organisation-number",
        "name": "organisationNumber",
        "in": "body",
        "type": "string",
        "array": false,
        "required": true,
        "description": "Australian Registered Scheme Number: 9 digits with the ACN checksum."
      }
    ],
    "closedBody": [
      "organisationNumberType",
      "organisationNumber"
    ],
    "validators": {
      "body": "zCreatePpsrAlertBody"
    }
  },
  {
    "resource": "ppsr-alert",
    "action": "delete",
    "operationId": "deletePpsrAlert",
    "method": "delete",
    "path": "/ppsr/alerts/{id}",
    "summary": "Stop watching an organisation",
    "testOnly": false,
    "idempotencyKey": "none",
    "body": "none",
    "flags": [
      {
        "flag": "id",
        "name": "id",
        "in": "path",
        "type": "string",
        "array": false,
        "required": true,
        "description": "Alert subscription id: `pal_` and 24 letters and digits."
      }
    ],
    "validators": {
      "path": "zDeletePpsrAlertPath"
    }
  },
  {
    "resource": "ppsr-alert",
    "action": "list",
    "operationId": "listPpsrAlerts",
    "method": "get",
    "path": "/ppsr/alerts",
    "summary": "List PPSR alert subscriptions",
    "testOnly": false,
    "idempotencyKey": "none",
    "body": "none",
    "flags": [],
    "validators": {}
  },
  {
    "resource": "ppsr-certificate",
    "action": "get",
    "operationId": "getPpsrCertificate",
    "method": "get",
    "path": "/ppsr/searches/{requestId}/certificates/{certificateNumber}",
    "summary": "Download a PPSR certificate",
    "testOnly": false,
    "idempotencyKey": "none",
    "body": "none",
    "flags": [
      {
        "flag": "request-id",
        "name": "requestId",
        "in": "path",
        "type": "integer",
        "array": false,
        "required": true,
        "description": "Request id returned at creation."
      },
      {
        "flag": "certificate-number",
        "name": "certificateNumber",
        "in": "path",
        "type": "string",
        "array": false,
        "required": true,
        "description": "A `certificateNumber` from `data.certificates` of the search."
      }
    ],
    "validators": {
      "path": "zGetPpsrCertificatePath"
    }
  },
  {
    "resource": "ppsr-search",
    "action": "create",
    "operationId": "createPpsrSearch",
    "method": "post",
    "path": "/ppsr/searches",
    "summary": "Start a PPSR search",
    "testOnly": false,
    "idempotencyKey": "optional",
    "body": "required",
    "flags": [
      {
        "flag": "acn",
        "name": "acn",
        "in": "body",
        "type": "string",
        "array": false,
        "required": false,
        "description": "Australian Company Number: 9 digits with the ASIC checksum."
      },
      {
        "flag": "abn",
        "name": "abn",
        "in": "body",
        "type": "string",
        "array": false,
        "required": false,
        "description": "Australian Business Number: 11 digits with the ABR checksum."
      },
      {
        "flag": "arbn",
        "name": "arbn",
        "in": "body",
        "type": "string",
        "array": false,
        "required": false,
        "description": "Australian Registered Body Number: 9 digits with the ACN checksum."
      },
      {
        "flag": "arsn",
        "name": "arsn",
        "in": "body",
        "type": "string",
        "array": false,
        "required": false,
        "description": "Australian Registered Scheme Number: 9 digits with the ACN checksum."
      },
      {
        "flag": "vin",
        "name": "vin",
        "in": "body",
        "type": "string",
        "array": false,
        "required": false,
        "description": "Vehicle Identification Number (ISO 3779): 17 letters and digits, never I, O or Q."
      },
      {
        "flag": "serial-number",
        "name": "serialNumber",
        "in": "body",
        "type": "string",
        "array": false,
        "required": false,
        "description": "Letters, digits and hyphens, at most 17."
      },
      {
        "flag": "serial-number-type",
        "name": "serialNumberType",
        "in": "body",
        "type": "string",
        "array": false,
        "required": false,
        "description": "Kind of serial number: chassis number, hull identification number (HIN) or official (ship) number.",
        "enum": [
          "ChassisNumber",
          "HIN",
          "OfficialNumber"
        ]
      },
      {
        "flag": "registration-number",
        "name": "registrationNumber",
        "in": "body",
        "type": "string",
        "array": false,
        "required": false,
        "description": "PPSR registration number: digits only, at most 20."
      },
      {
        "flag": "family-name",
        "name": "familyName",
        "in": "body",
        "type": "string",
        "array": false,
        "required": false,
        "description": "No control characters or invisible characters (Unicode Cc, Cf and Default_Ignorable_Code_Point, the Hangul fillers and U+2800, such as U+200B, U+202E or U+FE0F;"
      },
      {
        "flag": "given-names",
        "name": "givenNames",
        "in": "body",
        "type": "string",
        "array": false,
        "required": false,
        "description": "No control characters or invisible characters (Unicode Cc, Cf and Default_Ignorable_Code_Point, the Hangul fillers and U+2800, such as U+200B, U+202E or U+FE0F;"
      },
      {
        "flag": "date-of-birth",
        "name": "dateOfBirth",
        "in": "body",
        "type": "string",
        "array": false,
        "required": false,
        "description": ""
      },
      {
        "flag": "authorised-purpose",
        "name": "authorisedPurpose",
        "in": "body",
        "type": "boolean",
        "array": false,
        "required": false,
        "description": "Must be `true`: you declare that the search is for a purpose authorised by section 172 of the Personal Property Securities Act 2009."
      },
      {
        "flag": "organisation-name",
        "name": "organisationName",
        "in": "body",
        "type": "string",
        "array": false,
        "required": false,
        "description": "No control characters or invisible characters (Unicode Cc, Cf and Default_Ignorable_Code_Point, the Hangul fillers and U+2800, such as U+200B, U+202E or U+FE0F;"
      }
    ],
    "closedBody": [
      "acn",
      "abn",
      "arbn",
      "arsn",
      "vin",
      "serialNumber",
      "serialNumberType",
      "registrationNumber",
      "familyName",
      "givenNames",
      "dateOfBirth",
      "authorisedPurpose",
      "organisationName"
    ],
    "validators": {
      "body": "zCreatePpsrSearchBody"
    }
  },
  {
    "resource": "ppsr-search",
    "action": "get",
    "operationId": "getPpsrSearch",
    "method": "get",
    "path": "/ppsr/searches/{requestId}",
    "summary": "Get a PPSR search",
    "testOnly": false,
    "idempotencyKey": "none",
    "body": "none",
    "flags": [
      {
        "flag": "request-id",
        "name": "requestId",
        "in": "path",
        "type": "integer",
        "array": false,
        "required": true,
        "description": "Request id returned at creation."
      }
    ],
    "validators": {
      "path": "zGetPpsrSearchPath"
    }
  },
  {
    "resource": "request-log",
    "action": "tail",
    "operationId": "tailRequestLog",
    "method": "get",
    "path": "/cli/request-log",
    "summary": "Tail the request log",
    "testOnly": true,
    "idempotencyKey": "none",
    "body": "none",
    "flags": [
      {
        "flag": "status",
        "name": "status",
        "in": "query",
        "type": "string",
        "array": false,
        "required": false,
        "description": "Only answers with this status (`422`) or of this class (`4xx`, `5xx`)."
      },
      {
        "flag": "path",
        "name": "path",
        "in": "query",
        "type": "string",
        "array": false,
        "required": false,
        "description": "Only requests whose path contains this text (case-sensitive)."
      },
      {
        "flag": "after",
        "name": "after",
        "in": "query",
        "type": "string",
        "array": false,
        "required": false,
        "description": "The `nextCursor` of the previous answer: only newer requests."
      },
      {
        "flag": "wait",
        "name": "wait",
        "in": "query",
        "type": "integer",
        "array": false,
        "required": false,
        "description": "Long poll: seconds to wait for something to arrive when nothing is there yet (0 to 25, default 0; a service may be set to wait less)."
      },
      {
        "flag": "limit",
        "name": "limit",
        "in": "query",
        "type": "integer",
        "array": false,
        "required": false,
        "description": "Requests per answer at most (1 to 100, default 25)."
      }
    ],
    "validators": {
      "query": "zTailRequestLogQuery"
    }
  },
  {
    "resource": "trigger",
    "action": "create",
    "operationId": "createTrigger",
    "method": "post",
    "path": "/cli/triggers",
    "summary": "Send an event of a chosen type",
    "testOnly": true,
    "idempotencyKey": "optional",
    "body": "required",
    "flags": [
      {
        "flag": "event-type",
        "name": "eventType",
        "in": "body",
        "type": "string",
        "array": false,
        "required": true,
        "description": "The event to send.",
        "enum": [
          "company_registration.status_changed",
          "abn_registration.status_changed",
          "business_name_registration.status_changed",
          "business_name_renewal.status_changed",
          "form484.status_changed",
          "ppsr.alert.grantor_registration_changed",
          "monitoring.change_detected",
          "monitoring.expiring",
          "monitoring.expired"
        ]
      }
    ],
    "closedBody": [
      "eventType"
    ],
    "validators": {
      "body": "zCreateTriggerBody"
    }
  },
  {
    "resource": "webhook-delivery",
    "action": "list",
    "operationId": "listWebhookDeliveries",
    "method": "get",
    "path": "/webhooks/{id}/deliveries",
    "summary": "List webhook deliveries",
    "testOnly": false,
    "idempotencyKey": "none",
    "body": "none",
    "flags": [
      {
        "flag": "id",
        "name": "id",
        "in": "path",
        "type": "string",
        "array": false,
        "required": true,
        "description": "Endpoint id: `we_` and 24 letters or digits (D-16)."
      },
      {
        "flag": "page",
        "name": "page",
        "in": "query",
        "type": "integer",
        "array": false,
        "required": false,
        "description": "Page number, from 1 to 9007199254740991 (2^53 - 1); a larger value is 422."
      },
      {
        "flag": "per-page",
        "name": "perPage",
        "in": "query",
        "type": "integer",
        "array": false,
        "required": false,
        "description": "Items per page (default 25, max 100)."
      }
    ],
    "validators": {
      "path": "zListWebhookDeliveriesPath",
      "query": "zListWebhookDeliveriesQuery"
    }
  },
  {
    "resource": "webhook-delivery",
    "action": "resend",
    "operationId": "resendWebhookDelivery",
    "method": "post",
    "path": "/webhooks/{id}/deliveries/{deliveryId}/resend",
    "summary": "Resend a webhook delivery",
    "testOnly": false,
    "idempotencyKey": "none",
    "body": "none",
    "flags": [
      {
        "flag": "id",
        "name": "id",
        "in": "path",
        "type": "string",
        "array": false,
        "required": true,
        "description": "Endpoint id: `we_` and 24 letters or digits (D-16)."
      },
      {
        "flag": "delivery-id",
        "name": "deliveryId",
        "in": "path",
        "type": "string",
        "array": false,
        "required": true,
        "description": "Delivery id: `dlv_` and 24 letters or digits; stable across retries (D-22)."
      }
    ],
    "validators": {
      "path": "zResendWebhookDeliveryPath"
    }
  },
  {
    "resource": "webhook-endpoint",
    "action": "create",
    "operationId": "createWebhookEndpoint",
    "method": "post",
    "path": "/webhooks",
    "summary": "Create a webhook endpoint",
    "testOnly": false,
    "idempotencyKey": "optional",
    "body": "required",
    "flags": [
      {
        "flag": "url",
        "name": "url",
        "in": "body",
        "type": "string",
        "array": false,
        "required": true,
        "description": "HTTPS URL whose host resolves only to public addresses; checked at registration and before every delivery attempt (D-23)."
      },
      {
        "flag": "event-types",
        "name": "eventTypes",
        "in": "body",
        "type": "string",
        "array": true,
        "required": true,
        "description": "Events to receive: known event names, or exactly `[\"*\"]` for every event.",
        "enum": [
          "company_registration.status_changed",
          "abn_registration.status_changed",
          "business_name_registration.status_changed",
          "business_name_renewal.status_changed",
          "form484.status_changed",
          "ppsr.alert.grantor_registration_changed",
          "monitoring.change_detected",
          "monitoring.expiring",
          "monitoring.expired",
          "*"
        ]
      }
    ],
    "closedBody": [
      "url",
      "eventTypes"
    ],
    "validators": {
      "body": "zCreateWebhookEndpointBody"
    }
  },
  {
    "resource": "webhook-endpoint",
    "action": "delete",
    "operationId": "deleteWebhookEndpoint",
    "method": "delete",
    "path": "/webhooks/{id}",
    "summary": "Delete a webhook endpoint",
    "testOnly": false,
    "idempotencyKey": "none",
    "body": "none",
    "flags": [
      {
        "flag": "id",
        "name": "id",
        "in": "path",
        "type": "string",
        "array": false,
        "required": true,
        "description": "Endpoint id: `we_` and 24 letters or digits (D-16)."
      }
    ],
    "validators": {
      "path": "zDeleteWebhookEndpointPath"
    }
  },
  {
    "resource": "webhook-endpoint",
    "action": "list",
    "operationId": "listWebhookEndpoints",
    "method": "get",
    "path": "/webhooks",
    "summary": "List webhook endpoints",
    "testOnly": false,
    "idempotencyKey": "none",
    "body": "none",
    "flags": [],
    "validators": {}
  },
  {
    "resource": "webhook-endpoint",
    "action": "update",
    "operationId": "updateWebhookEndpoint",
    "method": "patch",
    "path": "/webhooks/{id}",
    "summary": "Update a webhook endpoint",
    "testOnly": false,
    "idempotencyKey": "none",
    "body": "required",
    "flags": [
      {
        "flag": "id",
        "name": "id",
        "in": "path",
        "type": "string",
        "array": false,
        "required": true,
        "description": "Endpoint id: `we_` and 24 letters or digits (D-16)."
      },
      {
        "flag": "url",
        "name": "url",
        "in": "body",
        "type": "string",
        "array": false,
        "required": false,
        "description": "HTTPS URL whose host resolves only to public addresses; checked at registration and before every delivery attempt (D-23)."
      },
      {
        "flag": "event-types",
        "name": "eventTypes",
        "in": "body",
        "type": "string",
        "array": true,
        "required": false,
        "description": "Events to receive: known event names, or exactly `[\"*\"]` for every event.",
        "enum": [
          "company_registration.status_changed",
          "abn_registration.status_changed",
          "business_name_registration.status_changed",
          "business_name_renewal.status_changed",
          "form484.status_changed",
          "ppsr.alert.grantor_registration_changed",
          "monitoring.change_detected",
          "monitoring.expiring",
          "monitoring.expired",
          "*"
        ]
      },
      {
        "flag": "enabled",
        "name": "enabled",
        "in": "body",
        "type": "boolean",
        "array": false,
        "required": false,
        "description": "False stops deliveries at once; true re-enables and resets the failure count."
      }
    ],
    "closedBody": [
      "url",
      "eventTypes",
      "enabled"
    ],
    "validators": {
      "path": "zUpdateWebhookEndpointPath",
      "body": "zUpdateWebhookEndpointBody"
    }
  },
  {
    "resource": "webhook-endpoint-secret",
    "action": "rotate",
    "operationId": "rotateWebhookEndpointSecret",
    "method": "post",
    "path": "/webhooks/{id}/rotate-secret",
    "summary": "Rotate a webhook secret",
    "testOnly": false,
    "idempotencyKey": "optional",
    "body": "none",
    "flags": [
      {
        "flag": "id",
        "name": "id",
        "in": "path",
        "type": "string",
        "array": false,
        "required": true,
        "description": "Endpoint id: `we_` and 24 letters or digits (D-16)."
      }
    ],
    "validators": {
      "path": "zRotateWebhookEndpointSecretPath"
    }
  }
];
