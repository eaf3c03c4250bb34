// Publishable key domains (spec 5.4, D-06): at most 5 DNS host names, a wildcard only as a leading
// `*.`; localhost, 127.0.0.1, *.test and *.local are always allowed.
export const MAX_DOMAINS = 5;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function isValidDomainPattern(domain: string): boolean {
  const host = domain.startsWith('*.') ? domain.slice(2) : domain;
  if (host.length === 0 || host.length > 253) return false;
  const labels = host.toLowerCase().split('.');
  // An all-numeric last label is an IP address, not a host name (RFC 1123 2.1).
  return labels.length >= 2 && labels.every((label) => LABEL.test(label)) && !/^[0-9]+$/.test(labels[labels.length - 1]!);
}

function matches(pattern: string, host: string): boolean {
  if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1;
  return host === pattern;
}

export function isAlwaysAllowed(host: string): boolean {
  return host === 'localhost' || host === '127.0.0.1' || host.endsWith('.test') || host.endsWith('.local');
}

/** Host of the request's Origin, or failing that its Referer; null when neither is usable. */
export function requestHost(origin: string | undefined, referer: string | undefined): string | null {
  for (const value of [origin, referer]) {
    if (!value || value === 'null') continue;
    try {
      // file:, data: and other URLs without a host are as unusable as "null".
      const host = new URL(value).hostname.toLowerCase();
      if (host) return host;
    } catch {
      continue;
    }
  }
  return null;
}

export function isHostAllowed(host: string, domains: readonly string[]): boolean {
  return isAlwaysAllowed(host) || domains.some((domain) => matches(domain.toLowerCase(), host));
}
