// From docs/guide/04-webhooks.md by npm run generate: edit the example there, not this file.
import express from 'express';
import { verifyWebhook, WebhookVerificationError, type WebhookEvent } from '../client/index.js';

// The endpoint's secret, and the previous one while you rotate.
const secrets = [process.env.SVC_WEBHOOK_SECRET!, process.env.SVC_WEBHOOK_SECRET_PREVIOUS ?? ''];
const handled = new Set<string>(); // in production: a table with a unique deliveryId

/** Acts on a delivery the first time its deliveryId arrives, and ignores repeats. */
async function handleOnce(deliveryId: string, event: WebhookEvent): Promise<void> {
  if (handled.has(deliveryId)) return;
  handled.add(deliveryId);
  console.log(`handled ${event.event} ${deliveryId}`); // here: read the status operation, update your records
}

const app = express();
app.post('/svc-webhooks', express.raw({ type: 'application/json' }), (req, res) => {
  let event: WebhookEvent;
  try {
    event = verifyWebhook(req.body, req.headers, secrets);
  } catch (error) {
    if (error instanceof WebhookVerificationError) return void res.status(400).send(error.message);
    throw error;
  }
  res.sendStatus(204); // any 2xx within 15 seconds acknowledges
  handleOnce(event.deliveryId, event).catch((error: unknown) => console.error(error));
});

const port = Number(process.env.PORT ?? 3000);
app.listen(port, () => console.log(`listening on http://127.0.0.1:${port}/svc-webhooks`));
