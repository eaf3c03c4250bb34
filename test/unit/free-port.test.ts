import { once } from 'node:events';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePorts, portFree } from '../../scripts/free-port.js';

describe('free ports for child processes', () => {
  it('hands out consecutive free ports below the ephemeral range, each one bindable', async () => {
    const first = await freePorts(2);
    expect(first).toBeGreaterThanOrEqual(20_000);
    expect(first + 1).toBeLessThan(32_768);
    for (const port of [first, first + 1]) {
      const server = createServer().listen(port, '127.0.0.1');
      await once(server, 'listening');
      await new Promise((done) => server.close(done));
    }
  });

  it('reports a port something listens on as taken, and free again once it closed', async () => {
    const server = createServer().listen(await freePorts(1), '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as { port: number };
    expect(await portFree(port)).toBe(false);
    await new Promise((done) => server.close(done));
    expect(await portFree(port)).toBe(true);
  });
});
