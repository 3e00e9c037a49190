/** The passes a campaign messaged, and how each message went. */
import { useResource } from '../../hooks/use-resource';
import { Link } from '../../router/Link';
import { useApi } from '../../session/SessionProvider';
import { ResourceView } from '../../ui/ResourceView';
import { StatusBadge } from '../../ui/StatusBadge';

export function RecipientsTable({ campaignId }: { campaignId: string }) {
  const api = useApi();
  const recipients = useResource(() => api.campaigns.recipients(campaignId), `recipients ${campaignId}`);
  return (
    <ResourceView handle={recipients}>
      {({ data, has_more }) =>
        data.length === 0 ? (
          <p className="empty">No recipients yet.</p>
        ) : (
          <table className="table" aria-label="Recipients">
            <thead>
              <tr>
                <th scope="col">Pass</th>
                <th scope="col">Status</th>
                <th scope="col">At</th>
              </tr>
            </thead>
            <tbody>
              {data.map((recipient) => (
                <tr key={recipient.pass_id}>
                  <td>
                    <Link to={`/passes/${encodeURIComponent(recipient.pass_id)}`} className="code">
                      {recipient.serial_number}
                    </Link>
                  </td>
                  <td>
                    <StatusBadge status={recipient.status} />
                  </td>
                  <td>{new Date(recipient.at).toLocaleString()}</td>
                </tr>
              ))}
              {has_more && (
                <tr>
                  <td colSpan={3} className="muted">
                    The first {data.length} recipients.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        )
      }
    </ResourceView>
  );
}
