// The shell: sign-in, navigation (hash, never carrying a secret), the page title, the selected account
// (kept across reloads) and the pages.
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getClock, listAccounts } from '../../generated/admin-client/index.js';
import { hasKey, operator, signOut } from './api.js';
import { must } from './errors.js';
import { endReason, selectAccount, selectedAccount, startSession, token, useSession } from './session.js';
import { ErrorText, Field } from './ui.js';
import { PAGES, titleOf, useRoute, type PageId } from './route.js';
import type { Selected } from './selected.js';
import { isRunnerAccount } from './runner-accounts.js';
import { AccountsPage } from './pages/Accounts.js';
import { ClockPage } from './pages/Clock.js';
import { WebhooksPage } from './pages/Webhooks.js';
import { LodgementsPage } from './pages/Lodgements.js';
import { BusinessAccountsPage } from './pages/BusinessAccounts.js';
import { PpsrPage } from './pages/Ppsr.js';
import { PpsrAlertsPage } from './pages/PpsrAlerts.js';
import { MonitoringPage } from './pages/Monitoring.js';
import { RequestsPage } from './pages/Requests.js';
import { LedgerPage } from './pages/Ledger.js';
import { ConformancePage } from './pages/Conformance.js';

function SignIn() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const reason = endReason();
  useEffect(() => {
    document.title = 'Sign in · Sandbox console';
  }, []);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const candidate = value.trim();
    try {
      // Checked before the session starts, so a wrong token never opens the pages.
      await must(getClock({ client: operator, auth: candidate }));
      setValue('');
      startSession(candidate);
    } catch {
      setError(new Error('The operator token was refused.'));
      setBusy(false);
    }
  }
  return (
    <main className="signin">
      <h1>Sandbox console</h1>
      {reason && !error && (
        <p role="alert" className="error">
          {reason}
        </p>
      )}
      <p>Sign in with the operator token (SVC_ADMIN_TOKEN, printed by npm start). It is kept in this tab only.</p>
      <form onSubmit={(event) => void submit(event)}>
        <Field label="Operator token">
          <input type="password" autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} required />
        </Field>
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
      <ErrorText error={error} />
    </main>
  );
}

function Page({ page, selected, params }: { page: PageId; selected: Selected; params: URLSearchParams }): ReactNode {
  switch (page) {
    case 'accounts':
      return <AccountsPage {...selected} />;
    case 'clock':
      return <ClockPage />;
    case 'webhooks':
      return <WebhooksPage {...selected} />;
    case 'lodgements':
      return <LodgementsPage {...selected} />;
    case 'business-accounts':
      return <BusinessAccountsPage {...selected} />;
    case 'ppsr':
      return <PpsrPage {...selected} />;
    case 'ppsr-alerts':
      return <PpsrAlertsPage {...selected} />;
    case 'monitoring':
      return <MonitoringPage {...selected} />;
    case 'requests':
      return <RequestsPage {...selected} requestId={params.get('requestId') ?? ''} />;
    case 'ledger':
      return <LedgerPage {...selected} />;
    case 'conformance':
      return <ConformancePage />;
  }
}

function Shell() {
  const { page, params } = useRoute();
  const accountId = selectedAccount();
  const queries = useQueryClient();
  const accounts = useQuery({ queryKey: ['accounts'], queryFn: () => must(listAccounts({ client: operator })) });
  useEffect(() => {
    document.title = `${titleOf(page)} · Sandbox console`;
  }, [page]);
  // The kept account may be gone (another database): fall back to the newest one a person made, never
  // to one a conformance run made for itself. Only a settled list decides, so an account just created
  // (the list still being fetched again) stays selected.
  const settled = accounts.isFetching ? undefined : accounts.data?.data;
  useEffect(() => {
    if (settled && !settled.some((a) => a.id === accountId))
      selectAccount((settled.find((a) => !isRunnerAccount(a)) ?? settled[0])?.id ?? '');
  }, [settled, accountId]);
  const all = accounts.data?.data ?? [];
  const runners = all.filter(isRunnerAccount);
  const selected = { accountId, keyReady: hasKey(accountId) };
  return (
    <>
      <header className="top">
        <p className="brand">Sandbox console</p>
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
            <select value={accountId} onChange={(e) => selectAccount(e.target.value)}>
              <option value="">(none)</option>
              {all
                .filter((a) => !isRunnerAccount(a))
                .map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name} ({a.id})
                  </option>
                ))}
              {runners.length > 0 && (
                <optgroup label="Made by conformance runs">
                  {runners.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.name} ({a.id})
                    </option>
                  ))}
                </optgroup>
              )}
            </select>
          </Field>
          <button
            type="button"
            className="secondary"
            onClick={() => {
              void signOut().then(() => queries.clear());
            }}
          >
            Sign out
          </button>
        </div>
      </header>
      <main>
        <h1>{titleOf(page)}</h1>
        <Page page={page} selected={selected} params={params} />
      </main>
    </>
  );
}

export function App() {
  useSession();
  const queries = useQueryClient();
  const authed = token() !== undefined;
  useEffect(() => {
    if (!authed) queries.clear();
  }, [authed, queries]);
  return authed ? <Shell /> : <SignIn />;
}
