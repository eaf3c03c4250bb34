// Recorded events grouped by test server, in the order the replay sends them. All streams share
// one replay server and one manual clock that only moves forward, so streams that never move the
// clock go first (they run at the recorded time, side by side), then the others one at a time,
// shortest time travel first.
import type { ClockEvent, HttpEvent, StartEvent, TrafficEvent } from './traffic-format.js';

export interface Stream {
  id: string;
  start?: StartEvent;
  events: (ClockEvent | HttpEvent)[];
}

/** How far the stream moves the shared clock past its start (0: it never moves it). */
export function clockReach(stream: Stream): number {
  const from = Date.parse(stream.start?.at ?? '') || 0;
  const moves = stream.events.filter((e): e is ClockEvent => e.kind === 'clock').map((e) => Date.parse(e.at) - from);
  return moves.length === 0 ? 0 : Math.max(...moves);
}

/** `sources`: keep only streams started from test files under these prefixes (all when empty). */
export function groupStreams(events: readonly TrafficEvent[], sources: readonly string[] = []): Stream[] {
  const byId = new Map<string, Stream>();
  for (const event of events) {
    let stream = byId.get(event.stream);
    if (!stream) byId.set(event.stream, (stream = { id: event.stream, events: [] }));
    if (event.kind === 'start') stream.start = event;
    else stream.events.push(event);
  }
  const kept = [...byId.values()].filter(
    (s) => sources.length === 0 || sources.some((prefix) => (s.start?.source ?? '').startsWith(prefix)),
  );
  for (const stream of kept) stream.events.sort((a, b) => a.seq - b.seq);
  const reach = new Map(kept.map((s) => [s.id, clockReach(s)]));
  return kept
    .map((s, index) => ({ s, index }))
    .sort((a, b) => reach.get(a.s.id)! - reach.get(b.s.id)! || a.index - b.index)
    .map(({ s }) => s);
}
