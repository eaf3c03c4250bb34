// The console's only way to the service: the generated SDKs (operator API: generated/admin-client;
// public test API: generated/client), same origin. The operator token and the session's test secret
// keys live in memory (the token also in sessionStorage, so a reload keeps the session); sign-out
// clears both. Neither ever goes into a URL or a log.
import { createClient as createAdminClient, createConfig as createAdminConfig } from '../../generated/admin-client/client/index.js';
import { createClient as createPublicClient, createConfig as createPublicConfig } from '../../generated/client/client/index.js';

const TOKEN_KEY = 'svc-console-session';

let operatorToken: string | undefined = sessionStorage.getItem(TOKEN_KEY) ?? undefined;
/** Test secret keys made in this session, by account id (never stored anywhere else). */
const sessionKeys = new Map<string, string>();

export const operator = createAdminClient(createAdminConfig({ baseUrl: window.location.origin, auth: () => operatorToken }));

export function publicClient(accountId: string) {
  const key = sessionKeys.get(accountId);
  return createPublicClient(createPublicConfig({ baseUrl: `${window.location.origin}/api/test/v2`, auth: () => key }));
}

export function signIn(token: string): void {
  operatorToken = token;
  sessionStorage.setItem(TOKEN_KEY, token);
}

export function signOut(): void {
  operatorToken = undefined;
  sessionKeys.clear();
  sessionStorage.removeItem(TOKEN_KEY);
}

export function signedIn(): boolean {
  return operatorToken !== undefined;
}

export function rememberKey(accountId: string, secretTestKey: string): void {
  sessionKeys.set(accountId, secretTestKey);
}

export function hasKey(accountId: string): boolean {
  return sessionKeys.has(accountId);
}

/** The message of an error body of either API (`{error, message}` or `{errors: [...]}`). */
export function messageOf(error: unknown): string {
  if (error && typeof error === 'object') {
    const body = error as { message?: unknown; errors?: unknown };
    if (typeof body.message === 'string') {
      const details =
        body.errors && typeof body.errors === 'object' && !Array.isArray(body.errors)
          ? Object.entries(body.errors as Record<string, { message?: string }[]>)
              .map(([field, problems]) => `${field}: ${problems.map((p) => p.message).join(' ')}`)
              .join('; ')
          : '';
      return details ? `${body.message} ${details}` : body.message;
    }
    if (Array.isArray(body.errors)) return body.errors.join(' ');
  }
  return error instanceof Error ? error.message : 'Request failed.';
}

/** Unwraps an SDK answer: its data, or a thrown Error with the service's message. */
export async function must<T>(call: Promise<{ data?: T; error?: unknown; response?: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (error !== undefined || (response && !response.ok)) throw new Error(messageOf(error ?? response?.statusText));
  return data as T;
}
