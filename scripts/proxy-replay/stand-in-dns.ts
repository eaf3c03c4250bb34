// Loaded into the replay server (`--import`, through tsx), never into a real one. The webhook SSRF guard
// resolves every host, the integration suite answers with a stand-in DNS, and this machine may have
// no DNS at all: names under the reserved example domains (RFC 2606) resolve to example.com's public
// address so recorded webhook registrations are accepted again; other names go to the system.
import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';

const PUBLIC_ADDRESS = '93.184.216.34';
const EXAMPLE = /(^|\.)example(\.(com|net|org))?\.?$/i;

type Lookup = (host: string, options?: dns.LookupOptions) => Promise<dns.LookupAddress | dns.LookupAddress[]>;
const system = dns.promises.lookup.bind(dns.promises) as Lookup;

const standIn: Lookup = async (host, options) => {
  if (!EXAMPLE.test(host)) return system(host, options);
  const answer = { address: PUBLIC_ADDRESS, family: 4 };
  return options?.all ? [answer] : answer;
};

dns.promises.lookup = standIn as typeof dns.promises.lookup;
// ESM importers of `node:dns/promises` see the replacement only after this.
syncBuiltinESMExports();
