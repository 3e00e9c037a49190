/**
 * The one place a webhook body is built: `{id, event, timestamp, data}`. `data` is the pass as it was
 * right after the event, without the holder's personal data (name, email), which receivers can fetch.
 * `data.mode` says whether the pass is live or sandbox (`test`): a business's webhooks hear both.
 */
import { minorUnitsToNumber, type Pass, type WebhookEventName } from '@passes/domain';

interface WebhookPayload {
  /** Unique per event and webhook, the same on every attempt: receivers deduplicate on it. */
  id: string;
  event: WebhookEventName;
  /** When the event happened (ISO 8601 UTC), not when it was sent. */
  timestamp: string;
  data: ReturnType<typeof passData>;
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

export function webhookPayload(eventId: string, event: WebhookEventName, timestamp: string, pass: Pass): WebhookPayload {
  return { id: eventId, event, timestamp, data: passData(pass) };
}
