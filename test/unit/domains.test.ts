// Publishable key domains (spec 5.4, D-03, D-06): at most 5 DNS host names, a wildcard only as a
// leading `*.`; localhost, 127.0.0.1, *.test and *.local always allowed; the host is read from
// Origin, or when that is absent or unusable, from Referer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAlwaysAllowed, isHostAllowed, isValidDomainPattern, MAX_DOMAINS, requestHost } from '../../server/domain/keys/domains.js';

const SEED = 20261122;

describe('domain patterns (D-06)', () => {
  it('allows at most 5 domains per key', () => {
    expect(MAX_DOMAINS).toBe(5);
  });

  it.each([
    'app.example.com',
    'example.com',
    'APP.Example.COM',
    'a.b.c.d.example.co.uk',
    'my-shop.example.com',
    '*.example.com',
    '*.eu.example.com',
    'xn--bcher-kva.example',
    '0abc.example.com',
    `${'a'.repeat(63)}.example.com`,
    'x.io',
  ])('accepts %s', (domain) => {
    expect(isValidDomainPattern(domain)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['a single label', 'localhost'],
    ['a bare wildcard', '*'],
    ['a wildcard without a name', '*.'],
    ['a wildcard over a top-level domain', '*.com'],
    ['a wildcard not in front', 'app.*.example.com'],
    ['two wildcards', '*.*.example.com'],
    ['a partial-label wildcard', '*app.example.com'],
    ['a scheme', 'https://app.example.com'],
    ['a port', 'app.example.com:8080'],
    ['a path', 'app.example.com/'],
    ['an empty label', 'app..example.com'],
    ['a leading dot', '.example.com'],
    ['a trailing dot', 'app.example.com.'],
    ['a leading hyphen', '-app.example.com'],
    ['a trailing hyphen', 'app-.example.com'],
    ['an underscore', 'my_app.example.com'],
    ['a space', 'app .example.com'],
    ['surrounding whitespace', ' app.example.com'],
    ['a non-ASCII name (must be punycode)', 'bücher.example'],
    ['an IPv4 address', '192.168.1.10'],
    ['an IPv6 address', '[::1]'],
    ['a label of 64 characters', `${'a'.repeat(64)}.example.com`],
    ['a name over 253 characters', `${Array.from({ length: 64 }, () => 'abc').join('.')}.com`],
    ['user info', 'user@app.example.com'],
  ])('refuses %s', (_label, domain) => {
    expect(isValidDomainPattern(domain)).toBe(false);
  });

  it('accepts any name made of valid labels with an alphabetic top-level label', () => {
    const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,20}[a-z0-9])?$/);
    const tld = fc.stringMatching(/^[a-z]{2,10}$/);
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 4 }), tld, fc.boolean(), (labels, top, wildcard) => {
        const name = `${wildcard ? '*.' : ''}${[...labels, top].join('.')}`;
        expect(isValidDomainPattern(name)).toBe(true);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});

describe('always-allowed hosts (spec 5.4)', () => {
  it.each(['localhost', '127.0.0.1', 'shop.test', 'a.b.test', 'printer.local', 'dev.shop.local'])('%s is always allowed', (host) => {
    expect(isAlwaysAllowed(host)).toBe(true);
    expect(isHostAllowed(host, [])).toBe(true);
  });

  it.each([
    'localhost.evil.net',
    'evil-localhost',
    '127.0.0.2',
    '127.0.0.1.evil.net',
    '10.0.0.1',
    '[::1]',
    'test',
    'local',
    'evil.test.net',
    'evil.local.net',
    'mytest',
    'notlocal',
    'example.com',
  ])('%s is not', (host) => {
    expect(isAlwaysAllowed(host)).toBe(false);
    expect(isHostAllowed(host, [])).toBe(false);
  });
});

describe('matching a host against the key domains', () => {
  const domains = ['app.example.com', '*.shop.example.net'];

  it.each([
    ['app.example.com', true],
    ['eu.shop.example.net', true],
    ['a.b.shop.example.net', true],
    ['shop.example.net', false],
    ['example.com', false],
    ['www.app.example.com', false],
    ['evilapp.example.com', false],
    ['app.example.com.evil.net', false],
    ['evilshop.example.net', false],
    ['eu.shop.example.net.evil.net', false],
    ['app.example.co', false],
  ])('%s -> %s', (host, expected) => {
    expect(isHostAllowed(host, domains)).toBe(expected);
  });

  it('compares domains without regard to case', () => {
    expect(isHostAllowed('app.example.com', ['APP.Example.com'])).toBe(true);
    expect(isHostAllowed('eu.shop.example.net', ['*.SHOP.example.NET'])).toBe(true);
  });

  it('allows nothing but the always-allowed hosts without domains', () => {
    expect(isHostAllowed('app.example.com', [])).toBe(false);
  });

  it('a wildcard matches exactly the hosts with at least one more label in front', () => {
    const label = fc.stringMatching(/^[a-z0-9]{1,10}$/);
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 3 }), fc.array(label, { minLength: 2, maxLength: 3 }), (front, base) => {
        const suffix = base.join('.');
        fc.pre(!isAlwaysAllowed(`${front.join('.')}.${suffix}`));
        expect(isHostAllowed(`${front.join('.')}.${suffix}`, [`*.${suffix}`])).toBe(true);
        expect(isHostAllowed(suffix, [`*.${suffix}`])).toBe(isAlwaysAllowed(suffix));
        expect(isHostAllowed(`${front.join('')}${suffix}`, [`*.${suffix}`])).toBe(isAlwaysAllowed(`${front.join('')}${suffix}`));
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});

describe('request host from Origin or Referer (D-03)', () => {
  it.each<[string | undefined, string | undefined, string | null]>([
    ['http://localhost:3000', undefined, 'localhost'],
    ['https://app.example.com', undefined, 'app.example.com'],
    ['HTTPS://APP.EXAMPLE.COM', undefined, 'app.example.com'],
    ['https://app.example.com:8443', undefined, 'app.example.com'],
    ['http://127.0.0.1:8080', undefined, '127.0.0.1'],
    ['http://[::1]:3000', undefined, '[::1]'],
    // Origin wins over Referer.
    ['https://evil.example.net', 'https://app.example.com/page', 'evil.example.net'],
    // Referer when Origin is absent.
    [undefined, 'https://app.example.com/signup?step=2#top', 'app.example.com'],
    ['', 'https://app.example.com/', 'app.example.com'],
    // An opaque or unparsable Origin falls back to Referer.
    ['null', 'https://app.example.com/', 'app.example.com'],
    ['not a url', 'https://app.example.com/', 'app.example.com'],
    ['file:///home/me/index.html', 'https://app.example.com/', 'app.example.com'],
    // User info does not fool the parser: the host is what follows the @.
    ['https://app.example.com@evil.example.net', undefined, 'evil.example.net'],
    // Nothing usable.
    [undefined, undefined, null],
    ['null', undefined, null],
    ['null', 'null', null],
    ['not a url', 'also not', null],
    ['data:text/html,hi', undefined, null],
    ['file:///etc/passwd', undefined, null],
  ])('Origin %s, Referer %s -> %s', (origin, referer, expected) => {
    expect(requestHost(origin, referer)).toBe(expected);
  });

  it('reads the host of any http(s) URL, in lower case', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['http', 'https'] }), (url) => {
        const host = requestHost(url, undefined);
        expect(host).toBe(new URL(url).hostname.toLowerCase());
        expect(host).toBe(host?.toLowerCase());
      }),
      { seed: SEED, numRuns: 100 },
    );
    // fast-check's URL generator is slow to build its values: a loaded CI machine passed 5 s.
  }, 30_000);
});
