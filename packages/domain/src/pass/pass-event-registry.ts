/** How pass events are stored: a schema and a version per type (events/event-registry.ts). */
import { z } from 'zod';
import { count, mode, occurredAt, onlyOccurredAt } from '../events/event-fields';
import { eventTypesOf, type EventRegistry } from '../events/event-registry';
import { automationAction } from '../automation/automation-terms';
import { MILESTONE_METRICS } from '../milestone/milestone';
import { onlinePaymentEvents } from './online-payment-event-registry';
import type { PassEvent } from './pass-events';

const metadataValue = z.union([z.string(), z.number(), z.boolean()]);

const passIssued = z.object({
  pass_id: z.string(),
  business_id: z.string(),
  mode,
  template_id: z.string(),
  serial_number: z.string(),
  customer_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  external_id: z.string().nullable(),
  points: count,
  balance_minor: count.nullable(),
  barcode_data: z.string().nullable(),
  nfc_data: z.string().nullable(),
  metadata: z.record(z.string(), metadataValue),
  occurred_at: occurredAt,
});

const passChanges = z.object({
  customer_name: z.string().nullable().optional(),
  customer_email: z.string().nullable().optional(),
  external_id: z.string().nullable().optional(),
  points: count.optional(),
  balance_minor: count.nullable().optional(),
  stamps: count.optional(),
  metadata: z.record(z.string(), metadataValue.nullable()).optional(),
  barcode_data: z.string().nullable().optional(),
  nfc_data: z.string().nullable().optional(),
});

const balanceChange = z.object({ amount_minor: count, balance_minor: count, occurred_at: occurredAt });

const metric = z.enum(MILESTONE_METRICS);

const messageSource = z.union([z.object({ campaign_id: z.string() }), z.object({ automation_id: z.string(), occurrence: z.string() })]);

export const passEvents: EventRegistry<PassEvent> = {
  PassIssued: { version: 1, schema: passIssued },
  PassUpdated: { version: 1, schema: z.object({ changes: passChanges, occurred_at: occurredAt }) },
  PassStamped: { version: 1, schema: z.object({ count, stamps: count, occurred_at: occurredAt }) },
  PointsAdjusted: { version: 1, schema: z.object({ delta: count, points: count, occurred_at: occurredAt }) },
  BalanceCharged: { version: 1, schema: balanceChange },
  BalanceToppedUp: { version: 1, schema: balanceChange },
  PassCheckedIn: { version: 1, schema: onlyOccurredAt },
  PassRedeemed: { version: 1, schema: onlyOccurredAt },
  PassVoided: { version: 1, schema: onlyOccurredAt },
  PassReactivated: { version: 1, schema: onlyOccurredAt },
  PassScanned: {
    version: 1,
    schema: z.object({
      mode: z.enum(['verify', 'checkin']),
      valid: z.boolean(),
      reason: z.enum(['missing_signature', 'invalid_signature', 'voided', 'redeemed', 'scan_cooldown']).nullable(),
      checked_in: z.boolean(),
      occurred_at: occurredAt,
    }),
  },
  PassInstalled: {
    version: 2,
    schema: z.object({ device_library_identifier: z.string().nullable(), push_token: z.string().nullable(), occurred_at: occurredAt }),
    // Version 1 recorded that a pass was installed, not on which device.
    upcasters: { 1: (data) => ({ device_library_identifier: null, push_token: null, ...data }) },
  },
  PassUninstalled: {
    version: 2,
    schema: z.object({
      device_library_identifier: z.string().nullable(),
      reason: z.enum(['unregistered', 'push_token_rejected']).nullable(),
      occurred_at: occurredAt,
    }),
    upcasters: { 1: (data) => ({ device_library_identifier: null, reason: null, ...data }) },
  },
  RewardEarned: {
    version: 1,
    schema: z.object({
      reward_id: z.string(),
      milestone_id: z.string(),
      metric,
      threshold: count,
      title: z.string(),
      description: z.string().nullable(),
      expires_at: occurredAt.nullable(),
      occurred_at: occurredAt,
    }),
  },
  RewardRedeemed: {
    version: 1,
    schema: z.object({ reward_id: z.string(), metric, deducted: count, value: count, occurred_at: occurredAt }),
  },
  ...onlinePaymentEvents,
  AutomationRan: {
    version: 1,
    schema: z.object({
      automation_id: z.string(),
      occurrence: z.string(),
      depth: count,
      actions: z.array(z.object({ action: automationAction, status: z.enum(['done', 'skipped', 'failed']), detail: z.string().nullable() })),
      activity_at: occurredAt,
      occurred_at: occurredAt,
    }),
  },
  MessageSent: {
    version: 1,
    schema: z.object({
      message: z.object({ header: z.string(), body: z.string() }),
      source: messageSource,
      notify: z.boolean(),
      delivery: z.enum(['delivered', 'not_installed', 'quota_limited']),
      occurred_at: occurredAt,
    }),
  },
  // The holder asked, through the link in an automation's email or their page, for no more (or again) automation emails.
  AutomationEmailsStopped: { version: 1, schema: onlyOccurredAt },
  AutomationEmailsResumed: { version: 1, schema: onlyOccurredAt },
};

export const PASS_EVENT_TYPES = eventTypesOf(passEvents);
