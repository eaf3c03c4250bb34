// `svc trigger EVENT-TYPE`: the sandbox sends a realistic event of that type for the key's account
// through its real delivery path, to every endpoint and listen session subscribed (createTrigger).
// The event types and the refusal of an unknown one come from the document and the SDK's validator.
import { parseArgs } from 'node:util';
import { createTrigger, type TriggerResult } from '@registry-svc/sdk';
import { COMMANDS } from '../../../generated/cli/commands.js';
import { clientOf } from './client.js';
import { connectionOf } from './config.js';
import { GLOBAL_OPTIONS } from './flags.js';
import { GLOBAL_HELP } from './help.js';
import { UsageError, type Io } from './io.js';
import { dataOrFail, printData } from './output.js';
import { parseStrict } from './parse.js';
import { validate } from './request.js';

const OPTIONS = { ...GLOBAL_OPTIONS, 'idempotency-key': { type: 'string' } } as const;

function triggerCommand() {
  const command = COMMANDS.find((c) => c.operationId === 'createTrigger');
  if (!command) throw new Error('the document has no createTrigger operation');
  return command;
}

export function eventTypes(): readonly string[] {
  return triggerCommand().flags.find((flag) => flag.name === 'eventType')?.enum ?? [];
}

export function triggerHelp(): string {
  return `svc trigger EVENT-TYPE

Makes the sandbox send one realistic event of this type for your account, through the real delivery
path: to every webhook endpoint and listen session (svc listen) subscribed to it, signed and retried
like any other delivery. Test environment only.

Event types:
${eventTypes()
  .map((type) => `  ${type}`)
  .join('\n')}

Flags:
  --idempotency-key KEY  sends the event once for this key (a new key is made when not given)

Global flags:
${GLOBAL_HELP.map(([left, right]) => `  ${left.padEnd(22)} ${right}`).join('\n')}
`;
}

export async function trigger(args: string[], io: Io): Promise<void> {
  const { values, positionals } = parseStrict(
    () => parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true }),
    'svc trigger',
  );
  if (values.help) return void io.stdout(triggerHelp());
  if (positionals.length !== 1) throw new UsageError(`svc trigger takes one event type: ${eventTypes().join(', ')}`);
  const body = { eventType: positionals[0]! };
  validate(triggerCommand(), { body });
  const outcome = await createTrigger({
    client: clientOf(connectionOf(values, io.env)),
    body: body as never,
    headers: { 'Idempotency-Key': values['idempotency-key'] ?? crypto.randomUUID() },
    signal: io.interrupted,
  });
  const result = dataOrFail(outcome, io, values.json === true) as TriggerResult;
  if (values.json) return printData(io, result, true);
  const to = result.deliveries.map((delivery) => `${delivery.deliveryId} -> ${delivery.destination}`);
  io.stdout(
    `Triggered ${result.eventType}: ${to.length === 0 ? 'no endpoint or listen session is subscribed to it' : `${to.length} ${to.length === 1 ? 'delivery' : 'deliveries'} (${to.join(', ')})`}\n`,
  );
}
