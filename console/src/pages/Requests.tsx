// Requests: the selected account's request log (D-51) through the operator API, newest first,
// filtered by status and path and searched by Request-Id; one request's detail with its redacted
// bodies, copied as curl or as a call of the generated SDK.
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getAccountRequest, listAccountRequests, type RequestLogItem } from '../../../generated/admin-client/index.js';
import { operator } from '../api.js';
import { OPERATIONS } from '../contract.js';
import { must } from '../errors.js';
import { count, when } from '../format.js';
import { curlOf, sdkCallOf } from '../request-copy.js';
import { CopyButton, DetailPanel, Empty, ErrorText, Field, Headings, Section, useOpened } from '../ui.js';
import type { Selected } from '../selected.js';

const STATUSES = ['', '2xx', '4xx', '5xx', '400', '401', '403', '404', '409', '413', '415', '422', '429'] as const;
const PER_PAGE = 25;

interface Filters {
  status: string;
  path: string;
  requestId: string;
}

function Body({ title, body, truncated }: { title: string; body: unknown; truncated: boolean }) {
  return (
    <>
      <h3>{title}</h3>
      {body === null || body === undefined ? (
        <p>None.</p>
      ) : (
        <pre data-testid={title === 'Request body' ? 'request-body' : 'response-body'}>
          {typeof body === 'string' ? body : JSON.stringify(body, null, 2)}
        </pre>
      )}
      {truncated && <p>Cut at 64 KiB.</p>}
    </>
  );
}

function RequestDetail({ accountId, requestId, reveal }: { accountId: string; requestId: string; reveal: number }) {
  const entry = useQuery({
    queryKey: ['request', accountId, requestId],
    queryFn: () => must(getAccountRequest({ client: operator, path: { accountId, requestId } })),
  });
  const e = entry.data;
  return (
    <DetailPanel title={`Request ${requestId}`} testId="request-detail" reveal={reveal}>
      <ErrorText error={entry.error} />
      {e && (
        <>
          <p>
            <strong>
              {e.method} {e.path}
              {e.query ? `?${e.query}` : ''}
            </strong>{' '}
            · answered <strong data-testid="request-status">{e.status}</strong> in {e.durationMs} ms · {e.environment} · {when(e.createdAt)}
            {e.operationId ? ` · ${e.operationId}` : ''}
            {e.idempotencyKey ? ` · Idempotency-Key ${e.idempotencyKey}` : ''}
            {e.replayed ? ' · replayed' : ''}
          </p>
          {e.bodiesKept ? (
            <>
              <p>Signing secrets, keys and tokens in the bodies read [redacted]; the key itself is never logged.</p>
              <div className="row">
                <CopyButton value={curlOf(e, window.location.origin)} label="" text="Copy as curl" />
                <CopyButton value={sdkCallOf(e, window.location.origin, OPERATIONS)} label="" text="Copy as SDK call" />
              </div>
              <h3>Request headers</h3>
              <pre>
                {Object.entries(e.requestHeaders)
                  .map(([name, value]) => `${name}: ${value}`)
                  .join('\n') || 'None kept.'}
              </pre>
              <Body title="Request body" body={e.requestBody} truncated={e.requestBodyTruncated} />
              <Body title="Response body" body={e.responseBody} truncated={e.responseBodyTruncated} />
            </>
          ) : (
            <p>A live request: only its method, path, status, time and request id are kept (D-51).</p>
          )}
        </>
      )}
    </DetailPanel>
  );
}

function Row({ item, onOpen }: { item: RequestLogItem; onOpen: () => void }) {
  return (
    <tr data-testid="request-row">
      <td>{when(item.createdAt)}</td>
      <td>
        {item.method} {item.path}
        {item.query ? `?${item.query}` : ''}
      </td>
      <td className={item.status >= 400 ? 'failed' : undefined}>{item.status}</td>
      <td>
        <button type="button" className="secondary link" onClick={onOpen}>
          {item.requestId}
        </button>
      </td>
      <td>{item.idempotencyKey ?? '-'}</td>
      <td>{item.replayed ? 'yes' : 'no'}</td>
    </tr>
  );
}

export function RequestsPage({ accountId, requestId: wanted }: Selected & { requestId: string }) {
  const [draft, setDraft] = useState<Filters>({ status: '', path: '', requestId: wanted });
  const [filters, setFilters] = useState<Filters>(draft);
  const [page, setPage] = useState(1);
  const { open, reveal, show } = useOpened<string>(wanted || undefined);
  // Arriving from an error's "Find it on the Requests page" link: search for that request and open it.
  useEffect(() => {
    if (!wanted) return;
    const next = { status: '', path: '', requestId: wanted };
    setDraft(next);
    setFilters(next);
    setPage(1);
    show(wanted);
  }, [wanted]);
  const list = useQuery({
    queryKey: ['requests', accountId, filters, page],
    queryFn: () =>
      must(
        listAccountRequests({
          client: operator,
          path: { accountId },
          query: {
            page,
            perPage: PER_PAGE,
            ...(filters.status ? { status: filters.status } : {}),
            ...(filters.path ? { path: filters.path } : {}),
            ...(filters.requestId ? { requestId: filters.requestId } : {}),
          },
        }),
      ),
    enabled: accountId !== '',
    refetchInterval: 3000,
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    setFilters({ status: draft.status, path: draft.path.trim(), requestId: draft.requestId.trim() });
    setPage(1);
  }
  if (!accountId) return <p className="notice">Select an account at the top first.</p>;
  const meta = list.data?.meta;
  // The open detail comes first, as on every page: nothing above it can move it out of view.
  return (
    <>
      {open && <RequestDetail key={open} accountId={accountId} requestId={open} reveal={reveal} />}
      <Section title="Find requests">
        <p>
          Every request the account's code sent to the public API, newest first: what was sent, what came back, and the Request-Id its
          answer carried.
        </p>
        <form onSubmit={submit} className="row">
          <Field label="Status">
            <select value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value })}>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s || 'any'}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Path contains">
            <input value={draft.path} onChange={(e) => setDraft({ ...draft, path: e.target.value })} placeholder="/asic-484-forms" />
          </Field>
          <Field label="Request-Id">
            <input
              className="wide"
              value={draft.requestId}
              onChange={(e) => setDraft({ ...draft, requestId: e.target.value })}
              placeholder="req_…"
            />
          </Field>
          <button type="submit">Find</button>
        </form>
      </Section>
      <Section title="Requests">
        <ErrorText error={list.error} />
        <Empty when={list.isSuccess && list.data.data.length === 0}>No request matches.</Empty>
        {meta && meta.total > 0 && (
          <>
            <p data-testid="requests-found">
              {count(meta.total, 'request')} · page {meta.currentPage} of {meta.lastPage}
            </p>
            <div className="scroll" tabIndex={0} role="region" aria-label="Requests found">
              <table className="wide-table">
                <Headings names={['Time', 'Request', 'Status', 'Request-Id', 'Idempotency-Key', 'Replayed']} />
                <tbody>
                  {list.data?.data.map((item) => (
                    <Row key={`${item.requestId}-${item.createdAt}`} item={item} onOpen={() => show(item.requestId)} />
                  ))}
                </tbody>
              </table>
            </div>
            <div className="row">
              <button type="button" className="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Newer
              </button>
              <button type="button" className="secondary" disabled={page >= meta.lastPage} onClick={() => setPage(page + 1)}>
                Older
              </button>
            </div>
          </>
        )}
      </Section>
    </>
  );
}
