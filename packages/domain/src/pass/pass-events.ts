/**
 * The facts recorded in a pass's stream (`pass-{id}`). Payloads are snake_case because auditors read
 * them as they are stored. Every payload carries `occurred_at`, the business time of the fact (ISO 8601 UTC).
 */
import type { AutomationAction } from '../automation/automation-terms';
import type { MilestoneMetric } from '../milestone/milestone';
import type { Mode } from '../shared/mode';
import type { Metadata, MetadataPatch } from './metadata';
import type { OnlinePaymentEvent } from './online-payment-events';

export const PASS_STATUSES = ['active', 'checked_in', 'redeemed', 'voided'] as const;
export type PassStatus = (typeof PASS_STATUSES)[number];

/** `verify` only looks (unless the template auto-stamps); `checkin` checks the pass in. */
export type ScanMode = 'verify' | 'checkin';

/** Why a scan found a pass not valid, or (`scan_cooldown`) valid but not to be checked in yet. */
export type ScanReason = 'missing_signature' | 'invalid_signature' | 'voided' | 'redeemed' | 'scan_cooldown';

/** Every scan of a known pass, whatever its outcome; a check-in and stamp it caused follow as their own events. */
export interface PassScannedData {
  mode: ScanMode;
  valid: boolean;
  reason: ScanReason | null;
  checked_in: boolean;
  occurred_at: string;
}

/**
 * A wallet on a device registered the pass for updates (Apple's PassKit web service). The device
 * library identifier and push token are null only in installs recorded before devices were (schema 1).
 */
export interface PassInstalledData {
  device_library_identifier: string | null;
  push_token: string | null;
  occurred_at: string;
}

/** Why a device stopped getting updates: it unregistered, or APNs said its push token is no longer valid. */
type UninstallReason = 'unregistered' | 'push_token_rejected';

/** `device_library_identifier` and `reason` are null only in uninstalls recorded before devices were (schema 1). */
interface PassUninstalledData {
  device_library_identifier: string | null;
  reason: UninstallReason | null;
  occurred_at: string;
}

export interface PassIssuedData {
  pass_id: string;
  business_id: string;
  mode: Mode;
  template_id: string;
  serial_number: string;
  customer_name: string | null;
  customer_email: string | null;
  external_id: string | null;
  points: number;
  balance_minor: number | null;
  barcode_data: string | null;
  nfc_data: string | null;
  metadata: Metadata;
  occurred_at: string;
}

/** Only the fields present were changed; `metadata` is a patch merged into the existing metadata. */
export interface PassChanges {
  customer_name?: string | null;
  customer_email?: string | null;
  external_id?: string | null;
  points?: number;
  balance_minor?: number | null;
  stamps?: number;
  metadata?: MetadataPatch;
  barcode_data?: string | null;
  nfc_data?: string | null;
}

/**
 * A reward the pass earned from a milestone of its template. It copies the milestone's terms as they
 * were, so the reward reads and redeems the same after the milestone is edited or archived.
 */
export interface RewardEarnedData {
  reward_id: string;
  milestone_id: string;
  metric: MilestoneMetric;
  threshold: number;
  title: string;
  description: string | null;
  /** Null when the milestone gives rewards that never expire. */
  expires_at: string | null;
  occurred_at: string;
}

/** A reward was redeemed: `deducted` came off the metric, which is now `value`. */
export interface RewardRedeemedData {
  reward_id: string;
  metric: MilestoneMetric;
  deducted: number;
  value: number;
  occurred_at: string;
}

/** What came of one action of an automation's run: `detail` says why it was skipped or failed. */
export interface AutomationActionOutcome {
  action: AutomationAction;
  status: 'done' | 'skipped' | 'failed';
  detail: string | null;
}

/**
 * An automation ran on the pass for one occurrence of its trigger (pass/run-automation.ts); the events its
 * actions made come before it in the same append. `depth` is its place in a chain of automations (1 when
 * the holder or staff caused it). `activity_at` is the pass's last activity, which the run leaves as it was.
 */
export interface AutomationRanData {
  automation_id: string;
  occurrence: string;
  depth: number;
  actions: AutomationActionOutcome[];
  activity_at: string;
  occurred_at: string;
}

/** What sent a message: a campaign (once per pass), or an automation's rule on one occurrence. */
export type MessageSource = { campaign_id: string } | { automation_id: string; occurrence: string };

/**
 * How a message reached the holder: `delivered` to a wallet, `quota_limited` when Google's
 * notification quota for the pass was spent (the message is shown without a notification), or
 * `not_installed` when the pass is in no wallet the service can update.
 */
export type MessageDelivery = 'delivered' | 'not_installed' | 'quota_limited';

/** A message shown on the pass; `notify` is whether it counts against Google's notification quota. */
export interface MessageSentData {
  message: { header: string; body: string };
  source: MessageSource;
  notify: boolean;
  delivery: MessageDelivery;
  occurred_at: string;
}

export type PassEvent =
  | { type: 'PassIssued'; data: PassIssuedData }
  | { type: 'PassUpdated'; data: { changes: PassChanges; occurred_at: string } }
  | { type: 'PassStamped'; data: { count: number; stamps: number; occurred_at: string } }
  | { type: 'PointsAdjusted'; data: { delta: number; points: number; occurred_at: string } }
  | { type: 'BalanceCharged'; data: { amount_minor: number; balance_minor: number; occurred_at: string } }
  | { type: 'BalanceToppedUp'; data: { amount_minor: number; balance_minor: number; occurred_at: string } }
  | { type: 'PassCheckedIn'; data: { occurred_at: string } }
  | { type: 'PassRedeemed'; data: { occurred_at: string } }
  | { type: 'PassVoided'; data: { occurred_at: string } }
  | { type: 'PassReactivated'; data: { occurred_at: string } }
  | { type: 'PassScanned'; data: PassScannedData }
  | { type: 'PassInstalled'; data: PassInstalledData }
  | { type: 'PassUninstalled'; data: PassUninstalledData }
  | { type: 'RewardEarned'; data: RewardEarnedData }
  | { type: 'RewardRedeemed'; data: RewardRedeemedData }
  | OnlinePaymentEvent
  | { type: 'AutomationRan'; data: AutomationRanData }
  | { type: 'MessageSent'; data: MessageSentData }
  | { type: 'AutomationEmailsStopped'; data: { occurred_at: string } }
  | { type: 'AutomationEmailsResumed'; data: { occurred_at: string } };

export type PassEventType = PassEvent['type'];
