// From docs/guide/04-webhooks.md by npm run generate: edit the example there, not this file.
import Stripe from 'stripe';
import { Webhook } from 'standardwebhooks';
import { generateTestHeaders, verifyWebhook, type WebhookEvent } from '../client/index.js';

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'; // your endpoint's secret
const body = JSON.stringify({
  event: 'abn_registration.status_changed',
  requestId: 1001,
  interaction: 'abnreg.lodge',
  status: 'finished',
  timestamp: new Date().toISOString(),
  deliveryId: 'dlv_3kTq9ZmW2xYb7NcR4vLp8sQe',
});
const headers = generateTestHeaders(body, secret); // what a delivery of this body carries

// The SDK: either scheme, every secret valid now (old and new during a rotation), 5-minute tolerance.
const event = verifyWebhook(body, headers, [secret]);
// Stripe's library reads X-Svc-Signature (in Express: req.get('X-Svc-Signature')).
const viaStripe = Stripe.webhooks.constructEvent(body, headers['X-Svc-Signature']!, secret) as unknown as WebhookEvent;
// A Standard Webhooks library reads webhook-id, webhook-timestamp and webhook-signature.
const viaStandard = new Webhook(secret).verify(body, headers) as WebhookEvent;
console.log(event.event, event.deliveryId, viaStripe.deliveryId === event.deliveryId, viaStandard.deliveryId === event.deliveryId);
