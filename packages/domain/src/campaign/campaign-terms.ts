/** The bounds of a campaign's terms (PROGRAMME §2), checked on create and on every PATCH. */
import { PASS_STATUSES } from '../pass/pass-events';
import { invalidField } from '../shared/invalid-field';
import { requireInteger } from '../shared/require-integer';
import { requireName } from '../shared/require-name';
import type { Audience, AudienceData, CampaignDraft, CampaignMessage, CampaignTermsData, CampaignUpdate } from './campaign';
import { characterCount } from '../shared/character-count';

export const MAX_HEADER_LENGTH = 60;
export const MAX_BODY_LENGTH = 500;
/** How far ahead a campaign may be scheduled. */
export const MAX_SCHEDULE_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_AUDIENCE_STATUSES = ['active', 'checked_in'] as const;

export function campaignTerms(draft: CampaignDraft, now: Date): CampaignTermsData {
  return { name: requireName(draft.name), message: requireMessage(draft.message), audience: audienceData(draft.audience), send_at: requireSendAt(draft.sendAt, now) };
}

/** The update's fields as they would be recorded; absent fields stay absent. */
export function campaignUpdateTerms(update: CampaignUpdate, now: Date): Partial<CampaignTermsData> {
  const terms: Partial<CampaignTermsData> = {};
  if (update.name !== undefined) terms.name = requireName(update.name);
  if (update.message !== undefined) terms.message = requireMessage(update.message);
  if (update.audience !== undefined) terms.audience = audienceData(update.audience);
  if (update.sendAt !== undefined) terms.send_at = requireSendAt(update.sendAt, now);
  return terms;
}

export function audienceOf(data: AudienceData): Audience {
  return { templateId: data.template_id, statuses: data.statuses, minStamps: data.min_stamps, minPoints: data.min_points, installedOnly: data.installed_only };
}

export function audienceData(audience: Audience): AudienceData {
  for (const status of audience.statuses) if (!PASS_STATUSES.includes(status)) throw invalidField('audience.statuses', `must hold only ${PASS_STATUSES.join(', ')}`);
  if (audience.statuses.length === 0) throw invalidField('audience.statuses', 'must name at least one status');
  if (audience.minStamps !== null) requireInteger('audience.min_stamps', audience.minStamps, { min: 0 });
  if (audience.minPoints !== null) requireInteger('audience.min_points', audience.minPoints, { min: 0 });
  return {
    template_id: audience.templateId,
    statuses: PASS_STATUSES.filter((status) => audience.statuses.includes(status)),
    min_stamps: audience.minStamps,
    min_points: audience.minPoints,
    installed_only: audience.installedOnly,
  };
}

function requireMessage({ header, body }: CampaignMessage): CampaignMessage {
  const trimmedHeader = header.trim();
  const trimmedBody = body.trim();
  if (trimmedHeader.length === 0 || characterCount(trimmedHeader) > MAX_HEADER_LENGTH) throw invalidField('message.header', `must be 1 to ${MAX_HEADER_LENGTH} characters`);
  if (trimmedBody.length === 0 || characterCount(trimmedBody) > MAX_BODY_LENGTH) throw invalidField('message.body', `must be 1 to ${MAX_BODY_LENGTH} characters`);
  return { header: trimmedHeader, body: trimmedBody };
}

function requireSendAt(sendAt: Date | null, now: Date): string | null {
  if (sendAt === null) return null;
  if (sendAt.getTime() <= now.getTime()) throw invalidField('send_at', 'must be in the future');
  if (sendAt.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * DAY_MS) throw invalidField('send_at', `must be at most ${MAX_SCHEDULE_DAYS} days ahead`);
  return sendAt.toISOString();
}
