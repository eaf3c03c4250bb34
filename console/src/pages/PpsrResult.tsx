// One PPSR search read in full: its summary, the vehicle data, the registrations and the certificates
// as tables, with each finished certificate's PDF downloaded through the SDK.
import { useMutation, useQuery } from '@tanstack/react-query';
import { getPpsrCertificate, type PpsrSearchResult } from '../../../generated/client/index.js';
import { getPpsrSearchOptions } from '../../../generated/client/@tanstack/react-query.gen.js';
import { accountRead, publicClient } from '../api.js';
import { ApiError, problemOf } from '../errors.js';
import { count, when } from '../format.js';
import { DetailPanel, ErrorText, Headings } from '../ui.js';

async function download(accountId: string, requestId: number, certificateNumber: string): Promise<void> {
  const { data, error, response } = await getPpsrCertificate({
    client: publicClient(accountId),
    path: { requestId, certificateNumber },
    parseAs: 'blob',
  });
  if (error !== undefined || response.status !== 200 || !(data instanceof Blob))
    throw new ApiError(
      problemOf(error)?.message ?? 'The certificate is not ready yet.',
      [],
      response.headers.get('x-request-id') ?? undefined,
      response.status,
      undefined,
      [],
      // A public API request: the account's request log has it.
      true,
    );
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = `ppsr-certificate-${certificateNumber}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function yesNo(value: boolean | null): string {
  return value === null ? 'not known' : value ? 'yes' : 'no';
}

function Vehicles({ result }: { result: PpsrSearchResult }) {
  const nevdis = result.nevdisData;
  if (!nevdis) return null;
  return (
    <>
      <h3>Vehicle data (NEVDIS: {nevdis.verificationStatus})</h3>
      {nevdis.vehicles.length > 0 && (
        <div className="scroll" tabIndex={0} role="region" aria-label="Vehicles">
          <table className="wide-table">
            <Headings names={['VIN', 'Vehicle', 'Plate', 'Registration expiry', 'Stolen', 'Written off', 'Safety recalls']} />
            <tbody>
              {nevdis.vehicles.map((v) => (
                <tr key={v.vin}>
                  <td>{v.vin}</td>
                  <td>
                    {v.year} {v.make} {v.model}, {v.colour} {v.bodyType}
                  </td>
                  <td>{v.registrationPlate}</td>
                  <td>{v.registrationExpiry}</td>
                  <td>{yesNo(v.stolen)}</td>
                  <td>{yesNo(v.writtenOff)}</td>
                  <td>{v.safetyRecalls === null ? 'not known' : v.safetyRecalls.join(', ') || 'none'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function Registrations({ result }: { result: PpsrSearchResult }) {
  return (
    <>
      <h3>Registrations ({result.registrations.length})</h3>
      <div className="scroll" tabIndex={0} role="region" aria-label="Registrations">
        <table className="wide-table" data-testid="registrations">
          <Headings names={['Registration', 'Collateral', 'Serial number', 'Grantor', 'Secured party', 'From', 'To']} />
          <tbody>
            {result.registrations.map((r) => (
              <tr key={r.registrationNumber}>
                <td>{r.registrationNumber}</td>
                <td>
                  {r.collateralClass}
                  {r.isPmsi ? ' (PMSI)' : ''}
                </td>
                <td>{r.serialNumber}</td>
                <td>{r.grantorName}</td>
                <td>{r.securedPartyName}</td>
                <td>{when(r.registrationStart)}</td>
                <td>{when(r.registrationEnd)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function SearchDetail({ accountId, requestId, reveal }: { accountId: string; requestId: number; reveal: number }) {
  const search = useQuery({
    ...accountRead(accountId, (client) => getPpsrSearchOptions({ client, path: { requestId } })),
    refetchInterval: 2000,
  });
  const get = useMutation({ mutationFn: (certificateNumber: string) => download(accountId, requestId, certificateNumber) });
  const s = search.data;
  return (
    <DetailPanel title={`PPSR search ${requestId}`} testId="ppsr-detail" reveal={reveal}>
      <ErrorText error={search.error ?? get.error} />
      {s && (
        <p>
          Status <strong data-testid="ppsr-status">{s.status}</strong>
          {s.status === 'failed' ? ` · ${s.failureReason}` : ''}
        </p>
      )}
      {s?.status === 'completed' && (
        <>
          <p>
            {s.data.search.type} of {s.data.search.number} ·{' '}
            {s.data.search.resultSummary ?? count(s.data.search.resultCount, 'registration')} · search number{' '}
            {s.data.search.ppsrSearchNumber} · searched {when(s.data.search.searchedAt)}
          </p>
          <Vehicles result={s.data} />
          <Registrations result={s.data} />
          <h3>Certificates</h3>
          {s.data.certificates === undefined ? (
            <p>A registration number search has no certificate.</p>
          ) : (
            <div className="scroll" tabIndex={0} role="region" aria-label="Certificates">
              <table data-testid="certificates">
                <Headings names={['Certificate', 'For', 'Status', 'PDF']} />
                <tbody>
                  {s.data.certificates.map((c) => (
                    <tr key={c.certificateNumber} data-testid="certificate">
                      <td>{c.certificateNumber}</td>
                      <td>{c.kind === 'registration' ? `registration ${c.registrationNumber}` : 'no registrations'}</td>
                      <td>{c.status}</td>
                      <td>
                        {c.status === 'completed' ? (
                          <button type="button" className="secondary" onClick={() => get.mutate(c.certificateNumber)}>
                            Download {c.certificateNumber} (PDF)
                          </button>
                        ) : (
                          'being made'
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </DetailPanel>
  );
}
