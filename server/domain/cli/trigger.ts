// `svc trigger <event>` (D-81): one event of the chosen type for the caller's account, sent through
// the real fan-out (emitEvent), so every enabled endpoint and listen session of the environment
// subscribed to it gets a signed, logged, retried delivery. The payload is the document's own
// example of that event (its sandbox example where it has one), with the time fields set to now:
// it validates against the event's schema as published. A trigger changes no resource, so the ids
// inside it (a lodgement's requestId, a monitored entity) name the sandbox's fixtures, not the account's.
import { readFileSync } from 'node:fs';
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { Caller } from '../caller.js';
import { fromRoot } from '../../root.js';
import { emitEvent, type WebhookEventName } from '../../delivery/events.js';
import { webhookDeliveries } from '../../store/schema/index.js';
import type { VerbArgs } from '../verb.js';
import type { TriggerResult } from '../../../schemas/cli/index.js';

type TriggerContext = Pick<AppDeps, 'db' | 'clock'> & { caller: Pick<Caller, 'account' | 'environment'> };
export type TriggerResultView = z.infer<typeof TriggerResult>;

/** Examples whose names say they are what the sandbox sends; otherwise an event's first example is used. */
const PREFERRED_EXAMPLES = ['simulated', 'finished', 'newRegistration'];
/** Payload fields that carry the moment of the event. */
const TIME_FIELDS = ['timestamp', 'detectedAt'];

interface ExampleSet {
  examples?: Record<string, { value?: Record<string, unknown> }>;
}
type WebhooksSection = Record<string, { post?: { requestBody?: { content?: Record<string, ExampleSet> } } }>;

let examples: Map<string, Record<string, unknown>> | undefined;

/** Each event's example from the public document, read once. */
function eventExamples(): Map<string, Record<string, unknown>> {
  if (examples) return examples;
  const document = JSON.parse(readFileSync(fromRoot('spec/openapi.json'), 'utf8')) as { webhooks?: WebhooksSection };
  examples = new Map();
  for (const [event, item] of Object.entries(document.webhooks ?? {})) {
    const named = item.post?.requestBody?.content?.['application/json']?.examples ?? {};
    const chosen = PREFERRED_EXAMPLES.map((name) => named[name]).find(Boolean) ?? Object.values(named)[0];
    if (chosen?.value) examples.set(event, chosen.value);
  }
  return examples;
}

function payloadOf(event: WebhookEventName, now: Date): Record<string, unknown> {
  const example = eventExamples().get(event);
  if (!example) throw new Error(`the public document has no example of ${event}`);
  // Each delivery adds its own deliveryId (emitEvent).
  const { deliveryId: _deliveryId, ...payload } = example;
  for (const field of TIME_FIELDS) if (field in payload) payload[field] = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return payload;
}

export async function triggerEvent({ ctx, input }: VerbArgs<TriggerContext, { eventType: WebhookEventName }>): Promise<TriggerResultView> {
  const payload = payloadOf(input.eventType, ctx.clock.now());
  const deliveryIds = await ctx.db.transaction((tx) =>
    emitEvent(tx, ctx.clock, { accountId: ctx.caller.account.id, environment: ctx.caller.environment, event: input.eventType, payload }),
  );
  const rows =
    deliveryIds.length === 0
      ? []
      : await ctx.db
          .select({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId })
          .from(webhookDeliveries)
          .where(inArray(webhookDeliveries.id, deliveryIds));
  const destinationOf = new Map(rows.map((row) => [row.id, row.endpointId]));
  return {
    eventType: input.eventType,
    deliveries: deliveryIds.map((deliveryId) => ({ deliveryId, destination: destinationOf.get(deliveryId) ?? '' })),
  };
}
