// The console's session, in the tab's sessionStorage so a reload keeps it and closing the tab ends it:
// the operator token, the selected account, and the test secret key the console uses per account
// (reused across reloads, so reloading never makes another key). Sign-out revokes the keys the console
// made itself and clears the token and keys; the selected account stays for the next sign-in. None of it ever goes into a URL or a log.
import { useSyncExternalStore } from 'react';

const TOKEN = 'svc-console-session';
const KEYS = 'svc-console-keys';
const ACCOUNT = 'svc-console-account';

export interface SessionKey {
  keyId: string;
  secret: string;
  /** True when the console made it ("Make a test secret key"): revoked at sign-out. An account's own first key is not. */
  made: boolean;
}

let version = 0;
const listeners = new Set<() => void>();
/** Why the session ended without a sign-out (a refused token), shown on the sign-in page. */
let endedBecause: string | undefined;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

function readKeys(): Record<string, SessionKey> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEYS) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, SessionKey>) : {};
  } catch {
    return {};
  }
}

function writeKeys(keys: Record<string, SessionKey>): void {
  sessionStorage.setItem(KEYS, JSON.stringify(keys));
  changed();
}

export function token(): string | undefined {
  return sessionStorage.getItem(TOKEN) ?? undefined;
}

export function startSession(operatorToken: string): void {
  endedBecause = undefined;
  sessionStorage.setItem(TOKEN, operatorToken);
  changed();
}

/**
 * Forgets the token and the keys; `reason` (a refused token: the service restarted) is shown on the
 * sign-in page and forgets the selected account too. A sign-out keeps the selected account (an id, no
 * secret), so signing in again in this tab comes back to the account the user chose.
 */
export function endSession(reason?: string): void {
  endedBecause = reason;
  for (const name of reason === undefined ? [TOKEN, KEYS] : [TOKEN, KEYS, ACCOUNT]) sessionStorage.removeItem(name);
  changed();
}

export function endReason(): string | undefined {
  return endedBecause;
}

export function keyFor(accountId: string): SessionKey | undefined {
  return readKeys()[accountId];
}

export function sessionKeys(): SessionKey[] {
  return Object.values(readKeys());
}

export function rememberKey(accountId: string, key: SessionKey): void {
  writeKeys({ ...readKeys(), [accountId]: key });
}

/** Forgets the key of an account (it was refused), or the key with this id wherever it is (it was revoked or rolled). */
export function forgetKey(match: { accountId?: string; keyId?: string }): void {
  const keys = readKeys();
  const kept = Object.fromEntries(
    Object.entries(keys).filter(([accountId, key]) => accountId !== match.accountId && key.keyId !== match.keyId),
  );
  if (Object.keys(kept).length !== Object.keys(keys).length) writeKeys(kept);
}

export function selectedAccount(): string {
  return sessionStorage.getItem(ACCOUNT) ?? '';
}

export function selectAccount(accountId: string): void {
  sessionStorage.setItem(ACCOUNT, accountId);
  changed();
}

/** Re-renders the caller whenever the session changes; returns a number that changes with it. */
export function useSession(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
  );
}
