/** The passes a campaign messaged and how each message went, a page at a time. */
import type { CampaignRecipientListResponse } from '@passes/contracts';
import { useMorePages } from '../../hooks/use-more-pages';
import { useResource } from '../../hooks/use-resource';
import { Link } from '../../router/Link';
import { useApi } from '../../session/SessionProvider';
import { DateTime } from '../../ui/DateTime';
import { ResourceView } from '../../ui/ResourceView';
import { ShowMoreButton } from '../../ui/ShowMoreButton';
import { StatusBadge } from '../../ui/StatusBadge';
import { passPath } from '../passes/pass-path';

export function RecipientsTable({ campaignId }: { campaignId: string }) {
  const api = useApi();
  const recipients = useResource(() => api.campaigns.recipients(campaignId), `recipients ${campaignId}`);
  return <ResourceView handle={recipients}>{(first) => <RecipientPages campaignId={campaignId} first={first} />}</ResourceView>;
}

function RecipientPages({ campaignId, first }: { campaignId: string; first: CampaignRecipientListResponse }) {
  const api = useApi();
  const pages = useMorePages(first, (cursor) => api.campaigns.recipients(campaignId, cursor));
  if (pages.items.length === 0) return <p className="empty">No recipients yet.</p>;
  return (
    <>
      <div className="table-scroll">
        <table className="table" aria-label="Recipients">
          <thead>
            <tr>
              <th scope="col">Pass</th>
              <th scope="col">Status</th>
              <th scope="col">At</th>
            </tr>
          </thead>
          <tbody>
            {pages.items.map((recipient) => (
              <tr key={recipient.pass_id}>
                <td>
                  <Link to={passPath(recipient.pass_id)} className="code">
                    {recipient.serial_number}
                  </Link>
                </td>
                <td>
                  <StatusBadge status={recipient.status} />
                </td>
                <td>
                  <DateTime iso={recipient.at} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ShowMoreButton pages={pages} />
    </>
  );
}
