/** What the Pro plan unlocks (docs/api.md, Plans), in words for a business owner. */
import { MAX_BULK_ITEMS } from '@passes/contracts';
import { PLAN_LIMITS } from '@passes/domain';

export const PRO_PRICE = '19 GBP a month';

export const PRO_UNLOCKS: readonly string[] = [
  'Unlimited templates and issued passes',
  'API access for your own systems (API keys)',
  `Bulk issue from a CSV file, up to ${MAX_BULK_ITEMS} passes at a time`,
  `Up to ${PLAN_LIMITS.pro.webhooks} webhooks`,
  'Any number of reward milestones',
  'Any number of campaigns',
  'Automations and analytics export',
];

/** Each feature's name, and whether it reads as many things (`Automations come`) or one (`API access comes`). */
const FEATURE_NAMES: Readonly<Record<string, { name: string; many: boolean }>> = {
  api_access: { name: 'API access', many: false },
  bulk_operations: { name: 'Bulk issue', many: false },
  automations: { name: 'Automations', many: true },
  analytics_export: { name: 'Analytics export', many: false },
  online_payments: { name: 'Online payments', many: true },
  templates: { name: 'More templates', many: true },
  passes: { name: 'More passes', many: true },
  webhooks: { name: 'More webhooks', many: true },
  reward_milestones: { name: 'More reward milestones', many: true },
  campaigns: { name: 'More campaigns', many: true },
};

/** `Automations come with Pro`, `Analytics export comes with Pro`. */
export function comesWithPro(feature: string): string {
  const known = FEATURE_NAMES[feature];
  if (!known) return `${feature.replaceAll('_', ' ')} comes with Pro`;
  return `${known.name} ${known.many ? 'come' : 'comes'} with Pro`;
}
