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

const FEATURE_NAMES: Readonly<Record<string, string>> = {
  api_access: 'API access',
  bulk_operations: 'Bulk issue',
  automations: 'Automations',
  analytics_export: 'Analytics export',
  online_payments: 'Online payments',
  templates: 'More templates',
  passes: 'More passes',
  webhooks: 'More webhooks',
  reward_milestones: 'More reward milestones',
  campaigns: 'More campaigns',
};

export function featureName(feature: string): string {
  return FEATURE_NAMES[feature] ?? feature.replaceAll('_', ' ');
}
