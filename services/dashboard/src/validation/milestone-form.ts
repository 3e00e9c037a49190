/**
 * The milestone form, checked by the schemas of `POST` and `PATCH /businesses/{id}/milestones` (docs/api.md,
 * Reward milestones). Errors are keyed by the API's paths (`threshold`, `reward.title`), so the form's own
 * checks and the API's 422 land beside the same fields.
 */
import { createMilestoneBody, updateMilestoneBody, type CreateMilestoneBody, type MilestoneResponse, type UpdateMilestoneBody } from '@passes/contracts';
import type { MilestoneMetric } from '@passes/domain';
import { checkWith, type Checked } from './field-errors';
import { optionalInteger, optionalText } from './form-values';

export interface MilestoneForm {
  name: string;
  metric: MilestoneMetric;
  threshold: string;
  reward_title: string;
  reward_description: string;
  /** Days a reward stays available once earned; blank for never expiring. */
  expiry_days: string;
}

export const NEW_MILESTONE_FORM: MilestoneForm = { name: '', metric: 'stamps', threshold: '', reward_title: '', reward_description: '', expiry_days: '' };

/** The paths the form shows errors beside; any other path of a refusal is listed above its button. */
export const MILESTONE_FIELDS = ['name', 'metric', 'threshold', 'reward', 'reward_expires_after_days'];

export function checkNewMilestone(form: MilestoneForm, templateId: string): Checked<CreateMilestoneBody> {
  return withNumbers(form, (terms) => checkWith(createMilestoneBody, { template_id: templateId, metric: form.metric, ...terms }));
}

/** Every term the PATCH may change is sent, a blank expiry as null (never expiring). */
export function checkMilestoneChange(form: MilestoneForm): Checked<UpdateMilestoneBody> {
  return withNumbers(form, (terms) => checkWith(updateMilestoneBody, terms));
}

/** The form showing a milestone as the API answered it, for editing. */
export function milestoneFormOf(milestone: MilestoneResponse): MilestoneForm {
  return {
    name: milestone.name,
    metric: milestone.metric,
    threshold: String(milestone.threshold),
    reward_title: milestone.reward.title,
    reward_description: milestone.reward.description ?? '',
    expiry_days: milestone.reward_expires_after_days === null ? '' : String(milestone.reward_expires_after_days),
  };
}

interface Terms {
  name: string;
  threshold: number | undefined;
  reward: { title: string; description: string | null };
  reward_expires_after_days: number | null;
}

/** Reads the typed numbers; a number that does not read is refused beside its field, with the schema's other errors. */
function withNumbers<Body>(form: MilestoneForm, check: (terms: Terms) => Checked<Body>): Checked<Body> {
  const errors: Record<string, string> = {};
  const threshold = optionalInteger(form.threshold);
  if (!threshold.ok) errors['threshold'] = threshold.message;
  else if (threshold.value === null) errors['threshold'] = 'must not be empty';
  const expiry = optionalInteger(form.expiry_days);
  if (!expiry.ok) errors['reward_expires_after_days'] = expiry.message;
  const checked = check({
    name: form.name,
    threshold: threshold.ok ? (threshold.value ?? undefined) : undefined,
    reward: { title: form.reward_title, description: optionalText(form.reward_description) },
    reward_expires_after_days: expiry.ok ? expiry.value : null,
  });
  const all = { ...(checked.ok ? {} : checked.errors), ...errors };
  return Object.keys(all).length > 0 ? { ok: false, errors: all } : checked;
}
