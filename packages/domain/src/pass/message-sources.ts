/**
 * What a pass remembers of its messages: the sources that sent one (so each sends once, however often a
 * campaign is resumed or repeated), the latest message, and the sends that notified (Google's quota).
 */
import type { MessageSentData, MessageSource } from './pass-events';
import type { Pass } from './pass-state';

/** Google Wallet notifies a pass's holder at most this many times in a day; later messages show silently. */
export const NOTIFICATIONS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One key per source: a campaign sends once per pass, an automation once per occurrence. */
export function messageSourceKey(source: MessageSource): string {
  return 'campaign_id' in source ? `campaign:${source.campaign_id}` : `automation:${source.automation_id}:${source.occurrence}`;
}

/** Whether a message sent at `now` may still notify: fewer than the quota's notifications in the day before. */
export function hasNotificationLeft(pass: Pass, now: Date): boolean {
  const dayAgo = now.getTime() - DAY_MS;
  return pass.notifiedAt.filter((at) => Date.parse(at) > dayAgo).length < NOTIFICATIONS_PER_DAY;
}

export function withMessage(pass: Pass, data: MessageSentData): Pass {
  const { message, source, notify, occurred_at } = data;
  return {
    ...pass,
    lastMessage: { campaignId: 'campaign_id' in source ? source.campaign_id : null, header: message.header, body: message.body, sentAt: occurred_at },
    messageSources: [...pass.messageSources, messageSourceKey(source)],
    // Only the latest few matter to the quota.
    notifiedAt: notify ? [occurred_at, ...pass.notifiedAt].slice(0, NOTIFICATIONS_PER_DAY) : pass.notifiedAt,
  };
}
