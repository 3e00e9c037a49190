/** Automations in words for a business owner: the trigger and action types, and a rule's trigger as a sentence. */
import type { AutomationResponse, TemplateResponse } from '@passes/contracts';
import { minorUnitsToNumber, type ActionType, type TriggerType } from '@passes/domain';
import { formatMoney } from '../../ui/format';

export const TRIGGER_CHOICES: readonly { value: TriggerType; label: string }[] = [
  { value: 'pass_issued', label: 'A pass is issued' },
  { value: 'pass_installed', label: 'A pass is added to a wallet' },
  { value: 'stamps_reached', label: 'Stamps reach a number' },
  { value: 'points_reached', label: 'Points reach a number' },
  { value: 'reward_earned', label: 'A reward is earned' },
  { value: 'inactive', label: 'No visit for a number of days' },
  { value: 'birthday', label: "It is the customer's birthday" },
  { value: 'balance_below', label: 'A charge takes the balance below an amount' },
];

export const ACTION_CHOICES: readonly { value: ActionType; label: string }[] = [
  { value: 'add_points', label: 'Add points' },
  { value: 'add_stamps', label: 'Add stamps' },
  { value: 'send_message', label: 'Show a message on the pass' },
  { value: 'send_email', label: 'Send an email' },
];

/**
 * The currency a rule's balance threshold is in: its template's, or, for a rule on every template, the one
 * currency the business's templates share; null when there is none or several.
 */
export function thresholdCurrency(templateId: string | null, templates: readonly TemplateResponse[]): string | null {
  const currencies = new Set(templates.filter((template) => templateId === null || template.id === templateId).flatMap((template) => (template.currency ? [template.currency] : [])));
  return currencies.size === 1 ? [...currencies][0] ?? null : null;
}

export function describeTrigger(trigger: AutomationResponse['trigger'], currency: string | null): string {
  switch (trigger.type) {
    case 'pass_issued':
      return trigger.delay_minutes > 0 ? `${trigger.delay_minutes} minutes after a pass is issued` : 'When a pass is issued';
    case 'pass_installed':
      return trigger.delay_minutes > 0 ? `${trigger.delay_minutes} minutes after a pass is added to a wallet` : 'When a pass is added to a wallet';
    case 'stamps_reached':
      return `When stamps reach ${trigger.value}`;
    case 'points_reached':
      return `When points reach ${trigger.value}`;
    case 'reward_earned':
      return 'When a reward is earned';
    case 'inactive':
      return `After ${trigger.days} quiet days`;
    case 'birthday':
      return 'On the birthday';
    case 'balance_below':
      return `When the balance falls below ${formatMoney(minorUnitsToNumber(trigger.value), currency)}`;
  }
}
