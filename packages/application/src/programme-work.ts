/**
 * The programme's background work on a process's work runner: analytics exports and their expiry sweep,
 * payments' reconciliation, subscriptions' grace ends and campaign sending. The process that runs the
 * webhook dispatcher runs them too, in either profile: once across instances, each item under its lease.
 * (Automations follow the event feed as well, so they come as a component of their own: AutomationProcess.)
 */
import type { WorkRunner } from '@passes/background-work';
import { AnalyticsExportHandler, AnalyticsExportSweep, EXPORT_SWEEP_PERIOD_MS } from './analytics/exports/analytics-export-work';
import type { Application } from './application';
import { PaymentReconciliation, RECONCILIATION_PERIOD_MS } from './payments/payment-reconciliation';
import { SubscriptionGraceEnd } from './payments/subscription-grace-end';
import type { Clock } from './shared/clock';

export function registerProgrammeWork(application: Application, runner: WorkRunner, clock: Clock): void {
  runner.register(new AnalyticsExportHandler(application.analyticsExports));
  runner.every(new AnalyticsExportSweep(application.analyticsExports), { periodMs: EXPORT_SWEEP_PERIOD_MS, payload: {} });
  if (application.payments.available) runner.every(new PaymentReconciliation(application.payments, clock), { periodMs: RECONCILIATION_PERIOD_MS, payload: {} });
  runner.register(new SubscriptionGraceEnd(application.subscriptions));
  runner.register(application.campaignSender({ wake: () => runner.wake() }));
}
