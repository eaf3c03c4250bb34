// The webhook receiver of bench:webhooks in a process of its own, so it shares no event loop with a
// worker it measures. It answers 204 at once and tells its parent, over IPC, when each delivery
// first arrived (wall-clock milliseconds, comparable with the parent's: same machine).
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Delivery id to the wall-clock time its first attempt arrived. */
const firstArrival = new Map<string, number>();
let requests = 0;

const receiver = createServer((req, res) => {
  const at = Date.now();
  requests++;
  const deliveryId = String(req.headers['x-svc-delivery-id'] ?? '');
  if (!firstArrival.has(deliveryId)) firstArrival.set(deliveryId, at);
  req.resume();
  req.on('end', () => res.writeHead(204).end());
});
// Receivers commonly keep connections open for a while; Node's default of 5 s is kept.
receiver.listen(0, '127.0.0.1');
await once(receiver, 'listening');

export type ReceiverRequest = { type: 'arrivals' } | { type: 'reset' };
export type ReceiverMessage = { type: 'listening'; url: string } | { type: 'arrivals'; requests: number; arrivals: [string, number][] };

process.on('message', (message: ReceiverRequest) => {
  if (message.type === 'reset') {
    firstArrival.clear();
    requests = 0;
  }
  process.send?.({ type: 'arrivals', requests, arrivals: message.type === 'arrivals' ? [...firstArrival] : [] } satisfies ReceiverMessage);
});
process.send?.({ type: 'listening', url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}` } satisfies ReceiverMessage);
