/**
 * One campaign: its status and, once it has recipients, its stats (following its progress while it sends);
 * while it may still be sent, the audience's size now and how many of it Google would show the message to
 * silently, send now and cancel; once it sends, its recipients, below the row at its full width.
 */
import { useState } from 'react';
import type { CampaignPreviewResponse, CampaignResponse } from '@passes/contracts';
import { useSubmission } from '../../hooks/use-submission';
import { useApi } from '../../session/SessionProvider';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { DateTime } from '../../ui/DateTime';
import { formatQuantity } from '../../ui/format';
import { ProblemNotice } from '../../ui/ProblemNotice';
import { StatusBadge } from '../../ui/StatusBadge';
import { RecipientsTable } from './RecipientsTable';

const canMove = (status: CampaignResponse['status']) => status === 'draft' || status === 'scheduled';
/** Only these have recipients: a campaign is cancelled, if at all, before it sends. */
const hasStarted = (status: CampaignResponse['status']) => status === 'sending' || status === 'sent';

export function CampaignRow({ campaign, onChanged }: { campaign: CampaignResponse; onChanged: () => void }) {
  const api = useApi();
  const action = useSubmission();
  const [audience, setAudience] = useState<CampaignPreviewResponse | null>(null);
  const [showRecipients, setShowRecipients] = useState(false);
  const { stats } = campaign;
  const act = async (name: 'send' | 'cancel') => {
    const done = await action.run(`${name} ${campaign.id}`, (key) => api.campaigns[name](campaign.id, key));
    if (done) onChanged();
  };
  const preview = async (): Promise<boolean> => {
    const size = await action.run(`preview ${campaign.id} ${Date.now()}`, (key) => api.campaigns.preview(campaign.id, key));
    if (size) setAudience(size);
    return size !== undefined;
  };
  // Lock-screen notifications cannot be taken back: the question names what goes and to how many, as of now.
  const sendQuestion = `Send '${campaign.name}'${audience ? ` to ${formatQuantity(audience.recipients, 'pass', 'passes')}` : ''} now?`;
  return (
    <li className="list-row campaign" aria-label={campaign.name}>
      <div className="grow">
        <p>
          <strong>{campaign.name}</strong> <StatusBadge status={campaign.status} />
        </p>
        <p className="muted">
          {campaign.message.header}
          {campaign.send_at && campaign.status === 'scheduled' && (
            <>
              {' · goes at '}
              <DateTime iso={campaign.send_at} />
            </>
          )}
        </p>
        {hasStarted(campaign.status) && (
          <p className="stats" aria-label="Stats">
            {formatQuantity(stats.recipients, 'recipient', 'recipients')} · {stats.delivered} delivered · {stats.not_installed} not installed · {stats.quota_limited} quota limited · {stats.failed} failed
          </p>
        )}
        {audience && canMove(campaign.status) && (
          <p className="audience" role="status">
            {formatQuantity(audience.recipients, 'pass', 'passes')} would get it now
            {audience.quota_limited > 0 ? `, ${audience.quota_limited} without a notification (Google's daily limit)` : ''}.
          </p>
        )}
        <ProblemNotice problem={action.problem} />
      </div>
      <div className="row-actions">
        {canMove(campaign.status) && (
          <>
            <button type="button" className="button" onClick={() => void preview()}>
              Audience size
            </button>
            <ConfirmButton
              label="Send now"
              tone="primary"
              confirmLabel="Send to them now"
              question={sendQuestion}
              beforeAsking={preview}
              pending={action.pending}
              onConfirm={() => void act('send')}
            />
            <button type="button" className="button danger" onClick={() => void act('cancel')}>
              Cancel
            </button>
          </>
        )}
        {hasStarted(campaign.status) && (
          <button type="button" className="button" aria-expanded={showRecipients} onClick={() => setShowRecipients(!showRecipients)}>
            Recipients
          </button>
        )}
      </div>
      {showRecipients && (
        <div className="campaign-recipients">
          <RecipientsTable campaignId={campaign.id} />
        </div>
      )}
    </li>
  );
}
