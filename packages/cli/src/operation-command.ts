// `svc <resource> <action>`: one generated command. Its flags parsed strictly (an unknown flag is
// exit 2), its input built and validated by the SDK's validators, an Idempotency-Key made unless
// given, the SDK's function called and its answer printed.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { CommandSpec } from './command-spec.js';
import { clientOf, sdkOperation } from './client.js';
import { connectionOf } from './config.js';
import { commandOptions } from './flags.js';
import { commandHelp } from './help.js';
import { type Io } from './io.js';
import { dataOrFail, printData } from './output.js';
import { parseStrict } from './parse.js';
import { inputOf, validate } from './request.js';

export async function runOperation(command: CommandSpec, args: string[], io: Io): Promise<void> {
  const { values } = parseStrict(
    () => parseArgs({ args, options: commandOptions(command), allowPositionals: false, strict: true }),
    `svc ${command.resource} ${command.action}`,
  );
  if (values.help) {
    io.stdout(commandHelp(command));
    return;
  }
  const input = await inputOf(command, values, io);
  validate(command, input);
  const connection = connectionOf(values as { 'api-key'?: string; 'base-url'?: string }, io.env);
  const headers: Record<string, string> = {};
  if (command.idempotencyKey !== 'none')
    headers['Idempotency-Key'] = typeof values['idempotency-key'] === 'string' ? values['idempotency-key'] : randomUUID();
  const outcome = await sdkOperation(command.operationId)({ client: clientOf(connection), ...input, headers, signal: io.interrupted });
  printData(io, dataOrFail(outcome, io, values.json === true), values.json === true);
}
