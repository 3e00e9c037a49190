/**
 * The names of every kind of background work the service records, for the operator's tool to tell a kind it
 * does not know (a typo) from one with no items.
 */
import {
  ANALYTICS_EXPORT,
  ANALYTICS_EXPORT_SWEEP,
  AUTOMATION_EMAIL,
  AUTOMATION_RUN,
  AUTOMATION_RUN_PAGE,
  AUTOMATION_SWEEP,
  CAMPAIGN_SEND,
  PAYMENT_RECONCILIATION,
  SUBSCRIPTION_GRACE_END,
} from '@passes/application';
import { SETTLED_WORK_SWEEP } from '@passes/background-work';
import { WALLET_NOTIFICATION } from '@passes/wallets';
import { WEBHOOK_DELIVERY } from '@passes/webhooks';

export const WORK_KIND_NAMES: readonly string[] = [
  WEBHOOK_DELIVERY,
  WALLET_NOTIFICATION,
  CAMPAIGN_SEND,
  AUTOMATION_RUN,
  AUTOMATION_RUN_PAGE,
  AUTOMATION_SWEEP,
  AUTOMATION_EMAIL,
  ANALYTICS_EXPORT,
  ANALYTICS_EXPORT_SWEEP,
  PAYMENT_RECONCILIATION,
  SUBSCRIPTION_GRACE_END,
  SETTLED_WORK_SWEEP,
].map((kind) => kind.name);
