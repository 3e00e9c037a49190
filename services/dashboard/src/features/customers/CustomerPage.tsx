/** One customer: name, email, what their passes add up to, when they were last seen, and each pass. */
import { useResource } from '../../hooks/use-resource';
import { useApi } from '../../session/SessionProvider';
import { DateTime } from '../../ui/DateTime';
import { formatCount } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { ResourceView } from '../../ui/ResourceView';
import { PassList } from '../passes/PassList';

export function CustomerPage({ email }: { email: string }) {
  const api = useApi();
  const customer = useResource(() => api.customers.get(email), `customer ${email}`);
  return (
    <ResourceView handle={customer} back={{ to: '/customers', label: 'Back to customers' }}>
      {(found) => (
        <>
          <PageHeader title={found.name ?? found.email} />
          <dl className="facts">
            <dt>Email</dt>
            <dd>{found.email}</dd>
            <dt>Passes</dt>
            <dd>
              {formatCount(found.totals.passes)} ({formatCount(found.totals.active_passes)} in use)
            </dd>
            <dt>Stamps</dt>
            <dd>{formatCount(found.totals.stamps)}</dd>
            <dt>Points</dt>
            <dd>{formatCount(found.totals.points)}</dd>
            <dt>Last seen</dt>
            <dd>
              <DateTime iso={found.last_activity_at} />
            </dd>
          </dl>
          <section aria-labelledby="customer-passes-heading">
            <h2 id="customer-passes-heading">Their passes</h2>
            <PassList passes={found.passes} />
          </section>
        </>
      )}
    </ResourceView>
  );
}
