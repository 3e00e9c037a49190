/** One webhook: what it receives, and its delivery log with the status and last error of each delivery. */
import { useState } from 'react';
import type { DeliveryResponse } from '@passes/contracts';
import { useResource } from '../../hooks/use-resource';
import { useSubmission } from '../../hooks/use-submission';
import { useApi } from '../../session/SessionProvider';
import { DateTime } from '../../ui/DateTime';
import { PageHeader } from '../../ui/PageHeader';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { ResourceView } from '../../ui/ResourceView';
import { StatusBadge } from '../../ui/StatusBadge';
import { DeliveryLog } from './DeliveryLog';

export function WebhookPage({ id }: { id: string }) {
  const api = useApi();
  const webhook = useResource(() => api.webhooks.get(id), id);
  const deliveries = useResource(() => api.webhooks.deliveries(id), id);
  const retry = useSubmission();
  const [retrying, setRetrying] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const retryDelivery = async (delivery: DeliveryResponse) => {
    setRetrying(delivery.id);
    setNotice(null);
    const rescheduled = await retry.run(`retry ${delivery.id} ${delivery.attempts}`, (key) => api.webhooks.retry(id, delivery.id, key));
    setRetrying(null);
    if (rescheduled) {
      setNotice(`The ${rescheduled.event} delivery is due now.`);
      deliveries.reload();
    }
  };

  return (
    <ResourceView handle={webhook}>
      {(current) => (
        <>
          <PageHeader title="Webhook" />
          <dl className="facts card">
            <dt>Address</dt>
            <dd className="code">{current.url}</dd>
            <dt>Status</dt>
            <dd>
              <StatusBadge status={current.status} />
              {current.disabled_reason && <span className="muted"> ({current.disabled_reason.replaceAll('_', ' ')})</span>}
            </dd>
            <dt>Events</dt>
            <dd>{current.events.join(', ')}</dd>
            <dt>Created</dt>
            <dd>
              <DateTime iso={current.created_at} />
            </dd>
          </dl>
          <section aria-labelledby="deliveries-heading">
            <div className="section-header">
              <h2 id="deliveries-heading">Deliveries</h2>
              <button type="button" className="button" onClick={deliveries.reload}>
                Refresh
              </button>
            </div>
            {notice && (
              <p className="notice success" role="status">
                {notice}
              </p>
            )}
            <ProblemNotice problem={retry.problem} />
            <ResourceView handle={deliveries}>{({ data }) => <DeliveryLog deliveries={data} retrying={retrying} onRetry={(delivery) => void retryDelivery(delivery)} />}</ResourceView>
          </section>
        </>
      )}
    </ResourceView>
  );
}
