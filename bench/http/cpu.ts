// CPU time as /proc counts it, for the benchmarks that print CPU per request: a process's own, and
// that of PostgreSQL's backends serving one database.
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/** User and system CPU seconds of one process so far (0 once it is gone). */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The backends of PostgreSQL connected to the database of `url`, but the one asking. */
export async function backendPids(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** The CPU seconds of every process of a process group so far (`npm start` and the server it runs). */
export function groupCpuSeconds(group: number): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[2]) === group) total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // gone since the directory was read
    }
  }
  return total;
}
