/**
 * A webhook endpoint of a business. Its signing secret is recorded only encrypted (auditors read
 * events; the dispatcher must sign, so a hash would not do). Stream `webhook-{id}`.
 */

/** The notifications a webhook can subscribe to (spec: Events). */
export const WEBHOOK_EVENT_NAMES = [
  'pass.created',
  'pass.updated',
  'pass.redeemed',
  'pass.voided',
  'pass.scanned',
  'pass.installed',
  'pass.uninstalled',
  'reward.earned',
  'reward.redeemed',
  'payment.succeeded',
  'payment.refunded',
  'campaign.sent',
] as const;

export type WebhookEventName = (typeof WEBHOOK_EVENT_NAMES)[number];

/** Why the service stopped delivering to a webhook on its own. */
type WebhookDisabledReason = 'endpoint_gone';

export type WebhookEvent =
  | {
      type: 'WebhookRegistered';
      data: {
        webhook_id: string;
        business_id: string;
        url: string;
        events: WebhookEventName[];
        description: string | null;
        /** AES-256-GCM ciphertext of the secret, never the secret itself. */
        secret_ciphertext: string;
        occurred_at: string;
      };
    }
  | { type: 'WebhookDeleted'; data: { occurred_at: string } }
  | { type: 'WebhookDisabled'; data: { reason: WebhookDisabledReason; status_code: number; occurred_at: string } };


export type WebhookCommand =
  | {
      type: 'RegisterWebhook';
      webhookId: string;
      businessId: string;
      url: string;
      events: readonly WebhookEventName[];
      description: string | null;
      secretCiphertext: string;
      now: Date;
    }
  | { type: 'DeleteWebhook'; now: Date }
  | { type: 'DisableWebhook'; reason: WebhookDisabledReason; statusCode: number; now: Date };

type WebhookStatus = 'active' | 'disabled';

export interface Webhook {
  id: string;
  businessId: string;
  url: string;
  events: WebhookEventName[];
  description: string | null;
  secretCiphertext: string;
  status: WebhookStatus;
  createdAt: string;
  disabledAt: string | null;
  disabledReason: WebhookDisabledReason | null;
}

/** null before registration and after deletion: a deleted webhook is gone for every purpose. */
export type WebhookState = Webhook | null;

export function webhookWants(webhook: Webhook, event: WebhookEventName): boolean {
  return webhook.status === 'active' && webhook.events.includes(event);
}
