// The shell: sign-in, navigation (hash, never carrying a secret), the selected account and the pages.
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getClock, listAccounts } from '../../generated/admin-client/index.js';
import { hasKey, must, operator, signIn, signOut, signedIn } from './api.js';
import { ErrorText, Field } from './ui.js';
import { AccountsPage } from './pages/Accounts.js';
import { ClockPage } from './pages/Clock.js';
import { WebhooksPage } from './pages/Webhooks.js';
import { LodgementsPage } from './pages/Lodgements.js';
import { LedgerPage } from './pages/Ledger.js';
import { PpsrPage } from './pages/Ppsr.js';
import { MonitoringPage } from './pages/Monitoring.js';
import { ConformancePage } from './pages/Conformance.js';

export const PAGES = [
  ['accounts', 'Accounts'],
  ['clock', 'Clock and jobs'],
  ['webhooks', 'Webhooks'],
  ['lodgements', 'Lodgements'],
  ['ppsr', 'PPSR'],
  ['monitoring', 'Monitoring'],
  ['ledger', 'Ledger and mail'],
  ['conformance', 'Conformance'],
] as const;
type PageId = (typeof PAGES)[number][0];

function pageFromHash(): PageId {
  const id = window.location.hash.replace(/^#\/?/, '');
  return (PAGES.find(([page]) => page === id)?.[0] ?? 'accounts') as PageId;
}

function SignIn({ onDone }: { onDone: () => void }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    signIn(token.trim());
    try {
      await must(getClock({ client: operator }));
      setToken('');
      onDone();
    } catch {
      signOut();
      setError(new Error('The operator token was refused.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <main className="signin">
      <h1>Sandbox console</h1>
      <p>Sign in with the operator token (SVC_ADMIN_TOKEN, printed by npm start). It is kept in this tab only.</p>
      <form onSubmit={(event) => void submit(event)}>
        <Field label="Operator token">
          <input type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} required />
        </Field>
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
      <ErrorText error={error} />
    </main>
  );
}

export function App() {
  const [authed, setAuthed] = useState(signedIn());
  const [page, setPage] = useState<PageId>(pageFromHash());
  const [accountId, setAccountId] = useState<string>('');
  const [, setKeysVersion] = useState(0);
  const queries = useQueryClient();
  useEffect(() => {
    const onHash = () => setPage(pageFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const accounts = useQuery({
    queryKey: ['accounts'],
    queryFn: () => must(listAccounts({ client: operator })),
    enabled: authed,
  });
  useEffect(() => {
    const first = accounts.data?.data[0];
    if (!accountId && first) setAccountId(first.id);
  }, [accounts.data, accountId]);

  if (!authed) return <SignIn onDone={() => setAuthed(true)} />;
  const selected = { accountId, keyReady: accountId !== '' && hasKey(accountId), onKey: () => setKeysVersion((v) => v + 1) };
  return (
    <>
      <header className="top">
        <h1>Sandbox console</h1>
        <nav aria-label="Pages">
          <ul>
            {PAGES.map(([id, title]) => (
              <li key={id}>
                <a href={`#/${id}`} aria-current={page === id ? 'page' : undefined}>
                  {title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="session">
          <Field label="Account">
            <select value={accountId} onChange={(e) => setAccountId(e.target.value)}>
              <option value="">(none)</option>
              {accounts.data?.data.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name} ({a.id})
                </option>
              ))}
            </select>
          </Field>
          <button
            type="button"
            className="secondary"
            onClick={() => {
              signOut();
              queries.clear();
              setAccountId('');
              setAuthed(false);
            }}
          >
            Sign out
          </button>
        </div>
      </header>
      <main>
        {page === 'accounts' && <AccountsPage {...selected} onSelect={setAccountId} />}
        {page === 'clock' && <ClockPage />}
        {page === 'webhooks' && <WebhooksPage {...selected} />}
        {page === 'lodgements' && <LodgementsPage {...selected} />}
        {page === 'ppsr' && <PpsrPage {...selected} />}
        {page === 'monitoring' && <MonitoringPage {...selected} />}
        {page === 'ledger' && <LedgerPage {...selected} />}
        {page === 'conformance' && <ConformancePage />}
      </main>
    </>
  );
}
