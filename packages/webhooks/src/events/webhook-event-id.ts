/**
 * The id of one event for one webhook, derived from the recorded event's id and the webhook's, so
 * recording it again after a crash yields the same id and receivers can deduplicate.
 */
import { hash } from 'node:crypto';

export function webhookEventId(recordedEventId: string, webhookId: string): string {
  return `evt_${hash('sha256', `${recordedEventId}/${webhookId}`, 'hex').slice(0, 32)}`;
}
