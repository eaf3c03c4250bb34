// Vitest fixtures (`test.extend`) for the setup every integration file repeated: one server per file,
// started on first use and closed after the file's last test, and a fresh account for each test that
// asks for one. A file picks how its server starts (a plain test server, one that delivers webhooks)
// and destructures what it needs:
//
//   const test = serverTest();
//   test('reads its own order', async ({ server, account }) => { ... });
//
// Module-level helpers that need the server read it in `test.beforeAll(({ server }) => ...)`, which
// receives the file's fixtures too.
import { test as base } from 'vitest';
import { startDeliveryServer, startReceiver, type Receiver } from '../integration/webhooks/delivery.support.js';
import { startTestServer, type TestAccount, type TestServer, type TestServerOptions } from './harness.js';

/** A test API with a file-scoped `server` started by `start`, and a test-scoped fresh `account`. */
export function serverTest(start: () => Promise<TestServer> = () => startTestServer()) {
  return (
    base
      // Vitest reads the fixtures a function needs from its first parameter, which must be a pattern.
      // eslint-disable-next-line no-empty-pattern
      .extend('server', { scope: 'file' }, async ({}, { onCleanup }): Promise<TestServer> => {
        const server = await start();
        onCleanup(() => server.close());
        return server;
      })
      .extend('account', async ({ server }): Promise<TestAccount> => server.createAccount())
  );
}

/**
 * `serverTest` whose file shares one account, made before its first test, with its module-level
 * helpers: `keep` receives the file's server and that account.
 */
export function serverTestWithAccount(
  keep: (shared: { server: TestServer; account: TestAccount }) => void,
  start?: () => Promise<TestServer>,
) {
  const it = serverTest(start);
  it.beforeAll(async ({ server }) => keep({ server, account: await server.createAccount() }));
  return it;
}

/** `serverTest` with a plain test server started with these options (env, registers, ...). */
export function serverTestWith(options: TestServerOptions) {
  return serverTest(() => startTestServer(options));
}

/**
 * A server that delivers webhooks to local receivers (webhooks/delivery.support.ts), and a
 * file-scoped `receiver` that records every delivery; the receiver closes before the server.
 */
export function deliveryTest(options: Parameters<typeof startDeliveryServer>[0] = {}) {
  return serverTest(() => startDeliveryServer(options)).extend(
    'receiver',
    { scope: 'file' },
    async ({ server }, { onCleanup }): Promise<Receiver> => {
      const receiver = await startReceiver(() => server);
      onCleanup(() => receiver.close());
      return receiver;
    },
  );
}
