// How many API processes `npm start` runs (server/cluster.ts, D-84): one per two cores up to a cap on
// PostgreSQL unless told, always one on the embedded database (one writer) and for a worker alone;
// and the rule the start banner names for the count.
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { apiProcessCount, chooseApiProcesses, MAX_DEFAULT_PROCESSES } from '../../server/cluster.js';
import { ConfigError, loadConfig } from '../../server/config.js';

const POSTGRES = { DATABASE_URL: 'postgres://svc@127.0.0.1:5432/svc', SVC_SECRET_KEY: '3q2-7wABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGho' };

describe('API processes', () => {
  it('default to one per two cores on PostgreSQL: one on 1 to 3 cores, at most the cap', () => {
    const config = loadConfig(POSTGRES);
    expect([1, 2, 3].map((cores) => apiProcessCount(config, cores))).toEqual([1, 1, 1]);
    expect([4, 6, 8, 64].map((cores) => apiProcessCount(config, cores))).toEqual([2, 3, 4, MAX_DEFAULT_PROCESSES]);
    expect(apiProcessCount(config)).toBe(Math.min(MAX_DEFAULT_PROCESSES, Math.max(1, Math.floor(availableParallelism() / 2))));
  });

  it('name the default rule and the cores it counted', () => {
    expect(chooseApiProcesses(loadConfig(POSTGRES), 2)).toEqual({
      count: 1,
      rule: 'the default on PostgreSQL: one per 2 cores (2 here), at most 4; --processes N chooses',
    });
  });

  it('follow SVC_PROCESSES on PostgreSQL whatever the cores, and say so', () => {
    expect(apiProcessCount(loadConfig({ ...POSTGRES, SVC_PROCESSES: '3' }), 2)).toBe(3);
    expect(apiProcessCount(loadConfig({ ...POSTGRES, SVC_PROCESSES: '1' }), 16)).toBe(1);
    expect(chooseApiProcesses(loadConfig({ ...POSTGRES, SVC_PROCESSES: '2' })).rule).toBe('set by --processes or SVC_PROCESSES');
  });

  it('are one on the embedded database and for a worker alone', () => {
    expect(chooseApiProcesses(loadConfig({}), 16)).toEqual({ count: 1, rule: 'the embedded database has one writer' });
    expect(apiProcessCount(loadConfig({ ...POSTGRES, SVC_ROLE: 'worker', SVC_PROCESSES: '4' }))).toBe(1);
  });

  it('refuses several on the embedded database, naming the variable', () => {
    expect(() => loadConfig({ SVC_PROCESSES: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ SVC_PROCESSES: '2' })).toThrow(/SVC_PROCESSES: the embedded database has one writer/);
  });
});
