/**
 * The one place a webhook body is built: `{id, event, timestamp, data}`. `data` is the pass as it was
 * right after the event, without the holder's personal data (name, email), which receivers can fetch.
 * `data.mode` says whether the pass is live or sandbox (`test`): a business's webhooks hear both.
 * A reward's events add `data.reward` (PROGRAMME §1): which reward, of which milestone, and its title.
 * A payment's events add `data.payment` (PROGRAMME §5): the payment as the payments list shows it.
 * A campaign's end (`campaign.sent`) has a body of its own: the campaign, not a pass.
 */
import { minorUnitsToNumber, paymentFigures, type Campaign, type OnlinePaymentStatus, type Pass, type PassEvent, type WebhookEventName } from '@passes/domain';

interface WebhookPayload {
  /** Unique per event and webhook, the same on every attempt: receivers deduplicate on it. */
  id: string;
  event: WebhookEventName;
  /** When the event happened (ISO 8601 UTC), not when it was sent. */
  timestamp: string;
  data: ReturnType<typeof passData> & { reward?: RewardData; payment?: PaymentData };
}

interface PaymentData {
  id: string;
  amount: number;
  fee: number;
  net: number;
  currency: string;
  status: OnlinePaymentStatus;
  refunded_amount: number;
  shortfall: number;
}

interface RewardData {
  id: string;
  milestone_id: string;
  title: string;
}

function passData(pass: Pass) {
  return {
    id: pass.id,
    serial_number: pass.serialNumber,
    business_id: pass.businessId,
    mode: pass.mode,
    template_id: pass.templateId,
    external_id: pass.externalId,
    status: pass.status,
    points: pass.points,
    stamps: pass.stamps,
    balance: pass.balanceMinor === null ? null : minorUnitsToNumber(pass.balanceMinor),
    created_at: pass.createdAt,
    updated_at: pass.updatedAt,
  };
}

/** `pass` is the pass right after `passEvent`, so it holds the reward that event earned or redeemed. */
export function webhookPayload(eventId: string, event: WebhookEventName, passEvent: PassEvent, pass: Pass): WebhookPayload {
  const reward = rewardData(passEvent, pass);
  const payment = paymentData(passEvent, pass);
  const data = { ...passData(pass), ...(reward === null ? {} : { reward }), ...(payment === null ? {} : { payment }) };
  return { id: eventId, event, timestamp: passEvent.data.occurred_at, data };
}

function rewardData(event: PassEvent, pass: Pass): RewardData | null {
  if (event.type !== 'RewardEarned' && event.type !== 'RewardRedeemed') return null;
  const reward = pass.rewards.find((held) => held.id === event.data.reward_id);
  return reward === undefined ? null : { id: reward.id, milestone_id: reward.milestoneId, title: reward.title };
}

/** `pass` is the pass right after the payment event, so it holds the payment as that event left it. */
function paymentData(event: PassEvent, pass: Pass): PaymentData | null {
  if (event.type !== 'PaymentSucceeded' && event.type !== 'PaymentRefunded') return null;
  const payment = pass.payments[event.data.payment_id];
  if (payment === undefined) return null;
  return {
    id: payment.id,
    ...paymentFigures(payment),
    currency: payment.currency,
    status: payment.status,
    shortfall: minorUnitsToNumber(payment.shortfallMinor),
  };
}

/** `campaign.sent` (PROGRAMME §2): `data` is `{id, business_id, name, stats}`, the stats as sent. */
export function campaignSentPayload(eventId: string, campaign: Campaign) {
  const { stats } = campaign;
  return {
    id: eventId,
    event: 'campaign.sent' as const,
    timestamp: campaign.sentAt ?? campaign.updatedAt,
    data: {
      id: campaign.id,
      business_id: campaign.businessId,
      name: campaign.name,
      stats: { recipients: stats.recipients, delivered: stats.delivered, not_installed: stats.notInstalled, quota_limited: stats.quotaLimited, failed: stats.failed },
    },
  };
}
