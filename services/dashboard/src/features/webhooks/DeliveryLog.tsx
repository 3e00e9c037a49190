/** A webhook's latest deliveries, newest first: event, status, attempts, the last answer or error, retry. */
import type { DeliveryResponse } from '@passes/contracts';
import { DateTime } from '../../ui/DateTime';
import { StatusBadge } from '../../ui/StatusBadge';

interface DeliveryLogProps {
  deliveries: readonly DeliveryResponse[];
  retrying: string | null;
  onRetry: (delivery: DeliveryResponse) => void;
}

export function DeliveryLog({ deliveries, retrying, onRetry }: DeliveryLogProps) {
  if (deliveries.length === 0) return <p className="empty">No recent deliveries. Deliveries appear here as passes change.</p>;
  return (
    <div className="table-scroll">
      <table className="table deliveries">
        <caption className="visually-hidden">Deliveries, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">Last answer</th>
            <th scope="col">Last attempt</th>
            <th scope="col">Next attempt</th>
            <th scope="col">
              <span className="visually-hidden">Retry</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => (
            <tr key={delivery.id} data-delivery-status={delivery.status}>
              <td>
                <code>{delivery.event}</code>
              </td>
              <td>
                <StatusBadge status={delivery.status} />
              </td>
              <td>{delivery.attempts}</td>
              <td>
                {delivery.last_response_code !== null && <span>HTTP {delivery.last_response_code}</span>}
                {delivery.last_error && <span className="error-text"> {delivery.last_error}</span>}
                {delivery.last_response_code === null && !delivery.last_error && <span className="muted">—</span>}
              </td>
              <td>
                <DateTime iso={delivery.last_attempt_at} />
              </td>
              <td>
                <DateTime iso={delivery.next_attempt_at} />
              </td>
              <td>
                <button type="button" className="button" aria-disabled={retrying !== null || undefined} onClick={() => onRetry(delivery)}>
                  {retrying === delivery.id ? 'Retrying…' : delivery.status === 'delivered' ? 'Send again' : 'Retry now'}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
