// The deliveries to every test endpoint of the account that match a filter: what a lodgement or an
// alert caused, read through the public delivery log (D-25).
import { useQuery } from '@tanstack/react-query';
import { listWebhookDeliveries, listWebhookEndpoints, type WebhookDelivery } from '../../generated/client/index.js';
import { refreshingClient } from './api.js';
import { must } from './errors.js';

export function useDeliveries(accountId: string, key: readonly unknown[], match: (delivery: WebhookDelivery) => boolean) {
  return useQuery({
    queryKey: ['caused', accountId, ...key],
    queryFn: async () => {
      const client = refreshingClient(accountId);
      const endpoints = await must(listWebhookEndpoints({ client }));
      const pages = await Promise.all(
        endpoints.data.map((e) => must(listWebhookDeliveries({ client, path: { id: e.id }, query: { perPage: 100 } }))),
      );
      const deliveries = pages
        .flatMap((page) => page.data)
        .filter(match)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      return { endpoints: endpoints.data.length, deliveries };
    },
    refetchInterval: 2000,
  });
}

/** What to say when nothing was delivered yet. */
export function noDeliveryYet(endpoints: number | undefined): string {
  return endpoints === 0
    ? 'No webhook endpoint yet: register one on the Webhooks page (the built-in receiver will do) to receive events.'
    : 'No delivery yet.';
}
