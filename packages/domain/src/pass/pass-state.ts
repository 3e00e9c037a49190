/** A pass as its events have made it; null before it is issued. */
import type { Mode } from '../shared/mode';
import type { Metadata } from './metadata';
import type { OnlinePayment } from './online-payment';
import type { PassStatus } from './pass-events';
import type { Reward } from './rewards';

export interface Pass {
  id: string;
  businessId: string;
  /** Sandbox (`test`) or live: fixed at issue. */
  mode: Mode;
  templateId: string;
  serialNumber: string;
  status: PassStatus;
  customerName: string | null;
  customerEmail: string | null;
  externalId: string | null;
  points: number;
  balanceMinor: number | null;
  stamps: number;
  metadata: Metadata;
  barcodeData: string | null;
  nfcData: string | null;
  /**
   * The devices registered for updates of the pass in a wallet, by device library identifier, each
   * with the push token to notify it through. Empty when the pass is in no wallet that asked for updates.
   */
  walletDevices: Readonly<Record<string, string>>;
  /** Every reward the pass has earned, newest first. */
  rewards: readonly Reward[];
  /** Its online payments, by payment id. */
  payments: Readonly<Record<string, OnlinePayment>>;
  /** The latest message shown on the pass; `campaignId` is null for an automation's message. */
  lastMessage: LastMessage | null;
  /** The keys of every source that has messaged the pass (message-sources.ts): each sends once. */
  messageSources: readonly string[];
  /** When the pass's latest notifying messages were sent, newest first (what Google's quota counts). */
  notifiedAt: readonly string[];
  createdAt: string;
  updatedAt: string;
  /** The most recent check-in: what the scan cooldown counts from. */
  checkedInAt: string | null;
  redeemedAt: string | null;
  voidedAt: string | null;
  reactivatedAt: string | null;
  lastScannedAt: string | null;
  /**
   * The last stamp, points, check-in, charge, top-up or redemption (the issue before any): where the pass's
   * quiet spell starts. What automations do is not counted.
   */
  lastActivityAt: string;
  /** Every automation occurrence the pass ran (`{automation_id}/{occurrence}`): each runs once. */
  automationRuns: readonly string[];
  /** Since when the holder wants no automation emails for the pass (automation-emails.ts); null: they get them. */
  automationEmailsStoppedAt: string | null;
}

export interface LastMessage {
  campaignId: string | null;
  header: string;
  body: string;
  sentAt: string;
  /** Whether it notifies the holder on Google Wallet (Google's quota had room for it). */
  notify: boolean;
}

export type PassState = Pass | null;
