// The two signature schemes of D-20, byte for byte as the reference libraries compute them, and the
// constant-time verify helpers (tolerance both ways, tampering, the wrong secret).
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  deliveryHeaders,
  standardSignature,
  svcSignature,
  verifyStandardSignature,
  verifySvcSignature,
} from '../../server/delivery/signing.js';

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const body = JSON.stringify({ event: 'monitoring.expired', deliveryId: 'dlv_3kTq9ZmW2xYb7NcR4vLp8sQe', timestamp: '2026-11-22T03:00:00Z' });
const t = 1_795_316_400;

describe('signing', () => {
  it('X-Svc-Signature is what Stripe computes for the same secret, timestamp and payload', () => {
    const stripe = new Stripe('sk_test_x');
    expect(svcSignature(body, secret, t)).toBe(stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: t }));
  });

  it('webhook-signature is what the Standard Webhooks library computes', () => {
    const id = 'dlv_3kTq9ZmW2xYb7NcR4vLp8sQe';
    expect(standardSignature(id, body, secret, t)).toBe(new Webhook(secret).sign(id, new Date(t * 1000), body));
  });

  it('sends every D-20 header', () => {
    const headers = deliveryHeaders({ deliveryId: 'dlv_x', event: 'monitoring.expired', body, secret, timestamp: t });
    expect(Object.keys(headers).sort()).toEqual(
      [
        'Content-Type',
        'User-Agent',
        'X-Svc-Delivery-Id',
        'X-Svc-Event',
        'X-Svc-Signature',
        'webhook-id',
        'webhook-signature',
        'webhook-timestamp',
      ].sort(),
    );
    expect(headers['User-Agent']).toBe('svc-webhooks/1');
  });

  it('verifies within 5 minutes either way and refuses tampering, staleness and the wrong secret', () => {
    const header = svcSignature(body, secret, t);
    expect(verifySvcSignature(header, body, secret, t + 300)).toBe(true);
    expect(verifySvcSignature(header, body, secret, t - 300)).toBe(true);
    expect(verifySvcSignature(header, body, secret, t + 301)).toBe(false);
    expect(verifySvcSignature(header, `${body} `, secret, t)).toBe(false);
    expect(verifySvcSignature(header, body, 'whsec_ZZZZ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', t)).toBe(false);
    expect(verifySvcSignature('garbage', body, secret, t)).toBe(false);

    const standard = { id: 'dlv_x', timestamp: String(t), signature: standardSignature('dlv_x', body, secret, t) };
    expect(verifyStandardSignature(standard, body, secret, t)).toBe(true);
    expect(verifyStandardSignature({ ...standard, signature: `v1,bogus ${standard.signature}` }, body, secret, t)).toBe(true);
    expect(verifyStandardSignature({ ...standard, id: 'dlv_y' }, body, secret, t)).toBe(false);
    expect(verifyStandardSignature(standard, body, secret, t - 301)).toBe(false);
  });
});
