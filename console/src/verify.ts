// Checks a received delivery's Standard Webhooks signature (D-20) in the browser with WebCrypto, the
// way the SDK's verifier does on a server: HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`
// keyed with the base64 bytes after `whsec_`. The SDK's own verifier needs node:crypto.

function bytesOfBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function base64OfBytes(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)));
}

/** True when one `v1,` signature of the `webhook-signature` header matches the body under `secret`. */
export async function signedWith(secret: string, headers: Record<string, string>, body: string): Promise<boolean> {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = (headers['webhook-signature'] ?? '').split(' ').filter((s) => s.startsWith('v1,'));
  if (!id || !timestamp || signatures.length === 0) return false;
  const key = await crypto.subtle.importKey('raw', bytesOfBase64(secret.replace(/^whsec_/, '')), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const expected = base64OfBytes(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${body}`)));
  return signatures.some((s) => s.slice(3) === expected);
}
