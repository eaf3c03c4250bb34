// The console's only way to the service: the generated SDKs (operator API: generated/admin-client;
// public test API: generated/client), same origin, with the operator token and the account's test
// secret key from the session (session.ts). A refused operator token ends the session with a message
// (the service restarted with another token); a refused test key is forgotten, so the page offers a new one.
import { createClient as createAdminClient, createConfig as createAdminConfig } from '../../generated/admin-client/client/index.js';
import { createClient as createPublicClient, createConfig as createPublicConfig } from '../../generated/client/client/index.js';
import { revokeKey } from '../../generated/admin-client/index.js';
import { endSession, forgetKey, keyFor, sessionKeys, token } from './session.js';

export const TOKEN_REFUSED = 'The service refused the operator token (it may have restarted with another SVC_ADMIN_TOKEN): sign in again.';

export const operator = createAdminClient(createAdminConfig({ baseUrl: window.location.origin, auth: () => token() }));
operator.interceptors.response.use((response) => {
  if (response.status === 401 && token() !== undefined) endSession(TOKEN_REFUSED);
  return response;
});

export const TEST_API = `${window.location.origin}/api/test/v2`;

export function publicClient(accountId: string, headers: Record<string, string> = {}) {
  const client = createPublicClient(createPublicConfig({ baseUrl: TEST_API, auth: () => keyFor(accountId)?.secret, headers }));
  client.interceptors.response.use((response) => {
    if (response.status === 401) forgetKey({ accountId });
    return response;
  });
  return client;
}

/**
 * The client of the reads a page repeats to stay current (its lists, a search's progress): marked so
 * the account's request log leaves them out (D-70). What a user does goes through publicClient.
 */
export function refreshingClient(accountId: string) {
  return publicClient(accountId, { 'X-Console-Refresh': '1' });
}

/**
 * A public read a page repeats, as the SDK's generated TanStack Query options (`./react-query`, D-66)
 * sent through refreshingClient. The generated key names the operation, URL and request but not whose
 * key sends it, so the account joins the key: two accounts' lists never share a cache entry. (The
 * generated query function passes the key's members to the SDK call, which ignores one it does not know.)
 * A read that fails throws the service's error body; ErrorText reads it like any other.
 */
export function accountRead<Read extends { readonly queryKey: readonly [object] }>(
  accountId: string,
  read: (client: ReturnType<typeof publicClient>) => Read,
): Read {
  const options = read(refreshingClient(accountId));
  const [key] = options.queryKey;
  return { ...options, queryKey: [{ ...key, account: accountId }] as unknown as Read['queryKey'] };
}

export function hasKey(accountId: string): boolean {
  return accountId !== '' && keyFor(accountId) !== undefined;
}

/** Revokes the keys the console made in this session (an account's own first key stays), then forgets it all. */
export async function signOut(): Promise<void> {
  await Promise.allSettled(
    sessionKeys()
      .filter((key) => key.made)
      .map((key) => revokeKey({ client: operator, path: { keyId: key.keyId } })),
  );
  endSession();
}
