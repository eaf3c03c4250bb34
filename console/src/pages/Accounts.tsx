// Accounts: create (plan, billing, card state) with the four keys shown once and copy buttons; list;
// one account's keys rolled (instant or delayed) and revoked, after a confirmation; lock and card state.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createAccount,
  createKey,
  getAccount,
  listAccounts,
  revokeKey,
  rollKey,
  updateAccount,
  updateKey,
  type Account,
  type AccountKeys,
} from '../../../generated/admin-client/index.js';
import { zCreateAccountRequest } from '../../../generated/admin-client/zod.gen.js';
import { hasKey, operator } from '../api.js';
import { must } from '../errors.js';
import { count, when } from '../format.js';
import { forgetKey, keyFor, rememberKey, selectAccount } from '../session.js';
import { ConfirmButton, CopyButton, ErrorText, Field, Section } from '../ui.js';
import type { Selected } from '../selected.js';
import { isRunnerAccount } from '../runner-accounts.js';

const PLANS = zCreateAccountRequest.shape.plan.options;
const BILLINGS = zCreateAccountRequest.shape.billing.options;
const CARDS = zCreateAccountRequest.shape.cardStatus.options;
const KEY_LABELS: [keyof AccountKeys, string][] = [
  ['secretTest', 'secret test key'],
  ['secretLive', 'secret live key'],
  ['publishableTest', 'publishable test key'],
  ['publishableLive', 'publishable live key'],
];

function ShownOnce({ title, keys, onDone }: { title: string; keys: [string, string][]; onDone: () => void }) {
  return (
    <div className="notice" role="status">
      <h3>{title}</h3>
      <p>Shown this once: copy what you need now.</p>
      <ul className="keys">
        {keys.map(([label, value]) => (
          <li key={label}>
            <strong>{label}</strong>: <code data-testid={label}>{value}</code> <CopyButton value={value} label={label} />
          </li>
        ))}
      </ul>
      <button type="button" className="secondary" onClick={onDone}>
        Done
      </button>
    </div>
  );
}

function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[];
  onChange: (v: T) => void;
}) {
  return (
    <Field label={label}>
      <select value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((p) => (
          <option key={p}>{p}</option>
        ))}
      </select>
    </Field>
  );
}

function CreateAccount() {
  const queries = useQueryClient();
  const [form, setForm] = useState({
    name: 'Frontend Team Pty Ltd',
    ownerEmail: 'frontend@example.com',
    plan: 'standard' as (typeof PLANS)[number],
    billing: 'card' as (typeof BILLINGS)[number],
    cardStatus: 'valid' as (typeof CARDS)[number],
  });
  const [shown, setShown] = useState<[string, string][]>();
  const create = useMutation({
    mutationFn: () => must(createAccount({ client: operator, body: form })),
    onSuccess: (created) => {
      const own = created.account.keys.find((k) => k.type === 'secret' && k.environment === 'test');
      if (own) rememberKey(created.account.id, { keyId: own.id, secret: created.keys.secretTest, made: false });
      setShown(KEY_LABELS.map(([field, label]) => [label, created.keys[field]]));
      void queries.invalidateQueries({ queryKey: ['accounts'] });
      selectAccount(created.account.id);
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate();
  }
  return (
    <Section title="Create an account">
      <form onSubmit={submit}>
        <Field label="Name">
          <input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} required />
        </Field>
        <Field label="Owner e-mail">
          <input type="email" value={form.ownerEmail} onChange={(e) => setForm({ ...form, ownerEmail: e.target.value })} required />
        </Field>
        <Choice label="Plan" value={form.plan} options={PLANS} onChange={(plan) => setForm({ ...form, plan })} />
        <Choice label="Billing" value={form.billing} options={BILLINGS} onChange={(billing) => setForm({ ...form, billing })} />
        <Choice label="Card state" value={form.cardStatus} options={CARDS} onChange={(cardStatus) => setForm({ ...form, cardStatus })} />
        <div>
          <button type="submit" disabled={create.isPending}>
            Create account
          </button>
        </div>
      </form>
      <ErrorText error={create.error} />
      {shown && <ShownOnce title="The new account's keys" keys={shown} onDone={() => setShown(undefined)} />}
    </Section>
  );
}

function AccountDetail({ accountId }: { accountId: string }) {
  const queries = useQueryClient();
  const [shown, setShown] = useState<[string, string][]>();
  const account = useQuery({
    queryKey: ['account', accountId],
    queryFn: () => must(getAccount({ client: operator, path: { accountId } })),
  });
  const refresh = () => {
    void queries.invalidateQueries({ queryKey: ['account', accountId] });
    void queries.invalidateQueries({ queryKey: ['accounts'] });
  };
  const change = useMutation({
    mutationFn: (body: { locked?: boolean; cardStatus?: (typeof CARDS)[number] }) =>
      must(updateAccount({ client: operator, path: { accountId }, body })),
    onSuccess: refresh,
  });
  const roll = useMutation({
    mutationFn: (input: { keyId: string; strategy: 'instant' | 'delayed' }) =>
      must(rollKey({ client: operator, path: { keyId: input.keyId }, body: { strategy: input.strategy } })),
    onSuccess: (rolled, input) => {
      // The session's key rolled: the console goes on with the new one.
      const held = keyFor(accountId);
      if (held?.keyId === input.keyId) rememberKey(accountId, { keyId: rolled.key.id, secret: rolled.secret, made: held.made });
      setShown([[`new ${rolled.key.type} ${rolled.key.environment} key`, rolled.secret]]);
      refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (keyId: string) => must(revokeKey({ client: operator, path: { keyId } })),
    onSuccess: (_done, keyId) => {
      forgetKey({ keyId });
      refresh();
    },
  });
  const domains = useMutation({
    mutationFn: (input: { keyId: string; domains: string }) =>
      must(
        updateKey({
          client: operator,
          path: { keyId: input.keyId },
          body: {
            domains: input.domains
              .split(',')
              .map((d) => d.trim())
              .filter(Boolean),
          },
        }),
      ),
    onSuccess: refresh,
  });
  const sessionKey = useMutation({
    mutationFn: () => must(createKey({ client: operator, path: { accountId }, body: { type: 'secret', environment: 'test' } })),
    onSuccess: (created) => {
      rememberKey(accountId, { keyId: created.key.id, secret: created.secret, made: true });
      refresh();
    },
  });
  if (account.isPending) return <p>Loading the account…</p>;
  if (account.error) return <ErrorText error={account.error} />;
  const a = account.data;
  const active = a.keys.filter((k) => k.status === 'active').length;
  const held = keyFor(accountId)?.keyId;
  return (
    <Section title={`Account ${a.name}`}>
      <p>
        <code>{a.id}</code> · plan {a.plan} · billing {a.billing} · card <span data-testid="card-status">{a.cardStatus}</span> ·{' '}
        {a.locked ? 'locked (sent no expiry-warning mail)' : 'not locked'} · created {when(a.createdAt)}
      </p>
      <div className="row">
        {a.locked ? (
          <button type="button" className="secondary" onClick={() => change.mutate({ locked: false })}>
            Unlock
          </button>
        ) : (
          <ConfirmButton
            label="Lock"
            question={`Lock ${a.name}? A locked account is sent no monitoring expiry-warning mail (spec 6.2); its keys keep working and nothing else changes. Unlock undoes it.`}
            action="Yes, lock"
            onConfirm={() => change.mutate({ locked: true })}
          />
        )}
        <Field label="Change card state">
          <select value={a.cardStatus} onChange={(e) => change.mutate({ cardStatus: e.target.value as (typeof CARDS)[number] })}>
            {CARDS.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </Field>
        {!hasKey(accountId) && (
          <button type="button" onClick={() => sessionKey.mutate()} disabled={sessionKey.isPending}>
            Make a test secret key for this session
          </button>
        )}
      </div>
      <ErrorText error={change.error ?? roll.error ?? revoke.error ?? sessionKey.error ?? domains.error} />
      {shown && <ShownOnce title="Key shown once" keys={shown} onDone={() => setShown(undefined)} />}
      <h3>Keys</h3>
      <p data-testid="active-keys">
        {count(a.keys.length, 'key')}, {active} active
      </p>
      <ul className="list">
        {a.keys.map((k) => (
          <li key={k.id}>
            <strong>
              {k.type} {k.environment}
            </strong>{' '}
            …{k.last4} · <span className="status">{k.status}</span>
            {k.expiresAt ? ` until ${when(k.expiresAt)}` : ''}
            {k.domains.length ? ` · domains ${k.domains.join(', ')}` : ''} · <code>{k.id}</code>
            {k.id === held ? ' · used by this console session' : ''}
            {k.status === 'active' && (
              <div className="row">
                <ConfirmButton
                  label="Roll now"
                  question={`Roll …${k.last4} now? The old key stops at once.`}
                  action="Yes, roll now"
                  onConfirm={() => roll.mutate({ keyId: k.id, strategy: 'instant' })}
                />
                <button type="button" className="secondary" onClick={() => roll.mutate({ keyId: k.id, strategy: 'delayed' })}>
                  Roll in 24 h
                </button>
                <ConfirmButton
                  label="Revoke"
                  question={`Revoke …${k.last4}? Every later request with it gets 401.`}
                  action="Yes, revoke"
                  onConfirm={() => revoke.mutate(k.id)}
                />
              </div>
            )}
            {k.status === 'active' && k.type === 'publishable' && (
              <form
                className="row"
                onSubmit={(event) => {
                  event.preventDefault();
                  const input = new FormData(event.currentTarget).get('domains');
                  domains.mutate({ keyId: k.id, domains: typeof input === 'string' ? input : '' });
                }}
              >
                <Field label={`Allowed domains of …${k.last4}`}>
                  <input name="domains" defaultValue={k.domains.join(', ')} placeholder="app.example.com, *.example.org" />
                </Field>
                <button type="submit" className="secondary">
                  Save domains
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function AccountRows({ accounts, accountId }: { accounts: Account[]; accountId: string }) {
  return (
    <ul className="list">
      {accounts.map((a) => (
        <li key={a.id}>
          <strong>{a.name}</strong> <code>{a.id}</code> · {a.plan} · {a.billing} · card {a.cardStatus}
          {a.locked ? ' · locked' : ''}{' '}
          <button
            type="button"
            className="secondary"
            aria-label={`${a.id === accountId ? 'Selected' : 'Select'} ${a.name}`}
            onClick={() => selectAccount(a.id)}
            disabled={a.id === accountId}
          >
            {a.id === accountId ? 'Selected' : 'Select'}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function AccountsPage({ accountId }: Selected) {
  const accounts = useQuery({ queryKey: ['accounts'], queryFn: () => must(listAccounts({ client: operator })) });
  const all = accounts.data?.data ?? [];
  const runners = all.filter(isRunnerAccount);
  return (
    <>
      <CreateAccount />
      {accountId && <AccountDetail accountId={accountId} />}
      <Section title="All accounts">
        <ErrorText error={accounts.error} />
        <AccountRows accounts={all.filter((a) => !isRunnerAccount(a))} accountId={accountId} />
        {runners.length > 0 && (
          <details>
            <summary>{count(runners.length, 'account')} made by conformance runs</summary>
            <p>
              Each conformance run makes two fresh accounts, so it never sees another run's resources; the console never selects one by
              itself.
            </p>
            <AccountRows accounts={runners} accountId={accountId} />
          </details>
        )}
      </Section>
    </>
  );
}
