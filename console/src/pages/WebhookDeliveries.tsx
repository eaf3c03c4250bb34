// One endpoint's deliveries with every attempt, the payload, and resend.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resendWebhookDelivery } from '../../../generated/client/index.js';
import { listWebhookDeliveriesOptions } from '../../../generated/client/@tanstack/react-query.gen.js';
import { accountRead, publicClient } from '../api.js';
import { must } from '../errors.js';
import { count, when } from '../format.js';
import { Empty, ErrorText, Headings } from '../ui.js';

export function Deliveries({ accountId, endpointId }: { accountId: string; endpointId: string }) {
  const queries = useQueryClient();
  const deliveriesRead = accountRead(accountId, (client) =>
    listWebhookDeliveriesOptions({ client, path: { id: endpointId }, query: { perPage: 100 } }),
  );
  const deliveries = useQuery({ ...deliveriesRead, refetchInterval: 2000 });
  const resend = useMutation({
    mutationFn: (deliveryId: string) =>
      must(resendWebhookDelivery({ client: publicClient(accountId), path: { id: endpointId, deliveryId } })),
    onSuccess: () => void queries.invalidateQueries({ queryKey: deliveriesRead.queryKey }),
  });
  return (
    <>
      <h3>Deliveries</h3>
      <ErrorText error={deliveries.error ?? resend.error} />
      {resend.data && (
        <p role="status">
          Resent {resend.data.deliveryId}:{' '}
          {resend.data.status === 'pending'
            ? `attempt ${resend.data.attemptCount + 1} is queued.`
            : `the delivery is ${resend.data.status}.`}
        </p>
      )}
      <Empty when={deliveries.data?.data.length === 0}>No delivery yet.</Empty>
      <ul className="list" aria-label="Deliveries">
        {deliveries.data?.data.map((d) => (
          <li key={d.deliveryId} data-testid="delivery">
            <strong>{d.event}</strong> · <span className="status">{d.status}</span> · {count(d.attemptCount, 'attempt')} · created{' '}
            {when(d.createdAt)}
            {d.nextAttemptAt ? ` · next attempt ${when(d.nextAttemptAt)}` : ''} · <code>{d.deliveryId}</code>
            <div className="scroll" tabIndex={0} role="region" aria-label={`Attempts of ${d.deliveryId}`}>
              <table>
                <caption className="hide-narrow">Attempts of {d.deliveryId}</caption>
                <Headings names={['#', 'At', 'Response', 'Time']} />
                <tbody>
                  {d.attempts.map((a) => (
                    <tr key={a.attemptNumber}>
                      <td>{a.attemptNumber}</td>
                      <td>{when(a.attemptedAt)}</td>
                      <td>{a.statusCode ?? a.errorClass ?? '-'}</td>
                      <td>{a.durationMs} ms</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <details>
              <summary>Payload of {d.deliveryId}</summary>
              <pre>{JSON.stringify(d.payload, null, 2)}</pre>
            </details>
            <button type="button" className="secondary" onClick={() => resend.mutate(d.deliveryId)} disabled={resend.isPending}>
              Resend {d.deliveryId}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
