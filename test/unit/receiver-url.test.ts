// Which URLs are the built-in test receiver's (D-59): exactly its two URLs on the public URL, and on
// the other loopback names of a loopback public URL's port; nothing else.
import { describe, expect, it } from 'vitest';
import { builtinReceiverOf, looksLikeReceiver, receiverUrls } from '../../server/delivery/receiver.js';

describe('builtinReceiverOf', () => {
  it('names the receiver on the default public URL and its loopback aliases', () => {
    const own = 'http://127.0.0.1:4000';
    expect(receiverUrls(own)).toEqual({ ok: `${own}/sandbox/webhook-receiver/ok`, fail: `${own}/sandbox/webhook-receiver/fail` });
    expect(builtinReceiverOf('http://127.0.0.1:4000/sandbox/webhook-receiver/ok', own)).toBe('ok');
    expect(builtinReceiverOf('http://127.0.0.1:4000/sandbox/webhook-receiver/fail', own)).toBe('fail');
    expect(builtinReceiverOf('http://localhost:4000/sandbox/webhook-receiver/ok', own)).toBe('ok');
    expect(builtinReceiverOf('http://LOCALHOST:4000/sandbox/webhook-receiver/ok', own)).toBe('ok');
    expect(builtinReceiverOf('http://[::1]:4000/sandbox/webhook-receiver/fail', own)).toBe('fail');
  });

  it('names nothing else', () => {
    const own = 'http://127.0.0.1:4000';
    for (const url of [
      'http://127.0.0.1:4001/sandbox/webhook-receiver/ok',
      'http://127.0.0.1/sandbox/webhook-receiver/ok',
      'https://127.0.0.1:4000/sandbox/webhook-receiver/ok',
      'http://127.0.0.2:4000/sandbox/webhook-receiver/ok',
      'http://0.0.0.0:4000/sandbox/webhook-receiver/ok',
      'http://127.1:4000/sandbox/webhook-receiver/other',
      'http://127.0.0.1:4000/sandbox/webhook-receiver/ok/',
      'http://127.0.0.1:4000/sandbox/webhook-receiver/ok?x=1',
      'http://127.0.0.1:4000/sandbox/webhook-receiver/ok#x',
      'http://u:p@127.0.0.1:4000/sandbox/webhook-receiver/ok',
      'http://sandbox.example.com:4000/sandbox/webhook-receiver/ok',
      'not a url',
    ])
      expect(builtinReceiverOf(url, own), url).toBeNull();
  });

  it('follows SVC_PUBLIC_URL, its path prefix included, without loopback aliases for a public host', () => {
    const own = 'https://sandbox.example.com/registry';
    expect(builtinReceiverOf('https://sandbox.example.com/registry/sandbox/webhook-receiver/ok', own)).toBe('ok');
    expect(builtinReceiverOf('https://SANDBOX.example.com:443/registry/sandbox/webhook-receiver/fail', own)).toBe('fail');
    expect(builtinReceiverOf('https://sandbox.example.com/sandbox/webhook-receiver/ok', own)).toBeNull();
    expect(builtinReceiverOf('http://127.0.0.1:443/sandbox/webhook-receiver/ok', own)).toBeNull();
    expect(builtinReceiverOf('http://localhost/sandbox/webhook-receiver/ok', own)).toBeNull();
  });

  it('tells the receiver path shape apart, on any host', () => {
    expect(looksLikeReceiver('https://elsewhere.example/sandbox/webhook-receiver/ok')).toBe(true);
    expect(looksLikeReceiver('https://elsewhere.example/sandbox/webhook-receiver/okay')).toBe(false);
    expect(looksLikeReceiver('https://elsewhere.example/hook')).toBe(false);
  });
});
