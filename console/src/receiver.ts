// The built-in webhook test receiver (D-59): its two URLs as the service names them (on its public
// URL), and what it received for the account, read through the operator API.
import { useQuery } from '@tanstack/react-query';
import { listReceivedWebhooks, type ReceiverUrls } from '../../generated/admin-client/index.js';
import { operator } from './api.js';
import { must } from './errors.js';

export function useReceiver(accountId: string) {
  return useQuery({
    queryKey: ['received', accountId],
    queryFn: () => must(listReceivedWebhooks({ client: operator, query: accountId ? { accountId } : {} })),
    refetchInterval: 2000,
  });
}

export function isReceiver(url: string, urls: ReceiverUrls | undefined): boolean {
  return urls !== undefined && (url === urls.ok || url === urls.fail);
}

/** A URL of the developer's own machine: what SVC_WEBHOOK_ALLOW_LOCAL (D-24) is for. */
export function isLocal(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    return protocol === 'http:' || ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
  } catch {
    return false;
  }
}
