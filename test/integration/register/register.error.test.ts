// Refusals of the operator's simulated-register operations: unknown numbers (404), the rules JSON
// Schema cannot carry (GST needs an ABN), taken document numbers (409) and the admin token (401).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('unknown numbers', () => {
  it.each([
    ['PATCH', '/admin/register/companies/100000012', { name: 'X PTY LTD' }],
    ['PATCH', '/admin/register/abns/51824753557', { status: 'cancelled' }],
    ['POST', '/admin/register/companies/100000066/documents', { documentType: '484', description: 'Change' }],
    [
      'POST',
      '/admin/register/companies/100000066/insolvency-notices',
      { noticeUrl: 'https://notices.example.gov.au/1', appointmentDate: '2026-11-20', description: 'Liquidator' },
    ],
  ])('%s %s answers 404 not_found', async (method, path, body) => {
    const answer = await server.admin<Record<string, unknown>>(method, path, body);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ error: 'not_found' });
  });
});

describe('the documented magic values', () => {
  // docs/guide/05-sandbox.md "Companies and ABNs": every partner's tests rely on what the register
  // says about these numbers, so no operator edit changes them (nor creates the absent ones).
  it.each([
    ['PATCH', '/admin/register/companies/100000011', { name: 'SANDBOX RENAMED PTY LTD' }, 'ACN 100000011'],
    ['PATCH', '/admin/register/companies/100000057', { status: 'registered' }, 'ACN 100000057'],
    ['POST', '/admin/register/companies', { acn: '100000020', name: 'X PTY LTD', status: 'registered' }, 'ACN 100000020'],
    ['POST', '/admin/register/companies', { acn: '100000066', name: 'NEWLY MADE PTY LTD', status: 'registered' }, 'ACN 100000066'],
    ['PATCH', '/admin/register/abns/53900000001', { status: 'cancelled' }, 'ABN 53900000001'],
    ['PATCH', '/admin/register/abns/60100000011', { gstRegistered: false }, 'ABN 60100000011'],
    [
      'POST',
      '/admin/register/abns',
      { abn: '15900000003', entityName: 'LATE ARRIVAL TRUST', status: 'active', entityType: 'TRT' },
      'ABN 15900000003',
    ],
  ])('%s %s answers 409 sandbox_magic_value and changes nothing', async (method, path, body, named) => {
    const answer = await server.admin<Record<string, unknown>>(method, path, body);
    expect(answer.status).toBe(409);
    expect(answer.body).toStrictEqual({
      error: 'sandbox_magic_value',
      message: expect.stringContaining(`${named} is a documented sandbox magic value`),
    });
  });

  it('the refused rename leaves the magic company as documented: its name is still taken', async () => {
    await server.admin('PATCH', '/admin/register/companies/100000011', { name: 'SANDBOX RENAMED PTY LTD' });
    const account = await server.createAccount();
    const answer = await fetch(`${server.url}/api/test/v2/helpers/company-name-availability?name=Sandbox%20Trading%20Pty%20Ltd`, {
      headers: { Authorization: `Bearer ${account.keys.secretTest}` },
    });
    expect(await answer.json()).toMatchObject({ available: false });
  });
});

describe('rules beyond the structure', () => {
  it('GST registration without an ABN is 422 abn_required, on create and on change', async () => {
    const created = await server.admin('POST', '/admin/register/companies', {
      acn: '100000093',
      name: 'SMITH & JONES PTY LTD',
      status: 'registered',
      gstRegistered: true,
    });
    expect(created.status).toBe(422);
    expect(created.body).toStrictEqual({
      error: 'validation_failed',
      message: 'The request is not valid.',
      errors: { gstRegistered: [{ code: 'abn_required', message: 'GST registration needs an ABN.' }] },
    });
    const changed = await server.admin('PATCH', '/admin/register/companies/100000093', { gstRegistered: true });
    expect(changed.status).toBe(422);
    expect(changed.body).toMatchObject({ errors: { gstRegistered: [{ code: 'abn_required' }] } });
  });

  it('a GST date without GST registration is 422 gst_not_registered', async () => {
    const answer = await server.admin('PATCH', '/admin/register/abns/51824753556', { gstRegistered: false, gstDate: '2026-01-01' });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ errors: { gstDate: [{ code: 'gst_not_registered' }] } });
  });

  it('bad checksums and an empty change are 422 with their codes', async () => {
    const badAcn = await server.admin('POST', '/admin/register/companies', { acn: '100000012', name: 'X PTY LTD', status: 'registered' });
    expect(badAcn.status).toBe(422);
    expect(badAcn.body).toMatchObject({ errors: { acn: [{ code: 'invalid_acn' }] } });
    const empty = await server.admin('PATCH', '/admin/register/abns/51824753556', {});
    expect(empty.status).toBe(422);
  });

  it('a document number already taken is 409 duplicate_document, and nothing changes', async () => {
    const body = { documentType: '484', documentNumber: '7EAA99999', description: 'Change to company details' };
    expect((await server.admin('POST', '/admin/register/companies/100000011/documents', body)).status).toBe(201);
    const again = await server.admin('POST', '/admin/register/companies/100000020/documents', body);
    expect(again.status).toBe(409);
    expect(again.body).toStrictEqual({ error: 'duplicate_document', message: 'Document 7EAA99999 already exists.' });
  });
});

it('needs the admin token', async () => {
  const response = await fetch(`${server.url}/admin/register/companies`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ acn: '100000011', name: 'X PTY LTD', status: 'registered' }),
  });
  expect(response.status).toBe(401);
});
