// The service as `npm start` runs it, for the HTTP benchmarks: its own process group (real clock, API
// and worker), on a fresh PGlite data directory or a throw-away PostgreSQL database, with an account
// and the keys the measured paths use.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProcess, type Running } from './processes.js';
import { adminJson, throwawayDatabase } from './setup.js';

export type Engine = 'pglite' | 'postgres';

export const LISTENING = /listening on (http:\/\/\S+)/;

/** The validated POST every HTTP benchmark sends (an ABN registration: a row, its job, no charge). */
export const ABN_REGISTRATION = {
  entityName: 'JANE CITIZEN',
  entityType: 'individual',
  businessAddress: { street: '1 EAGLE STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000' },
  contactEmail: 'jane@example.com',
};

export interface Service extends Running {
  engine: Engine;
  /** API processes, as the start banner says. */
  apiProcesses: number;
  /** The banner's `processes:` line: how many, and the rule that chose them (D-84). */
  processRule: string;
  adminToken: string;
  /** Removes the data directory or database (after stop). */
  remove: () => Promise<void>;
}

export interface ServiceOptions {
  engine: Engine;
  /** The PostgreSQL server a throw-away database is made on. */
  postgresUrl: string;
  /** API processes (SVC_PROCESSES); unset: what `npm start` chooses. */
  processes?: number;
}

export async function startService(options: ServiceOptions): Promise<Service> {
  const database = options.engine === 'postgres' ? await throwawayDatabase(options.postgresUrl) : undefined;
  const dataDir = options.engine === 'pglite' ? mkdtempSync(join(tmpdir(), 'svc-bench-')) : undefined;
  const remove = async (): Promise<void> => {
    if (database) await database.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const adminToken = `bench-admin-${randomBytes(8).toString('hex')}`;
  const {
    DATABASE_URL: _a,
    SVC_DATA_DIR: _b,
    PORT: _c,
    SVC_ROLE: _d,
    SVC_CLOCK: _e,
    REDIS_URL: _f,
    SVC_PROCESSES: _g,
    ...env
  } = process.env;
  try {
    const running = await startProcess(
      `npm start (${options.engine})`,
      'npm',
      ['start', '--silent'],
      {
        ...env,
        ...(database ? { DATABASE_URL: database.url } : { SVC_DATA_DIR: dataDir }),
        ...(options.processes ? { SVC_PROCESSES: String(options.processes) } : {}),
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SVC_ADMIN_TOKEN: adminToken,
        // A PostgreSQL data set needs its sealing key given (it is generated only into a PGlite directory).
        SVC_SECRET_KEY: randomBytes(32).toString('base64url'),
        SVC_WEBHOOK_ALLOW_LOCAL: '1',
        // Rate limits are not what is measured here.
        SVC_RATE_LIMIT_MULTIPLIER: '1000000',
      },
      LISTENING,
    );
    const banner = running.output();
    const processRule = /processes: ([^\n]*)/.exec(banner)?.[1] ?? 'not printed';
    const apiProcesses = Number(/(\d+) API process/.exec(processRule)?.[1] ?? 1);
    return { ...running, engine: options.engine, apiProcesses, processRule, adminToken, remove };
  } catch (error) {
    await remove().catch(() => undefined);
    throw error;
  }
}

export interface BenchAccount {
  secretTest: string;
  publishableTest: string;
}

/** An account with three webhook endpoints (what GET /webhooks lists), none of them ever sent to. */
export async function setUpAccount(service: Service): Promise<BenchAccount> {
  const created = await adminJson<{ keys: BenchAccount }>(`${service.url}/admin/accounts`, service.adminToken, {
    method: 'POST',
    body: { name: 'Bench', ownerEmail: 'bench@example.com', plan: 'standard', billing: 'card', cardStatus: 'valid' },
  });
  for (let i = 0; i < 3; i++)
    await adminJson(`${service.url}/api/test/v2/webhooks`, created.keys.secretTest, {
      method: 'POST',
      // A loopback receiver (allowed) for an event these runs never cause: no deliveries compete for the CPU.
      body: { url: `http://127.0.0.1:9/hook-${i}`, eventTypes: ['monitoring.expired'] },
    });
  return created.keys;
}

/** One ABN registration through the API; its requestId (ids rise in the order lodgements are made). */
export async function lodge(service: Service, account: BenchAccount): Promise<number> {
  const made = await adminJson<{ requestId: number }>(`${service.url}/api/test/v2/abn/registrations`, account.secretTest, {
    method: 'POST',
    body: ABN_REGISTRATION,
  });
  return made.requestId;
}

/**
 * Of the lodgements with ids in (after, upTo], how many the regulator's first step has moved on
 * (status no longer `new`). Steps run in due order, so the moved ones are the oldest: a binary search
 * of GET /lodgements/{id} finds the last one moved in about log2(n) reads.
 */
export async function lodgementsMoved(service: Service, account: BenchAccount, after: number, upTo: number): Promise<number> {
  const moved = async (id: number): Promise<boolean> =>
    (await adminJson<{ status: string }>(`${service.url}/api/test/v2/lodgements/${id}`, account.secretTest)).status !== 'new';
  let low = after; // the last id known moved (or the bound)
  let high = upTo + 1; // the first id known not moved (or past the range)
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (await moved(middle)) low = middle;
    else high = middle;
  }
  return low - after;
}
