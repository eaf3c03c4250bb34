// The generated SDK works as a partner would use it: one call per resource against the Prism mock,
// with the SDK's own request and response validators switched on (they come from the document).
import { describe, expect, it } from 'vitest';
import { createClient, createConfig } from '../../generated/client/client/index.js';
import {
  createPpsrSearch,
  getBusinessAccountStatus,
  getCompanyNameAvailability,
  getForm484Status,
  getLodgement,
  listMonitoringEntities,
  listWebhookEndpoints,
} from '../../generated/client/index.js';
import { TEST_SECRET_KEY } from '../support/example-requests.js';
import { sharedPrism } from '../support/prism.js';

const prism = sharedPrism();
const client = createClient(createConfig({ baseUrl: prism.url, auth: () => TEST_SECRET_KEY }));

describe('generated SDK against the Prism mock', () => {
  it('helpers: checks a company name', async () => {
    const { data, response } = await getCompanyNameAvailability({ client, query: { name: 'Sandbox Trading Pty Ltd' } });
    expect(response.status).toBe(200);
    expect(typeof data?.available).toBe('boolean');
    expect(data?.normalisedName).toMatch(/^[A-Z0-9 ]+$/);
  });

  it('lodgements: reads a lodgement status', async () => {
    const { data, response } = await getLodgement({ client, path: { requestId: 1001 } });
    expect(response.status).toBe(200);
    expect(data?.requestId).toBe(1001);
    expect(data?.interaction).toBeTypeOf('string');
  });

  it('webhooks: lists endpoints without secrets', async () => {
    const { data, response } = await listWebhookEndpoints({ client });
    expect(response.status).toBe(200);
    expect(Array.isArray(data?.data)).toBe(true);
    for (const endpoint of data?.data ?? []) expect(endpoint).not.toHaveProperty('secret');
  });

  it('PPSR: submits a VIN search', async () => {
    const { data, response } = await createPpsrSearch({ client, body: { vin: '1HGCM82633A004352' } });
    expect(response.status).toBe(201);
    expect(data?.status).toBe('new');
    expect(Number.isInteger(data?.requestId)).toBe(true);
  });

  it('business accounts: reads an application status', async () => {
    const { data, response } = await getBusinessAccountStatus({ client, path: { requestId: 1001 } });
    expect(response.status).toBe(200);
    expect(data?.bsb).toBeTypeOf('string');
  });

  it('Form 484: reads a lodgement status', async () => {
    const { data, response } = await getForm484Status({ client, path: { requestId: 1001 } });
    expect(response.status).toBe(200);
    expect(data?.response.documentNumber).toHaveLength(9);
  });

  it('monitoring: lists entities with pagination', async () => {
    const { data, response } = await listMonitoringEntities({ client, query: { perPage: 25 } });
    expect(response.status).toBe(200);
    expect(data?.meta.perPage).toBeGreaterThan(0);
  });

  it('refuses to send an invalid request before it leaves the client', async () => {
    await expect(createPpsrSearch({ client, body: { vin: 'not a vin' } as never, throwOnError: true })).rejects.toThrow();
  });
});
