// The primary process of `npm start --processes N` (server/cluster.ts), seen from one of its API
// processes: what must answer alike whichever process a request reaches is asked of the primary. A
// type at the ground floor, so every layer can take one without knowing the cluster.
export interface ProcessLink {
  /** Asks the primary process; resolves with its answer. */
  ask: (type: string, payload?: unknown) => Promise<unknown>;
  /** Answers the primary's questions of this type. */
  answer: (type: string, handler: (payload: unknown) => unknown) => void;
}
