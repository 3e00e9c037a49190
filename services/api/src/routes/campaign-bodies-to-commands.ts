/** Translates validated campaign bodies (snake_case) into the domain's draft and update. */
import type { CreateCampaignBody, UpdateCampaignBody } from '@passes/contracts';
import { DEFAULT_AUDIENCE_STATUSES, type Audience, type CampaignDraft, type CampaignUpdate } from '@passes/domain';

export function campaignDraft(body: CreateCampaignBody): CampaignDraft {
  return { name: body.name, message: body.message, audience: audienceOf(body.audience), sendAt: sendAtOf(body.send_at) ?? null };
}

/** Absent fields stay absent (unchanged); a null send_at makes a scheduled campaign a draft again. */
export function campaignUpdate(body: UpdateCampaignBody): CampaignUpdate {
  return { name: body.name, message: body.message, audience: body.audience && audienceOf(body.audience), sendAt: sendAtOf(body.send_at) };
}

function audienceOf(audience: CreateCampaignBody['audience']): Audience {
  return {
    templateId: audience?.template_id ?? null,
    statuses: audience?.statuses ?? [...DEFAULT_AUDIENCE_STATUSES],
    minStamps: audience?.min_stamps ?? null,
    minPoints: audience?.min_points ?? null,
    installedOnly: audience?.installed_only ?? false,
  };
}

function sendAtOf(sendAt: string | null | undefined): Date | null | undefined {
  return sendAt === null || sendAt === undefined ? sendAt : new Date(sendAt);
}
