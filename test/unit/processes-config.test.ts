// How many API processes `npm start` runs (server/cluster.ts): one per core up to a cap on
// PostgreSQL unless told, always one on the embedded database (one writer) and for a worker alone.
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { apiProcessCount, MAX_DEFAULT_PROCESSES } from '../../server/cluster.js';
import { ConfigError, loadConfig } from '../../server/config.js';

const POSTGRES = { DATABASE_URL: 'postgres://svc@127.0.0.1:5432/svc', SVC_SECRET_KEY: '3q2-7wABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGho' };

describe('API processes', () => {
  it('default to one per core, at most the cap, on PostgreSQL', () => {
    expect(apiProcessCount(loadConfig(POSTGRES))).toBe(Math.min(availableParallelism(), MAX_DEFAULT_PROCESSES));
  });

  it('follow SVC_PROCESSES on PostgreSQL', () => {
    expect(apiProcessCount(loadConfig({ ...POSTGRES, SVC_PROCESSES: '3' }))).toBe(3);
    expect(apiProcessCount(loadConfig({ ...POSTGRES, SVC_PROCESSES: '1' }))).toBe(1);
  });

  it('are one on the embedded database and for a worker alone', () => {
    expect(apiProcessCount(loadConfig({}))).toBe(1);
    expect(apiProcessCount(loadConfig({ ...POSTGRES, SVC_ROLE: 'worker', SVC_PROCESSES: '4' }))).toBe(1);
  });

  it('refuses several on the embedded database, naming the variable', () => {
    expect(() => loadConfig({ SVC_PROCESSES: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ SVC_PROCESSES: '2' })).toThrow(/SVC_PROCESSES: the embedded database has one writer/);
  });
});
