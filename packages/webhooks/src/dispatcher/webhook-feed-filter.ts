/** The events the dispatcher notifies of, for a feed that can filter (the embedded one): pass events, and a campaign's end. */
import { PASS_EVENT_TYPES } from '@passes/domain';
import type { AllFilter } from '@passes/event-store';

export const WEBHOOK_FEED_FILTER: AllFilter = { eventTypes: [...PASS_EVENT_TYPES, 'CampaignSent'] };
