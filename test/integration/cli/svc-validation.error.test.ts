// The `svc` command refuses bad input before sending it (D-82), and says what the service's 422
// would have said: for each input here, the fields and codes the CLI reports (the SDK's Zod
// validators, worded by the service's mapping) are those the service answers when the same input is
// sent to it. Where an operation's own rules restate a fault the schema already refuses (a PPSR
// search with no criterion: `search_type_required`; a monitoring row with neither identifier:
// `identifier_required`; an endpoint without a URL: `url_invalid`), the CLI, which has only the
// document's schemas, names the schema's code instead (D-82): those inputs are not listed here.
import { describe, expect } from 'vitest';
import { COMMANDS } from '../../../generated/cli/commands.js';
import { problemsOf, type OperationInput } from '../../../packages/cli/src/request.js';
import { serverTest } from '../../support/fixtures.js';

const it = serverTest();

interface Case {
  what: string;
  operationId: string;
  input: OperationInput;
}

const CASES: Case[] = [
  { what: 'a VIN one character short', operationId: 'createPpsrSearch', input: { body: { vin: '1HGCM82633A00435' } } },
  {
    what: 'an ACN alert with 3 digits',
    operationId: 'createPpsrAlert',
    input: { body: { organisationNumberType: 'ACN', organisationNumber: '123' } },
  },
  { what: 'an unknown event type to trigger', operationId: 'createTrigger', input: { body: { eventType: 'monitoring.changed' } } },
  { what: 'an unknown body field', operationId: 'createTrigger', input: { body: { eventType: 'monitoring.expired', colour: 'red' } } },
  { what: 'a device name that does not fit', operationId: 'createListenSession', input: { body: { deviceName: '-laptop' } } },
  { what: 'a page size over 100', operationId: 'listIndustries', input: { query: { perPage: 500 } } },
  { what: 'a request-log status that is not one', operationId: 'tailRequestLog', input: { query: { status: '4x' } } },
  {
    what: 'an endpoint update that is not a boolean',
    operationId: 'updateWebhookEndpoint',
    input: { path: { id: 'we_7hQ2mX9kP4vN8sL3tR6wY1zB' }, body: { enabled: 'maybe' } },
  },
];

async function serviceProblems(url: string, key: string, operationId: string, input: OperationInput) {
  const command = COMMANDS.find((c) => c.operationId === operationId)!;
  const path = command.path.replace(/\{(\w+)\}/g, (_, name: string) => String(input.path?.[name]));
  const query = new URLSearchParams(Object.entries(input.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
  const response = await fetch(`${url}/api/test/v2${path}${query ? `?${query}` : ''}`, {
    method: command.method.toUpperCase(),
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
  });
  expect(response.status).toBe(422);
  const body = (await response.json()) as { errors: Record<string, { code: string; message: string }[]> };
  return Object.entries(body.errors).flatMap(([field, list]) => list.map(({ code }) => `${field} ${code}`));
}

describe('svc refuses what the service refuses, in its fields and codes', () => {
  for (const { what, operationId, input } of CASES)
    it(what, async ({ server, account }) => {
      const command = COMMANDS.find((c) => c.operationId === operationId)!;
      const cli = problemsOf(command, input).map(({ field, code }) => `${field} ${code}`);
      expect(cli.length).toBeGreaterThan(0);
      expect(cli.sort()).toEqual((await serviceProblems(server.url, account.keys.secretTest, operationId, input)).sort());
    });
});
