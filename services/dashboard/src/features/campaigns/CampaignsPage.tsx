/** Campaigns: compose a message to the holders of the business's passes, send it now or at a time, follow it. */
import { useEffect } from 'react';
import { useResource } from '../../hooks/use-resource';
import { useApi } from '../../session/SessionProvider';
import { PageHeader } from '../../ui/PageHeader';
import { ResourceView } from '../../ui/ResourceView';
import { CampaignRow } from './CampaignRow';
import { ComposeCampaignForm } from './ComposeCampaignForm';

/** How often the list is read again while a campaign sends, so its stats fill in. */
const PROGRESS_MS = 1_000;

export function CampaignsPage() {
  const api = useApi();
  const campaigns = useResource(() => api.campaigns.list(), 'campaigns');
  const sending = campaigns.resource.status === 'ready' && campaigns.resource.data.data.some((campaign) => campaign.status === 'sending');
  useEffect(() => {
    if (!sending) return undefined;
    const timer = setInterval(campaigns.reload, PROGRESS_MS);
    return () => clearInterval(timer);
  }, [sending, campaigns.reload]);
  return (
    <>
      <PageHeader title="Campaigns" />
      <p>A message on every holder&rsquo;s pass, with a notification on their lock screen where the wallet allows it.</p>
      <ComposeCampaignForm onCreated={() => campaigns.reload()} />
      <section aria-labelledby="campaigns-heading">
        <h2 id="campaigns-heading">Your campaigns</h2>
        <ResourceView handle={campaigns}>
          {({ data }) =>
            data.length === 0 ? (
              <p className="empty">No campaigns yet.</p>
            ) : (
              <ul className="list" aria-label="Campaigns">
                {data.map((campaign) => (
                  <CampaignRow key={campaign.id} campaign={campaign} onChanged={() => campaigns.reload()} />
                ))}
              </ul>
            )
          }
        </ResourceView>
      </section>
    </>
  );
}
