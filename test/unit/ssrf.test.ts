// The SSRF classifier and URL check (D-12, D-23, D-24), without HTTP: every range the decision names,
// every IPv6 form that carries an IPv4 address, and the URL rules around them.
import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, classifyAddress, type HostResolver } from '../../server/delivery/ssrf.js';

const table: Record<string, string[]> = {
  'hooks.example.invalid': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'internal.example.invalid': ['10.0.0.5'],
  'mixed.example.invalid': ['93.184.216.34', '192.168.1.10'],
  'metadata.example.invalid': ['169.254.169.254'],
  'mapped.example.invalid': ['::ffff:10.1.2.3'],
  'empty.example.invalid': [],
};
const resolve: HostResolver = async (host) => {
  const found = table[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};

describe('classifyAddress', () => {
  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '2606:2800:220:1:248:1893:25c8:1946',
    '2001:4860:4860::8888',
    '::ffff:93.184.216.34',
    '64:ff9b::808:808',
    '2002:5db8:d822::1',
  ])('%s is public', (address) => {
    expect(classifyAddress(address)).toMatchObject({ public: true });
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['169.254.0.1', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.127.255.255', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456:789a::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'scoped'],
    ['fec0::1', 'deprecatedSiteLocal'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['::ffff:127.0.0.1', 'ipv4Mapped/loopback'],
    ['::ffff:7f00:1', 'ipv4Mapped/loopback'],
    ['::ffff:10.0.0.1', 'ipv4Mapped/private'],
    ['::ffff:169.254.169.254', 'ipv4Mapped/linkLocal'],
    ['::ffff:0:a00:1', 'rfc6145/private'],
    ['::127.0.0.1', 'ipv4Compatible/loopback'],
    ['::a00:1', 'ipv4Compatible/private'],
    ['64:ff9b::7f00:1', 'nat64/loopback'],
    ['64:ff9b::a9fe:a9fe', 'nat64/linkLocal'],
    ['64:ff9b:1::1', 'nat64LocalUse'],
    ['2002:7f00:1::1', '6to4/loopback'],
    ['2002:c0a8:101::1', '6to4/private'],
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'teredo/private'],
    ['2001:0:7f00:1::', 'teredo/loopback'],
    ['100::1', 'discard'],
    ['not an address', 'invalid'],
    ['0x7f.1', 'invalid'],
    ['2130706433', 'invalid'],
  ])('%s is not public (%s)', (address, range) => {
    expect(classifyAddress(address)).toMatchObject({ public: false, range });
  });

  it('marks loopback, and only loopback, as what D-24 may allow', () => {
    expect(classifyAddress('127.0.0.1').loopback).toBe(true);
    expect(classifyAddress('::1').loopback).toBe(true);
    expect(classifyAddress('::ffff:127.0.0.1').loopback).toBe(true);
    expect(classifyAddress('10.0.0.1').loopback).toBe(false);
    expect(classifyAddress('169.254.169.254').loopback).toBe(false);
    expect(classifyAddress('::127.0.0.1').loopback).toBe(false);
  });
});

describe('checkWebhookUrl', () => {
  it('accepts an https URL whose every address is public', async () => {
    const result = await checkWebhookUrl('https://hooks.example.invalid/svc?x=1', { resolve });
    expect(result).toEqual({
      ok: true,
      url: 'https://hooks.example.invalid/svc?x=1',
      host: 'hooks.example.invalid',
      port: 443,
      addresses: ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    });
  });

  it('accepts public IP literals without resolving them, and keeps an explicit port', async () => {
    const never: HostResolver = async () => {
      throw new Error('must not resolve a literal');
    };
    expect(await checkWebhookUrl('https://93.184.216.34:8443/hook', { resolve: never })).toMatchObject({
      ok: true,
      host: '93.184.216.34',
      port: 8443,
      addresses: ['93.184.216.34'],
    });
    expect(await checkWebhookUrl('https://[2606:2800:220:1:248:1893:25c8:1946]/', { resolve: never })).toMatchObject({
      ok: true,
      host: '2606:2800:220:1:248:1893:25c8:1946',
    });
  });

  it.each([
    ['not a url', 'url_invalid'],
    ['https://', 'url_invalid'],
    ['https://user:pass@hooks.example.invalid/', 'url_invalid'],
    ['https://user@hooks.example.invalid/', 'url_invalid'],
    ['https://1.2.3.4.5/', 'url_invalid'],
    ['https://unknown.example.invalid/', 'url_invalid'],
    ['https://empty.example.invalid/', 'url_invalid'],
    [`https://hooks.example.invalid/${'a'.repeat(2048)}`, 'url_invalid'],
    ['http://hooks.example.invalid/', 'url_not_https'],
    ['ftp://hooks.example.invalid/', 'url_not_https'],
    ['file:///etc/passwd', 'url_not_https'],
    ['javascript:alert(1)', 'url_not_https'],
    ['gopher://hooks.example.invalid:70/', 'url_not_https'],
    ['https://127.0.0.1/', 'url_not_public'],
    ['https://2130706433/', 'url_not_public'],
    ['https://0177.0.0.1/', 'url_not_public'],
    ['https://0x7f.1/', 'url_not_public'],
    ['https://0x7f000001/', 'url_not_public'],
    ['https://017700000001/', 'url_not_public'],
    ['https://127.1/', 'url_not_public'],
    ['https://[::1]/', 'url_not_public'],
    ['https://[::ffff:127.0.0.1]/', 'url_not_public'],
    ['https://[::ffff:7f00:1]/', 'url_not_public'],
    ['https://[fd00::1]/', 'url_not_public'],
    ['https://[fe80::1]/', 'url_not_public'],
    ['https://169.254.169.254/latest/meta-data/', 'url_not_public'],
    ['https://100.64.0.1/', 'url_not_public'],
    ['https://0.0.0.0/', 'url_not_public'],
    ['https://localhost/', 'url_not_public'],
    ['https://api.localhost./', 'url_not_public'],
    ['https://internal.example.invalid/', 'url_not_public'],
    ['https://mixed.example.invalid/', 'url_not_public'],
    ['https://metadata.example.invalid/', 'url_not_public'],
    ['https://mapped.example.invalid/', 'url_not_public'],
  ])('refuses %s with %s', async (url, code) => {
    const result = await checkWebhookUrl(url, { resolve });
    expect(result).toMatchObject({ ok: false, code });
  });

  it('names the host and the offending address', async () => {
    const result = await checkWebhookUrl('https://mixed.example.invalid/', { resolve });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toBe('mixed.example.invalid resolves to 192.168.1.10, which is not a public address (private).');
  });

  it('flags a name that does not resolve, so a delivery can count it as a connection error', async () => {
    expect(await checkWebhookUrl('https://unknown.example.invalid/', { resolve })).toMatchObject({
      ok: false,
      code: 'url_invalid',
      resolutionFailed: true,
    });
    expect(await checkWebhookUrl('https://127.0.0.1/', { resolve })).not.toHaveProperty('resolutionFailed');
  });

  it('gives up on a resolver that hangs', async () => {
    const hanging: HostResolver = () => new Promise<string[]>(() => undefined);
    expect(await checkWebhookUrl('https://slow.example.invalid/', { resolve: hanging, resolveTimeoutMs: 20 })).toMatchObject({
      ok: false,
      code: 'url_invalid',
      resolutionFailed: true,
    });
  });

  describe('with SVC_WEBHOOK_ALLOW_LOCAL (D-24)', () => {
    it('allows http: and loopback targets', async () => {
      expect(await checkWebhookUrl('http://127.0.0.1:4567/hook', { resolve, allowLocal: true })).toMatchObject({
        ok: true,
        host: '127.0.0.1',
        port: 4567,
        addresses: ['127.0.0.1'],
      });
      expect(await checkWebhookUrl('http://[::1]/', { resolve, allowLocal: true })).toMatchObject({ ok: true, port: 80 });
      expect(await checkWebhookUrl('http://localhost:9000/', { resolve, allowLocal: true })).toMatchObject({
        ok: true,
        addresses: ['127.0.0.1', '::1'],
      });
      expect(await checkWebhookUrl('http://hooks.example.invalid/', { resolve, allowLocal: true })).toMatchObject({ ok: true });
    });

    it('still refuses every other private range, other schemes and credentials', async () => {
      for (const url of [
        'http://10.0.0.1/',
        'http://192.168.1.1/',
        'https://169.254.169.254/',
        'http://100.64.0.1/',
        'http://[fd00::1]/',
        'http://internal.example.invalid/',
        'http://mixed.example.invalid/',
      ]) {
        expect(await checkWebhookUrl(url, { resolve, allowLocal: true }), url).toMatchObject({ ok: false, code: 'url_not_public' });
      }
      expect(await checkWebhookUrl('ftp://127.0.0.1/', { resolve, allowLocal: true })).toMatchObject({ ok: false, code: 'url_not_https' });
      expect(await checkWebhookUrl('http://u:p@127.0.0.1/', { resolve, allowLocal: true })).toMatchObject({
        ok: false,
        code: 'url_invalid',
      });
    });
  });
});
