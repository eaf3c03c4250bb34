// Host names reserved for documentation (D-60; RFC 2606, RFC 6761): `example.com`, `example.net`,
// `example.org` and their subdomains, and any name under `.example` or `.test`. They are never
// resolved: in the test environment a webhook URL on one goes to the built-in test receiver (D-59),
// so the document's examples work as printed; in the live environment it is refused like a host that
// does not resolve.
const DOCUMENTATION_DOMAINS = ['example.com', 'example.net', 'example.org'];
const DOCUMENTATION_TOP_LEVEL = ['example', 'test'];

/** True for a host name reserved for documentation; case and a trailing dot do not matter. */
export function isDocumentationHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  const labels = name.split('.');
  if (DOCUMENTATION_TOP_LEVEL.includes(labels.at(-1)!)) return true;
  return DOCUMENTATION_DOMAINS.some((domain) => name === domain || name.endsWith(`.${domain}`));
}

/** A URL whose host is reserved for documentation, or false (not a URL, or another host). */
export function hasDocumentationHost(input: string): boolean {
  try {
    return isDocumentationHost(new URL(input).hostname);
  } catch {
    return false;
  }
}
