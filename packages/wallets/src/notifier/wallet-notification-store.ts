/**
 * The wallet notification store port: the pushes to Apple devices and the Google Wallet updates the
 * event feed called for, with their attempts and when the next one is due, so retries survive a
 * restart. Every notifier shares it; a notification is attempted only under a lease, so two notifiers
 * never attempt the same one at once. Adapters: SQLite (`wallet-notifications.sqlite`); MongoDB to come.
 */
import type { Position } from '@passes/event-store';
import { z } from 'zod';

/** What to do: push one device of a pass, or bring a pass's Google object or a template's class up to date. */
export const walletWork = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('apple_push'), passId: z.string(), deviceLibraryIdentifier: z.string(), pushToken: z.string() }),
  z.object({ kind: z.literal('google_object'), passId: z.string() }),
  z.object({ kind: z.literal('google_class'), templateId: z.string() }),
]);
export type WalletWork = z.infer<typeof walletWork>;

export interface NewWalletNotification {
  /** Derived from the event and the work, so recording it again after a redelivery changes nothing. */
  id: string;
  work: WalletWork;
  /** The event that called for it: the read models must have reached it before it is sent. */
  position: Position;
  createdAt: Date;
}

export type WalletNotificationStatus = 'pending' | 'done' | 'failed';

export interface WalletNotification extends NewWalletNotification {
  status: WalletNotificationStatus;
  attempts: number;
  /** Set only while pending. */
  nextAttemptAt: Date | null;
  lastError: string | null;
}

export interface AttemptOutcome {
  /** `pending` with `nextAttemptAt` to retry. */
  status: WalletNotificationStatus;
  nextAttemptAt: Date | null;
  error: string | null;
}

export interface WalletNotificationLease {
  holder: string;
  now: Date;
  ttlMs: number;
}

export interface WalletNotificationStore {
  /** Records the notifications, due at once; one already recorded (same id) is left as it is. */
  record(notifications: readonly NewWalletNotification[]): Promise<void>;
  /** Leases up to `limit` due notifications no other holder's lease covers, in feed order. */
  claimDue(lease: WalletNotificationLease, limit: number): Promise<WalletNotification[]>;
  /** Counts one more attempt and ends the lease. */
  saveAttempt(id: string, outcome: AttemptOutcome): Promise<void>;
  get(id: string): Promise<WalletNotification | null>;
  close(): Promise<void>;
}
