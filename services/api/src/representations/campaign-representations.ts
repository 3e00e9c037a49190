/** How a campaign looks on the wire (PROGRAMME §2). */
import type { AudienceSize, CampaignRecipientView } from '@passes/application';
import type { CampaignPreviewResponse, CampaignRecipientListResponse, CampaignResponse } from '@passes/contracts';
import type { Campaign } from '@passes/domain';

export function campaignRepresentation(campaign: Campaign): CampaignResponse {
  const { audience, stats } = campaign;
  return {
    id: campaign.id,
    name: campaign.name,
    message: campaign.message,
    audience: {
      template_id: audience.templateId,
      statuses: [...audience.statuses],
      min_stamps: audience.minStamps,
      min_points: audience.minPoints,
      installed_only: audience.installedOnly,
    },
    status: campaign.status,
    send_at: campaign.sendAt,
    created_at: campaign.createdAt,
    sent_at: campaign.sentAt,
    stats: { recipients: stats.recipients, delivered: stats.delivered, not_installed: stats.notInstalled, quota_limited: stats.quotaLimited, failed: stats.failed },
  };
}

export function campaignPreviewRepresentation(size: AudienceSize): CampaignPreviewResponse {
  return { recipients: size.recipients, quota_limited: size.quotaLimited };
}

export function campaignRecipientRepresentation(recipient: CampaignRecipientView): CampaignRecipientListResponse['data'][number] {
  return { pass_id: recipient.passId, serial_number: recipient.serialNumber, status: recipient.status, at: recipient.at };
}
