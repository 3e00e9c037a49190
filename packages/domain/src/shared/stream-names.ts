/** Stream names of the event store, one category per aggregate (DESIGN §3). */
import type { Mode } from './mode';

export const streamNames = {
  pass: (passId: string) => `pass-${passId}`,
  business: (businessId: string) => `business-${businessId}`,
  user: (userId: string) => `user-${userId}`,
  apiKey: (keyId: string) => `api-key-${keyId}`,
  template: (templateId: string) => `template-${templateId}`,
  webhook: (webhookId: string) => `webhook-${webhookId}`,
  milestone: (milestoneId: string) => `milestone-${milestoneId}`,
  analyticsExport: (exportId: string) => `analytics-export-${exportId}`,
  paymentAccount: (businessId: string) => `payment-account-${businessId}`,
  subscription: (businessId: string) => `subscription-${businessId}`,
  campaign: (campaignId: string) => `campaign-${campaignId}`,
  automation: (automationId: string) => `automation-${automationId}`,
  /**
   * `valueHash` is the sha256 of the external_id, so arbitrary caller text never becomes a stream name.
   * Live and sandbox passes have separate external_id namespaces.
   */
  externalIdReservation: (businessId: string, mode: Mode, valueHash: string) =>
    mode === 'live' ? `pass-external-id-${businessId}-${valueHash}` : `pass-external-id-${businessId}-test-${valueHash}`,
  userEmailReservation: (emailHash: string) => `user-email-${emailHash}`,
};

export type StreamCategory = 'pass' | 'business' | 'user' | 'api-key' | 'template' | 'webhook' | 'milestone' | 'analytics-export' | 'campaign' | 'automation';

/** The aggregate id in a stream name of the given category. */
export function aggregateIdOf(stream: string, category: StreamCategory): string {
  return stream.slice(category.length + 1);
}
