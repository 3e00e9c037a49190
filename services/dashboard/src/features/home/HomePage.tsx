/** Home: the business's plan, its usage against the plan's limits, what Pro unlocks, and where to start. */
import { useMay } from '../../session/RoleProvider';
import { useApi } from '../../session/SessionProvider';
import { useResource } from '../../hooks/use-resource';
import { Link } from '../../router/Link';
import { PageHeader } from '../../ui/PageHeader';
import { PRO_PRICE, PRO_UNLOCKS } from '../../ui/pro-features';
import { ResourceView } from '../../ui/ResourceView';
import { UpgradeHow } from '../../ui/UpgradeHow';
import { UsageMeter } from './UsageMeter';

export function HomePage() {
  const api = useApi();
  const business = useResource(() => api.business.me(), 'me');
  const manages = useMay('manager');
  return (
    <ResourceView handle={business}>
      {(me) => (
        <>
          <PageHeader title={me.name} />
          <section className="card" aria-labelledby="plan-heading">
            <h2 id="plan-heading">
              Plan: <span className="plan-name">{me.plan === 'pro' ? 'Pro' : 'Free'}</span>
            </h2>
            <UsageMeter label="Templates" used={me.usage.templates} limit={me.limits.templates} />
            <UsageMeter label="Issued passes" used={me.usage.passes} limit={me.limits.passes} />
            <UsageMeter label="Webhooks" used={me.usage.webhooks} limit={me.limits.webhooks} />
            <UsageMeter label="Active reward milestones" used={me.usage.reward_milestones} limit={me.limits.reward_milestones} />
            <UsageMeter label="Campaigns" used={me.usage.campaigns} limit={me.limits.campaigns} />
          </section>
          {me.plan === 'free' && (
            <section className="card pro" aria-labelledby="pro-heading">
              <h2 id="pro-heading">What Pro unlocks</h2>
              <p>Pro is {PRO_PRICE}.</p>
              <ul>
                {PRO_UNLOCKS.map((unlock) => (
                  <li key={unlock}>{unlock}</li>
                ))}
              </ul>
              <UpgradeHow />
            </section>
          )}
          <section className="card" aria-labelledby="start-heading">
            <h2 id="start-heading">Get going</h2>
            <ul className="quick-links">
              {manages && (
                <>
                  <li>
                    <Link to="/templates/new">Design a pass template</Link>
                  </li>
                  <li>
                    <Link to="/passes/new">Issue a pass</Link>
                  </li>
                </>
              )}
              <li>
                <Link to="/scan">Scan a pass at the counter</Link>
              </li>
              <li>
                <Link to="/passes">Find a customer&rsquo;s pass</Link>
              </li>
            </ul>
          </section>
        </>
      )}
    </ResourceView>
  );
}
