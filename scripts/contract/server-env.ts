// What a server a contract run is pointed at runs with, with no import of the server itself, so a
// tool that starts another copy of the app (the planted-bug suite, scripts/contract-mutants/) can
// take these without loading this checkout's server as well. in-process.ts explains the settings.

export const TEST_PREFIX = '/api/test/v2';

/** Settings of a server a contract run is pointed at (the test suite's in-process servers use them too). */
export const CONTRACT_SERVER_ENV: Readonly<Record<string, string>> = {
  SVC_RATE_LIMIT_MULTIPLIER: '1000',
  SVC_WEBHOOK_ALLOW_LOCAL: '1',
  // Every generated request with a `wait` would wait it out when nothing arrives (D-79, D-80).
  SVC_LONG_POLL_MAX_SECONDS: '0',
};

/** The RFC 2606 example hosts the runner generates resolve to loopback; any other name does not resolve. */
export async function resolveExampleHosts(host: string): Promise<string[]> {
  if (/(^|\.)example\.(com|org|net)$/i.test(host)) return ['127.0.0.1'];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
}
