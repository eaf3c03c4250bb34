// The sandbox guide's table for lodgements and business accounts (docs/guide/05-sandbox.md) is a
// promise to partners: this test reads the table from the guide and, row by row, makes the request it
// names and checks each status is reached exactly when the table says (one second before, still the
// previous one), on the manual clock and through the public API (generated SDK).
import { sandboxGuideTable } from '../../support/guide-tables.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAbnRegistration,
  createBusinessAccountApplication,
  createForm484Lodgement,
  getBusinessAccountStatus,
  getForm484Status,
  getLodgement,
} from '../../../generated/client/index.js';
import { runDueJobs } from '../../../server/jobs/runner.js';
import { loadDocument, type JsonObject } from '../../support/document.js';
import { sdkClient, startTestServer, type TestAccount, type TestServer } from '../../support/harness.js';
import { advance } from './support.js';

interface Row {
  request: string;
  when: string;
  statuses: { status: string; after: number }[];
}

/** The rows between the guide's sandbox-lodgements markers. */
function guideRows(): Row[] {
  return sandboxGuideTable('sandbox-lodgements').map(({ cells: [request, when, statuses] }) => ({
    request: request!,
    when: when!,
    statuses: [...statuses!.matchAll(/`([^`]+)`(?: \((\d+)\))?/g)].map((m) => ({ status: m[1]!, after: Number(m[2] ?? 0) })),
  }));
}

/** The magic value of a row (`contains \`X\``), or undefined for "any other". */
function magicOf(row: Row): string | undefined {
  if (row.when === 'any other') return undefined;
  const quoted = [...row.when.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
  return quoted[quoted.length - 1];
}

// Read once: each request of the table would otherwise parse the whole document again.
const documentPaths = loadDocument().paths as JsonObject;

function requestExample(path: string): Record<string, unknown> {
  const operation = (documentPaths[path] as JsonObject).post as JsonObject;
  const media = ((operation.requestBody as JsonObject).content as JsonObject)['application/json'] as JsonObject;
  return structuredClone(Object.values(media.examples as Record<string, { value: Record<string, unknown> }>)[0]!.value);
}

let server: TestServer;
let account: TestAccount;
let sequence = 0;
const client = () => sdkClient(server, account.keys.secretTest);

beforeAll(async () => {
  server = await startTestServer();
  account = await server.createAccount();
});
afterAll(async () => {
  await server?.close();
});

/** How to make a request of a row and read its status; `read` may be called once per request made. */
interface Driver {
  create: (magic: string | undefined) => Promise<number>;
  read: (requestId: number) => Promise<string>;
  /** Business account status reads are limited (one per 15 minutes): one request per reading. */
  requestPerRead: boolean;
}

const DRIVERS: Record<string, Driver> = {
  'Form 484': {
    requestPerRead: false,
    create: async (magic) => {
      const body = requestExample('/asic-484-forms') as { generalInformation: { companyName: string } };
      body.generalInformation.companyName = magic ? `${magic} TRADING PTY LTD` : 'HARBOUR TRADING PTY LTD';
      const { data, response } = await createForm484Lodgement({ client: client(), body: body as never });
      expect(response.status).toBe(201);
      return data!.response.requestId;
    },
    read: async (requestId) => (await getForm484Status({ client: client(), path: { requestId } })).data!.response.status,
  },
  'ABN registration': {
    requestPerRead: false,
    create: async (magic) => {
      const body = { ...requestExample('/abn/registrations'), entityName: magic ? `JANE ${magic} CITIZEN` : 'JANE CITIZEN' };
      const { data, response } = await createAbnRegistration({ client: client(), body: body as never });
      expect(response.status).toBe(201);
      return data!.requestId;
    },
    read: async (requestId) => (await getLodgement({ client: client(), path: { requestId } })).data!.status,
  },
  'Business account': {
    requestPerRead: true,
    create: async (magic) => {
      sequence += 1;
      const body = requestExample('/business-accounts') as {
        accountInformation: { acn?: string; abn?: string; directorsContacts: { email: string }[] };
      };
      // A company of its own per application, so none is the open duplicate of another.
      body.accountInformation.acn = String(300_000_000 + sequence);
      body.accountInformation.abn = String(70_000_000_000 + sequence);
      body.accountInformation.directorsContacts[0]!.email = magic ? `director${magic}@example.com` : 'director@example.com';
      const { data, response } = await createBusinessAccountApplication({ client: client(), body: body as never });
      expect(response.status).toBe(201);
      return data!.requestId;
    },
    read: async (requestId) => {
      const { data, response } = await getBusinessAccountStatus({ client: client(), path: { requestId } });
      expect(response.status).toBe(200);
      return data!.status;
    },
  },
};

const rows = guideRows();

describe("the sandbox guide's table for lodgements and business accounts", () => {
  it('has a row for every documented outcome of each kind', () => {
    expect(rows.map((row) => `${row.request}: ${row.when}`)).toEqual([
      'Form 484: `companyName` contains `MANUAL REVIEW`',
      'Form 484: `companyName` contains `REJECT`',
      'Form 484: any other',
      'ABN registration: `entityName` contains `MANUAL REVIEW`',
      'ABN registration: `entityName` contains `REJECT`',
      'ABN registration: any other',
      'Business account: a director `email` whose local part contains `+reject`',
      'Business account: any other',
    ]);
  });

  it.each(rows.map((row) => [`${row.request}, ${row.when}`, row] as const))('%s', async (_name, row) => {
    const driver = DRIVERS[row.request];
    expect(driver, row.request).toBeDefined();
    // When each status is checked: a second before it is due (still the previous one) and when due.
    const checks: { at: number; expect: string }[] = [];
    let at = 0;
    row.statuses.forEach(({ status, after }, index) => {
      at += after;
      if (index > 0 && after > 0) checks.push({ at: at - 1, expect: row.statuses[index - 1]!.status });
      checks.push({ at, expect: status });
    });
    checks.push({ at: at + 3600, expect: row.statuses[row.statuses.length - 1]!.status });

    const magic = magicOf(row);
    const ids = driver!.requestPerRead
      ? await Promise.all(checks.map(() => driver!.create(magic)))
      : Array(checks.length).fill(await driver!.create(magic));
    let now = 0;
    const seen: string[] = [];
    for (const [index, check] of checks.entries()) {
      if (check.at > now) await advance(server, check.at - now);
      // What the worker does continuously: a step due now (`sent` after 0 s) has run.
      else if (index > 0) await runDueJobs(server.deps, server.built.jobs);
      now = check.at;
      seen.push(`${check.at}s ${await driver!.read(ids[index] as number)}`);
    }
    expect(seen).toEqual(checks.map((check) => `${check.at}s ${check.expect}`));
  });
});
