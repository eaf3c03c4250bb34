// SVC_TRUST_PROXY (D-53) and SVC_PUBLIC_URL (D-54) as loadConfig reads them: Express's `trust proxy`
// values, a public URL without query, credentials or trailing slash, and a stop naming the variable
// for anything else.
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultPublicUrl, loadConfig } from '../../server/config.js';

describe('SVC_TRUST_PROXY', () => {
  it('trusts nothing when unset, so req.ip is the socket address', () => {
    expect(loadConfig({}).SVC_TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ SVC_TRUST_PROXY: '0' }).SVC_TRUST_PROXY).toBe(false);
  });

  it('reads a hop count', () => {
    expect(loadConfig({ SVC_TRUST_PROXY: '1' }).SVC_TRUST_PROXY).toBe(1);
    expect(loadConfig({ SVC_TRUST_PROXY: ' 2 ' }).SVC_TRUST_PROXY).toBe(2);
  });

  it('reads a list of addresses, CIDR ranges and named ranges', () => {
    expect(loadConfig({ SVC_TRUST_PROXY: 'loopback' }).SVC_TRUST_PROXY).toEqual(['loopback']);
    expect(loadConfig({ SVC_TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,fd00::/8, ::1, uniquelocal' }).SVC_TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      'fd00::/8',
      '::1',
      'uniquelocal',
    ]);
  });

  it.each(['true', 'yes', 'loopback,', '10.0.0.0/33', '::1/129', '10.0.0.0/', '300.1.1.1', 'proxy.example.com', '101', ' ', '-1'])(
    'stops the start on %j with a message naming the variable',
    (value) => {
      expect(() => loadConfig({ SVC_TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ SVC_TRUST_PROXY: value })).toThrow(/SVC_TRUST_PROXY: /);
    },
  );
});

describe('SVC_PUBLIC_URL', () => {
  it('is unset by default: the service is reached at http://HOST:PORT', () => {
    expect(loadConfig({}).SVC_PUBLIC_URL).toBeUndefined();
    expect(defaultPublicUrl('127.0.0.1', 4000)).toBe('http://127.0.0.1:4000');
    expect(defaultPublicUrl('::1', 8080)).toBe('http://[::1]:8080');
  });

  it('keeps an http(s) URL as origin and path, without a trailing slash', () => {
    expect(loadConfig({ SVC_PUBLIC_URL: 'https://api.example.com' }).SVC_PUBLIC_URL).toBe('https://api.example.com');
    expect(loadConfig({ SVC_PUBLIC_URL: 'https://API.Example.com:443/' }).SVC_PUBLIC_URL).toBe('https://api.example.com');
    expect(loadConfig({ SVC_PUBLIC_URL: 'http://10.1.2.3:8080/registry/' }).SVC_PUBLIC_URL).toBe('http://10.1.2.3:8080/registry');
  });

  it.each([
    'api.example.com',
    '/registry',
    'ftp://api.example.com',
    'https://user:pass@api.example.com',
    'https://api.example.com/?x=1',
    'https://api.example.com/?',
    'https://api.example.com/#top',
    'javascript:alert(1)',
  ])('stops the start on %j with a message naming the variable', (value) => {
    expect(() => loadConfig({ SVC_PUBLIC_URL: value })).toThrow(/SVC_PUBLIC_URL: /);
  });
});

describe('SVC_BODY_TIMEOUT_MS and SVC_MAX_CONNECTIONS_PER_CLIENT', () => {
  it('default to 30 s and 256 connections per client address', () => {
    expect(loadConfig({}).SVC_BODY_TIMEOUT_MS).toBe(30_000);
    expect(loadConfig({}).SVC_MAX_CONNECTIONS_PER_CLIENT).toBe(256);
  });

  it('read whole numbers', () => {
    expect(loadConfig({ SVC_BODY_TIMEOUT_MS: '300', SVC_MAX_CONNECTIONS_PER_CLIENT: '4' })).toMatchObject({
      SVC_BODY_TIMEOUT_MS: 300,
      SVC_MAX_CONNECTIONS_PER_CLIENT: 4,
    });
  });

  it.each([
    ['SVC_BODY_TIMEOUT_MS', '0'],
    ['SVC_BODY_TIMEOUT_MS', '30s'],
    ['SVC_BODY_TIMEOUT_MS', '1.5'],
    ['SVC_BODY_TIMEOUT_MS', '600001'],
    ['SVC_MAX_CONNECTIONS_PER_CLIENT', '0'],
    ['SVC_MAX_CONNECTIONS_PER_CLIENT', 'many'],
    ['SVC_MAX_CONNECTIONS_PER_CLIENT', '-3'],
  ])('stops the start on %s=%j with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: `));
  });
});
