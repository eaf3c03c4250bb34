// Which hosts are reserved for documentation (D-60): example.com, example.net, example.org and their
// subdomains, and every name under .example or .test; nothing that merely contains those words.
import { describe, expect, it } from 'vitest';
import { hasDocumentationHost, isDocumentationHost } from '../../server/delivery/example-hosts.js';

describe('isDocumentationHost', () => {
  it('names the reserved hosts, in any case and with a trailing dot', () => {
    for (const host of [
      'example.com',
      'hooks.example.com',
      'a.b.example.net',
      'EXAMPLE.ORG',
      'example.org.',
      'partner.example',
      'example',
      'ci.test',
      'test',
    ])
      expect(isDocumentationHost(host), host).toBe(true);
  });

  it('names nothing else', () => {
    for (const host of [
      'example.co',
      'myexample.com',
      'example.com.au',
      'example.com.evil.net',
      'hooks.example.invalid',
      'test.com',
      'tested',
      'localhost',
      '93.184.216.34',
    ])
      expect(isDocumentationHost(host), host).toBe(false);
  });

  it('reads the host of a URL, and refuses what is not one', () => {
    expect(hasDocumentationHost('https://hooks.example.com/svc')).toBe(true);
    expect(hasDocumentationHost('https://hooks.example.com.au/svc')).toBe(false);
    expect(hasDocumentationHost('not a url')).toBe(false);
  });
});
