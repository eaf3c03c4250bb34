// Navigation by hash (`#/requests?requestId=…`): never a secret in it, only a page and what it shows.
import { useEffect, useState } from 'react';

export const PAGES = [
  ['accounts', 'Accounts'],
  ['clock', 'Clock and jobs'],
  ['webhooks', 'Webhooks'],
  ['lodgements', 'Lodgements'],
  ['business-accounts', 'Business accounts'],
  ['ppsr', 'PPSR searches'],
  ['ppsr-alerts', 'PPSR alerts'],
  ['monitoring', 'Monitoring'],
  ['requests', 'Requests'],
  ['ledger', 'Ledger and mail'],
  ['conformance', 'Conformance'],
] as const;
export type PageId = (typeof PAGES)[number][0];

export interface Route {
  page: PageId;
  params: URLSearchParams;
}

function current(): Route {
  const [path = '', query = ''] = window.location.hash.replace(/^#\/?/, '').split('?');
  const page = PAGES.find(([id]) => id === path)?.[0] ?? 'accounts';
  return { page, params: new URLSearchParams(query) };
}

export function titleOf(page: PageId): string {
  return PAGES.find(([id]) => id === page)?.[1] ?? 'Accounts';
}

export function useRoute(): Route {
  const [route, setRoute] = useState(current);
  useEffect(() => {
    const onHash = () => setRoute(current());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return route;
}
