// What the built-in webhook test receiver (`/sandbox/webhook-receiver/{ok|fail}`) got,
// kept in this process's memory: the sandbox console reads it through the operator API. Bounded, so
// a busy sandbox cannot grow it without end.
export interface ReceivedRequest {
  id: number;
  receivedAt: Date;
  path: 'ok' | 'fail';
  answeredStatus: number;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookInbox {
  record: (entry: Omit<ReceivedRequest, 'id'>) => ReceivedRequest;
  /** Newest first. */
  list: () => ReceivedRequest[];
}

export const INBOX_BODY_LIMIT = 64 * 1024;

export function createWebhookInbox(capacity = 200): WebhookInbox {
  const entries: ReceivedRequest[] = [];
  let next = 1;
  return {
    record: (entry) => {
      const stored = { ...entry, id: next++, body: entry.body.slice(0, INBOX_BODY_LIMIT) };
      entries.push(stored);
      if (entries.length > capacity) entries.splice(0, entries.length - capacity);
      return stored;
    },
    list: () => [...entries].reverse(),
  };
}
