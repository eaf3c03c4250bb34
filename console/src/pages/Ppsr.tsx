// PPSR searches: run one (public test API), list every search of the account as a table, read one
// (PpsrResult.tsx), and add a registration to the simulated PPSR.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createPpsrRegistration, listPpsrSearches, runJob } from '../../../generated/admin-client/index.js';
import { createPpsrSearch, type PpsrSearchRequest } from '../../../generated/client/index.js';
import { operator, publicClient } from '../api.js';
import { must } from '../errors.js';
import { when } from '../format.js';
import { serviceNow } from '../clock.js';
import { Empty, ErrorText, Field, Headings, Section, useOpened } from '../ui.js';
import { NeedKey } from './NeedKey.js';
import { SearchDetail } from './PpsrResult.js';
import type { Selected } from '../selected.js';

const SEARCH_TYPES = [
  ['vin', 'VIN'],
  ['acn', 'Grantor ACN'],
  ['abn', 'Grantor ABN'],
  ['organisationName', 'Organisation name'],
] as const;
type SearchType = (typeof SEARCH_TYPES)[number][0];

function searched(request: Record<string, unknown>): string {
  return Object.entries(request)
    .map(([field, value]) => `${field} ${String(value)}`)
    .join(', ');
}

function AddRegistration() {
  const [form, setForm] = useState({ grantorNumber: '100000011', serialNumber: '', securedPartyName: 'EXAMPLE FINANCE LIMITED' });
  const [added, setAdded] = useState<string>();
  const add = useMutation({
    mutationFn: async () =>
      must(
        createPpsrRegistration({
          client: operator,
          body: {
            grantorNumberType: 'ACN',
            grantorNumber: form.grantorNumber,
            collateralClass: 'Motor Vehicle',
            securedPartyName: form.securedPartyName,
            registrationStart: await serviceNow(),
            ...(form.serialNumber ? { serialNumber: form.serialNumber } : {}),
          },
        }),
      ),
    onSuccess: (registration) => setAdded(registration.registrationNumber),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate();
  }
  return (
    <Section title="Add a registration to the simulated PPSR">
      <p>Later searches of the grantor (or of the VIN) find it, and PPSR alerts watching the grantor are sent.</p>
      <form onSubmit={submit}>
        <Field label="Grantor ACN">
          <input value={form.grantorNumber} onChange={(e) => setForm({ ...form, grantorNumber: e.target.value })} required />
        </Field>
        <Field label="Vehicle VIN (optional)">
          <input value={form.serialNumber} onChange={(e) => setForm({ ...form, serialNumber: e.target.value })} />
        </Field>
        <Field label="Secured party">
          <input value={form.securedPartyName} onChange={(e) => setForm({ ...form, securedPartyName: e.target.value })} required />
        </Field>
        <div>
          <button type="submit" disabled={add.isPending}>
            Add registration
          </button>
        </div>
      </form>
      <ErrorText error={add.error} />
      {added && <p role="status">Registration {added} added: later searches of this grantor find it.</p>}
    </Section>
  );
}

export function PpsrPage({ accountId, keyReady }: Selected) {
  const queries = useQueryClient();
  const [type, setType] = useState<SearchType>('vin');
  const [value, setValue] = useState('1HGCM82633A004352');
  const { open: openId, reveal, show } = useOpened<number>();
  const searches = useQuery({
    queryKey: ['ppsr-searches', accountId],
    queryFn: () => must(listPpsrSearches({ client: operator, query: accountId ? { accountId } : {} })),
    refetchInterval: 3000,
  });
  const create = useMutation({
    mutationFn: () =>
      must(
        createPpsrSearch({
          client: publicClient(accountId),
          body: { [type]: value.trim() } as PpsrSearchRequest,
          headers: { 'Idempotency-Key': `console-${crypto.randomUUID()}` },
        }),
      ),
    onSuccess: (created) => {
      show(created.requestId);
      void queries.invalidateQueries({ queryKey: ['ppsr-searches'] });
    },
  });
  const runJobs = useMutation({
    mutationFn: async () => {
      await must(runJob({ client: operator, path: { name: 'ppsr-processing' } }));
      await must(runJob({ client: operator, path: { name: 'certificate-generation' } }));
    },
    onSuccess: () => void queries.invalidateQueries(),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate();
  }
  const rows = searches.data?.data ?? [];
  // The open detail comes first: the form below it changes height as it answers, which would move a
  // panel under it out of view just after it scrolled there.
  return (
    <>
      {openId !== undefined && keyReady && <SearchDetail key={openId} accountId={accountId} requestId={openId} reveal={reveal} />}
      {keyReady ? (
        <Section title="Run a PPSR search (test)">
          <form onSubmit={submit} className="row">
            <Field label="Search by">
              <select value={type} onChange={(e) => setType(e.target.value as SearchType)}>
                {SEARCH_TYPES.map(([id, label]) => (
                  <option key={id} value={id}>
                    {label}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Search for">
              <input value={value} onChange={(e) => setValue(e.target.value)} required />
            </Field>
            <button type="submit" disabled={create.isPending}>
              Search
            </button>
          </form>
          <p>
            The worker takes a search at once and each certificate about 2 s later (SVC_SANDBOX_CERT_DELAY_MS); this button does both now.
          </p>
          <button type="button" className="secondary" onClick={() => runJobs.mutate()} disabled={runJobs.isPending}>
            Run the PPSR jobs now
          </button>
          <ErrorText error={create.error ?? runJobs.error} />
        </Section>
      ) : (
        <NeedKey accountId={accountId} />
      )}
      <Section title="Searches">
        <ErrorText error={searches.error} />
        <Empty when={searches.isSuccess && rows.length === 0}>No search yet.</Empty>
        {rows.length > 0 && (
          <div className="scroll" tabIndex={0} role="region" aria-label="Search list">
            <table data-testid="searches">
              <Headings names={['Search', 'Searched for', 'Status', 'Created']} />
              <tbody>
                {rows.map((s) => (
                  <tr key={s.requestId}>
                    <td>
                      {keyReady && s.accountId === accountId && s.environment === 'test' ? (
                        <button type="button" className="secondary" onClick={() => show(s.requestId)}>
                          Open search {s.requestId}
                        </button>
                      ) : (
                        `${s.requestId} (${s.environment})`
                      )}
                    </td>
                    <td>{searched(s.request)}</td>
                    <td>{s.status}</td>
                    <td>{when(s.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
      <AddRegistration />
    </>
  );
}
