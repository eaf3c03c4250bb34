// Is an IP address public (D-23)? ipaddr.js names the special-purpose ranges; on top of its answer we
// keep our own explicit block list (so a library update cannot quietly make a range "unicast"), accept
// IPv6 only inside global unicast 2000::/3, and look inside every IPv6 form that carries an IPv4
// address (mapped, translated, compatible, NAT64, 6to4, Teredo): a public-looking IPv6 address that
// embeds 127.0.0.1 or 10.0.0.1 reaches that IPv4 host, so it is judged by the embedded address.
import ipaddr from 'ipaddr.js';

export interface AddressVerdict {
  public: boolean;
  /** Loopback, including IPv4-mapped loopback: the only non-public class D-24 may allow. */
  loopback: boolean;
  /** The range that decided, for messages and logs (`private`, `ipv4Mapped/loopback`, ...). */
  range: string;
}

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

/**
 * Not public though ipaddr.js may call some of them unicast. Anything that is not plain unicast is
 * refused as well, including AS112 and AMT anycast: no partner receives webhooks there, and refusing
 * is the safe side of a doubt.
 */
const IPV4_BLOCKED: readonly [string, string][] = [
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'carrierGradeNat'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'linkLocal'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'],
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', 'reserved'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  // Before 240/4, which holds it: the first match names the range.
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
];

const IPV6_BLOCKED: readonly [string, string][] = [
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['fc00::/7', 'uniqueLocal'],
  ['fe80::/10', 'linkLocal'],
  ['fec0::/10', 'deprecatedSiteLocal'],
  ['ff00::/8', 'multicast'],
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  ['2001:2::/48', 'benchmarking'],
  ['2001:10::/28', 'deprecatedOrchid'],
  ['2001:20::/28', 'orchid2'],
];

const parseCidrs = <T extends IPv4 | IPv6>(list: readonly [string, string][]): [[T, number], string][] =>
  list.map(([cidr, name]) => [ipaddr.parseCIDR(cidr) as [T, number], name]);

const IPV4_BLOCKED_PARSED = parseCidrs<IPv4>(IPV4_BLOCKED);
const IPV6_BLOCKED_PARSED = parseCidrs<IPv6>(IPV6_BLOCKED);
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3') as [IPv6, number];
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96') as [IPv6, number];
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96') as [IPv6, number];

function ipv4From(high: number, low: number): IPv4 {
  return new ipaddr.IPv4([(high >> 8) & 0xff, high & 0xff, (low >> 8) & 0xff, low & 0xff]);
}

function classifyIPv4(address: IPv4): AddressVerdict {
  const blocked = IPV4_BLOCKED_PARSED.find(([cidr]) => address.match(cidr));
  const range = blocked ? blocked[1] : address.range();
  const loopback = range === 'loopback';
  return { public: range === 'unicast', loopback, range };
}

/** Judges an IPv6 address by the IPv4 address inside it. */
function embedded(kind: string, inner: IPv4): AddressVerdict {
  const verdict = classifyIPv4(inner);
  return { ...verdict, range: `${kind}/${verdict.range}` };
}

function classifyIPv6(address: IPv6): AddressVerdict {
  const parts = address.parts;
  const range = address.range();
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (translated, RFC 6145).
  if (range === 'ipv4Mapped' || range === 'rfc6145') return embedded(range, ipv4From(parts[6]!, parts[7]!));
  // NAT64 64:ff9b::a.b.c.d reaches the embedded address through a translator; the local-use NAT64
  // prefix 64:ff9b:1::/48 is someone's private network by definition.
  if (range === 'rfc6052') {
    return address.match(NAT64_WELL_KNOWN)
      ? embedded('nat64', ipv4From(parts[6]!, parts[7]!))
      : { public: false, loopback: false, range: 'nat64LocalUse' };
  }
  // 6to4 2002:AABB:CCDD::/48 tunnels to a.b.c.d.
  if (range === '6to4') return embedded('6to4', ipv4From(parts[1]!, parts[2]!));
  // Teredo 2001:0:SSSS:SSSS:flags:port:CCCC:CCCC: server address, then the client address inverted.
  if (range === 'teredo') {
    const server = embedded('teredo', ipv4From(parts[2]!, parts[3]!));
    const client = embedded('teredo', ipv4From(~parts[6]! & 0xffff, ~parts[7]! & 0xffff));
    if (!server.public) return { ...server, loopback: false };
    if (!client.public) return { ...client, loopback: false };
    return client;
  }
  const blocked = IPV6_BLOCKED_PARSED.find(([cidr]) => address.match(cidr));
  if (blocked) return { public: false, loopback: blocked[1] === 'loopback', range: blocked[1] };
  // Deprecated IPv4-compatible ::a.b.c.d (RFC 4291): some stacks still route it to the IPv4 host.
  if (address.match(IPV4_COMPATIBLE))
    return { ...embedded('ipv4Compatible', ipv4From(parts[6]!, parts[7]!)), public: false, loopback: false };
  if (range !== 'unicast') return { public: false, loopback: false, range };
  if (!address.match(GLOBAL_UNICAST)) return { public: false, loopback: false, range: 'notGlobalUnicast' };
  return { public: true, loopback: false, range: 'unicast' };
}

const INVALID: AddressVerdict = { public: false, loopback: false, range: 'invalid' };

/**
 * IPv6 text in the WHATWG serialisation (hex groups only). ipaddr.js reads the dotted tail of
 * `::127.0.0.1` as if it were `::ffff:127.0.0.1`; the URL parser reads it as the IPv4-compatible
 * `::7f00:1`, as the socket layer does, so IPv6 goes through it before ipaddr.js sees it.
 */
function canonicalIPv6(value: string): string | undefined {
  try {
    return new URL(`http://[${value}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
}

/** Classifies a textual IPv4 or IPv6 address; anything unparsable is not public. */
export function classifyAddress(text: string): AddressVerdict {
  const value = text.replace(/^\[(.*)\]$/, '$1');
  if (value.includes(':')) {
    // A zone id (`fe80::1%eth0`) only exists on link-scoped addresses: never a routable destination.
    if (value.includes('%')) return ipaddr.IPv6.isValid(value) ? { public: false, loopback: false, range: 'scoped' } : INVALID;
    const canonical = canonicalIPv6(value);
    return canonical !== undefined && ipaddr.IPv6.isValid(canonical) ? classifyIPv6(ipaddr.IPv6.parse(canonical)) : INVALID;
  }
  // Only the canonical dotted quad: resolvers return it, and WHATWG URL already normalised literals in
  // URLs. ipaddr.js would also accept `0x7f.1`-style forms, which must not reach here unnormalised.
  return ipaddr.IPv4.isValidFourPartDecimal(value) ? classifyIPv4(ipaddr.IPv4.parse(value)) : INVALID;
}
