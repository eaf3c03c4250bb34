// What a replay is asked to do and what it reports.
import type { TrafficEvent } from './traffic-format.js';
import type { Verdict } from './violations.js';

/** Prism proxies the document's paths to `<server>/api/test/v2`; only that prefix is replayed through it. */
export const TEST_PREFIX = '/api/test/v2';

export interface ReplayOptions {
  /** A JSONL file written by the recorder, or its events. */
  traffic: string | readonly TrafficEvent[];
  /** Keep only streams started from test files under these prefixes (e.g. `test/integration/`). */
  sources?: string[];
  /** Run Prism with `--errors` (it then answers invalid requests itself instead of forwarding them). */
  errors?: boolean;
  /** Replay against this server instead of starting one (tests of the replay use stand-ins). */
  upstream?: { url: string; adminToken: string };
  log?: (line: string) => void;
  /**
   * Streams that never move the clock replayed side by side (default 3): each has its own accounts
   * and client address, and one request at a time leaves the server, Prism and this process
   * taking turns on the cores.
   */
  concurrency?: number;
  /**
   * Servers (each with its own Prism and clock) the streams are split across (default 2; replay.ts
   * splitLanes). One when `upstream` is given.
   */
  lanes?: number;
  /** Log every request sent through Prism with its replayed and recorded status. */
  verbose?: boolean;
  /**
   * Send every public request through Prism, not only the first of each shape (shapes.ts); repeats
   * of a shape otherwise go straight to the server.
   */
  everyRequest?: boolean;
  /**
   * Answer Prism from the recording instead of a server (recorded-upstream.ts): each request sent
   * through Prism gets the status, headers and bytes the server answered it with when it was
   * recorded, so no server replays the requests before it, and the answers Prism checks are exactly
   * the ones the recorded tests saw. `upstream` and `lanes` do not apply.
   */
  recorded?: boolean;
}

export interface ReplayedRequest {
  stream: string;
  seq: number;
  source?: string;
  method: string;
  path: string;
  recordedStatus: number;
  status: number;
  /** The answer came from our server (it echoed our X-Request-Id), not from Prism itself. */
  fromServer: boolean;
  verdict: Verdict | { kind: 'pending' };
}

export interface ReplayReport {
  mode: 'observe' | 'errors';
  /** Who answered Prism: a server replaying the traffic, or the recording itself (`recorded`). */
  answers: 'server' | 'recording';
  streams: number;
  /** Recorded streams with no request of a new shape: not replayed (shapes.ts planShapes). */
  streamsWithNothingNew: number;
  /** Requests after a stream's last request through Prism, and the days of clock travel among them: not replayed. */
  trimmedRequests: number;
  trimmedDays: number;
  sentThroughPrism: number;
  operatorRequests: number;
  /** Public requests of a shape already sent through Prism, sent straight to the server (shapes.ts). */
  repeatsSentDirect: number;
  clockMoves: number;
  skipped: Record<string, number>;
  answeredByServer: number;
  /** Prism answered itself: refused the request (--errors) or could not forward it. */
  answeredByPrism: number;
  /** Operations still answering 501 (Prism may replace such answers with a mock): nothing checked. */
  pending: number;
  refusedInvalid: number;
  /** Server answers whose status differs from the recorded one (shared server, shifted clock). */
  diverged: number;
  failures: ReplayedRequest[];
  /** Requests on which Prism itself died and was restarted: not checked, listed. */
  prismCrashes: { stream: string; seq: number; source?: string; method: string; path: string }[];
  durationMs: number;
}
