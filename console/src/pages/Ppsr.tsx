// PPSR: run a search (public test API), list every search, read one with its results and
// certificates, download a certificate PDF, and add a registration to the simulated register.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createPpsrRegistration, listPpsrSearches, runJob } from '../../../generated/admin-client/index.js';
import { createPpsrSearch, getPpsrCertificate, getPpsrSearch, type PpsrSearchRequest } from '../../../generated/client/index.js';
import { messageOf, must, operator, publicClient } from '../api.js';
import { ErrorText, Field, Section, when } from '../ui.js';
import { NeedKey } from './NeedKey.js';
import type { Selected } from '../selected.js';

const SEARCH_TYPES = ['vin', 'acn', 'abn', 'organisationName'] as const;
type SearchType = (typeof SEARCH_TYPES)[number];

async function download(accountId: string, requestId: number, certificateNumber: string): Promise<void> {
  const { data, error, response } = await getPpsrCertificate({
    client: publicClient(accountId),
    path: { requestId, certificateNumber },
    parseAs: 'blob',
  });
  if (error !== undefined || response.status !== 200 || !(data instanceof Blob))
    throw new Error(messageOf(error ?? 'The certificate is not ready yet.'));
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = `ppsr-certificate-${certificateNumber}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function SearchDetail({ accountId, requestId }: { accountId: string; requestId: number }) {
  const search = useQuery({
    queryKey: ['ppsr-search', accountId, requestId],
    queryFn: () => must(getPpsrSearch({ client: publicClient(accountId), path: { requestId } })),
    refetchInterval: 2000,
  });
  const get = useMutation({ mutationFn: (certificateNumber: string) => download(accountId, requestId, certificateNumber) });
  const s = search.data;
  return (
    <Section title={`PPSR search ${requestId}`}>
      <ErrorText error={search.error ?? get.error} />
      {s && (
        <>
          <p>
            Status <strong data-testid="ppsr-status">{s.status}</strong>
            {s.status === 'failed' ? ` · ${s.failureReason}` : ''}
          </p>
          {s.status === 'completed' && (
            <>
              <p>
                {s.data.search.resultSummary ?? `${s.data.search.resultCount} results`} · search number {s.data.search.ppsrSearchNumber} ·{' '}
                {when(s.data.search.searchedAt)}
              </p>
              {s.data.nevdisData && <pre>{JSON.stringify(s.data.nevdisData, null, 2)}</pre>}
              <h3>Registrations</h3>
              <ul className="list" aria-label="Registrations">
                {s.data.registrations.map((r) => (
                  <li key={r.registrationNumber}>
                    {r.registrationNumber} · {r.collateralClass} · {r.serialNumber} · grantor {r.grantorName} · secured party{' '}
                    {r.securedPartyName}
                  </li>
                ))}
              </ul>
              <h3>Certificates</h3>
              <ul className="list" aria-label="Certificates">
                {s.data.certificates?.map((c) => (
                  <li key={c.certificateNumber} data-testid="certificate">
                    {c.certificateNumber} · {c.kind} · <span className="status">{c.status}</span>{' '}
                    {c.status === 'completed' && (
                      <button type="button" className="secondary" onClick={() => get.mutate(c.certificateNumber)}>
                        Download {c.certificateNumber} (PDF)
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </Section>
  );
}

function AddRegistration() {
  const [form, setForm] = useState({ grantorNumber: '100000011', serialNumber: '', securedPartyName: 'EXAMPLE FINANCE LIMITED' });
  const [added, setAdded] = useState<string>();
  const add = useMutation({
    mutationFn: () =>
      must(
        createPpsrRegistration({
          client: operator,
          body: {
            grantorNumberType: 'ACN',
            grantorNumber: form.grantorNumber,
            collateralClass: 'Motor Vehicle',
            securedPartyName: form.securedPartyName,
            registrationStart: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
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

export function PpsrPage({ accountId, keyReady, onKey }: Selected) {
  const queries = useQueryClient();
  const [type, setType] = useState<SearchType>('vin');
  const [value, setValue] = useState('1HGCM82633A004352');
  const [openId, setOpenId] = useState<number>();
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
      setOpenId(created.requestId);
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
  return (
    <>
      {keyReady ? (
        <Section title="Run a PPSR search (test)">
          <form onSubmit={submit} className="row">
            <Field label="Search by">
              <select value={type} onChange={(e) => setType(e.target.value as SearchType)}>
                {SEARCH_TYPES.map((t) => (
                  <option key={t}>{t}</option>
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
          <button type="button" className="secondary" onClick={() => runJobs.mutate()} disabled={runJobs.isPending}>
            Run the PPSR jobs now
          </button>
          <ErrorText error={create.error ?? runJobs.error} />
        </Section>
      ) : (
        <NeedKey accountId={accountId} onKey={onKey} />
      )}
      {openId !== undefined && keyReady && <SearchDetail key={openId} accountId={accountId} requestId={openId} />}
      <Section title="Searches">
        <ErrorText error={searches.error} />
        {searches.data?.data.length === 0 && <p>No search yet.</p>}
        <ul className="list" aria-label="Searches">
          {searches.data?.data.map((s) => (
            <li key={s.requestId}>
              {s.requestId} · <span className="status">{s.status}</span> · <code>{JSON.stringify(s.request)}</code> · {s.environment} ·{' '}
              {when(s.createdAt)}{' '}
              {keyReady && s.accountId === accountId && s.environment === 'test' && (
                <button type="button" className="secondary" onClick={() => setOpenId(s.requestId)}>
                  Open search {s.requestId}
                </button>
              )}
            </li>
          ))}
        </ul>
      </Section>
      <AddRegistration />
    </>
  );
}
