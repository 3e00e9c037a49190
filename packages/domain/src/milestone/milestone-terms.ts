/** The bounds of a milestone's terms (PROGRAMME §1), checked on create and on every PATCH. */
import { invalidField } from '../shared/invalid-field';
import { requireInteger } from '../shared/require-integer';
import { requireName } from '../shared/require-name';
import type { MilestoneDraft, MilestoneTermsData, MilestoneUpdate, RewardTerms } from './milestone';
import { characterCount } from '../shared/character-count';

export const MAX_MILESTONE_THRESHOLD = 100_000;
export const MAX_REWARD_TITLE_LENGTH = 100;
export const MAX_REWARD_DESCRIPTION_LENGTH = 500;
export const MAX_REWARD_EXPIRY_DAYS = 3650;

/** The terms as they are recorded: checked, names and titles without surrounding whitespace. */
export function draftTerms(draft: MilestoneDraft): MilestoneTermsData {
  return {
    name: requireName(draft.name),
    threshold: requireThreshold(draft.threshold),
    reward: requireReward(draft.reward),
    reward_expires_after_days: requireExpiry(draft.rewardExpiresAfterDays),
  };
}

/** The update's fields as they would be recorded; absent fields stay absent. */
export function updateTerms(update: MilestoneUpdate): Partial<MilestoneTermsData> {
  const terms: Partial<MilestoneTermsData> = {};
  if (update.name !== undefined) terms.name = requireName(update.name);
  if (update.threshold !== undefined) terms.threshold = requireThreshold(update.threshold);
  if (update.reward !== undefined) terms.reward = requireReward(update.reward);
  if (update.rewardExpiresAfterDays !== undefined) terms.reward_expires_after_days = requireExpiry(update.rewardExpiresAfterDays);
  return terms;
}

function requireThreshold(threshold: number): number {
  requireInteger('threshold', threshold, { min: 1, max: MAX_MILESTONE_THRESHOLD });
  return threshold;
}

function requireReward({ title, description }: RewardTerms): RewardTerms {
  const trimmed = title.trim();
  if (trimmed.length === 0 || characterCount(trimmed) > MAX_REWARD_TITLE_LENGTH) {
    throw invalidField('reward.title', `must be 1 to ${MAX_REWARD_TITLE_LENGTH} characters`);
  }
  if (description !== null && characterCount(description) > MAX_REWARD_DESCRIPTION_LENGTH) {
    throw invalidField('reward.description', `must be at most ${MAX_REWARD_DESCRIPTION_LENGTH} characters`);
  }
  return { title: trimmed, description };
}

function requireExpiry(days: number | null): number | null {
  if (days !== null) requireInteger('reward_expires_after_days', days, { min: 1, max: MAX_REWARD_EXPIRY_DAYS });
  return days;
}
