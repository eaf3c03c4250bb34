// Concurrent advances of the manual clock (D-63): two API processes on one PostgreSQL, one advance sent
// to each at the same moment. They run one after the other: the clock moves by both, and each answers
// its own `now`. Before the lock both read the same start and the clock moved by one of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, TEST_START } from '../../support/harness.js';
import { listeningUrl, spawnServer, stopServer, type ServerProcess } from '../../support/server-process.js';
import { assertPostgres, createThrowawayDatabase, probePostgres, type ThrowawayDatabase } from '../../support/postgres.js';

const WHAT = 'concurrent clock advances on two API processes';
const probe = await probePostgres(WHAT);

async function advance(base: string, seconds: number): Promise<{ status: number; now: string }> {
  const response = await fetch(`${base}/admin/clock/advance`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  const body = (await response.json()) as { now: string };
  return { status: response.status, now: body.now };
}

async function clockOf(base: string): Promise<string> {
  const response = await fetch(`${base}/admin/clock`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
  return ((await response.json()) as { now: string }).now;
}

describe.skipIf(!probe.available && !probe.required)(WHAT, () => {
  let database: ThrowawayDatabase | undefined;
  const instances: ServerProcess[] = [];
  const bases: string[] = [];

  beforeAll(async () => {
    assertPostgres(probe, WHAT);
    database = await createThrowawayDatabase();
    // The first process migrates the new database; the second joins it.
    instances.push(spawnServer(database.url, 'API process 1', { role: 'api' }));
    bases.push(await listeningUrl(instances[0]!));
    instances.push(spawnServer(database.url, 'API process 2', { role: 'api' }));
    bases.push(await listeningUrl(instances[1]!));
  });

  afterAll(async () => {
    await Promise.all(instances.map(stopServer));
    await database?.drop();
  }, 30_000);

  it('two advances at once, one to each process, move the clock by both and answer their own now', async () => {
    const hour = 3600;
    const start = Date.parse(await clockOf(bases[0]!));
    expect(start).toBe(TEST_START.getTime());
    for (let round = 1; round <= 3; round++) {
      const before = Date.parse(await clockOf(bases[0]!));
      const answers = await Promise.all([advance(bases[0]!, hour), advance(bases[1]!, hour)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const nows = answers.map((a) => Date.parse(a.now)).sort((a, b) => a - b);
      expect(nows, `round ${round}`).toEqual([before + hour * 1000, before + 2 * hour * 1000]);
      expect(Date.parse(await clockOf(bases[1]!))).toBe(before + 2 * hour * 1000);
    }
  });

  it('a day each way moves the clock two days', async () => {
    const day = 86_400;
    const before = Date.parse(await clockOf(bases[1]!));
    const answers = await Promise.all([advance(bases[0]!, day), advance(bases[1]!, day)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(new Set(answers.map((a) => a.now)).size).toBe(2);
    expect(Date.parse(await clockOf(bases[0]!))).toBe(before + 2 * day * 1000);
  });
});
