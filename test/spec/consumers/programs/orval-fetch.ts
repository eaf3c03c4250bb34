// The fetch orval's functions call (its `mutator`, named in the orval configuration of
// ../generate.ts): the service address and the key in front of every request, and the answer in
// the `{data, status, headers}` shape orval's response types describe.
let service = { baseUrl: '', key: '' };

export function useService(baseUrl: string, key: string): void {
  service = { baseUrl, key };
}

export async function customFetch<T>(url: string, options: RequestInit): Promise<T> {
  const headers = new Headers(options.headers);
  headers.set('Authorization', `Bearer ${service.key}`);
  const response = await fetch(`${service.baseUrl}${url}`, { ...options, headers });
  const text = await response.text();
  return { data: text ? JSON.parse(text) : undefined, status: response.status, headers: response.headers } as T;
}
