// The SDK's client for a connection, and its operations by operationId: every generated command
// calls the SDK function of its operation, so the request is the one the SDK sends.
import * as sdk from '@registry-svc/sdk';
import { createClient, createConfig, type Client, type SdkResult } from '@registry-svc/sdk';
import type { Connection } from './config.js';

export interface OperationCall {
  client: Client;
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export type SdkOperation = (options: OperationCall) => Promise<SdkResult<unknown>>;

export function clientOf(connection: Connection): Client {
  return createClient(createConfig({ baseUrl: connection.baseUrl, auth: () => connection.apiKey }));
}

export function sdkOperation(operationId: string): SdkOperation {
  const operation = (sdk as unknown as Record<string, unknown>)[operationId];
  if (typeof operation !== 'function') throw new Error(`the SDK has no function ${operationId}`);
  return operation as SdkOperation;
}
