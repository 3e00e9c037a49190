/**
 * The wallet notifier: follows the event feed like the webhook dispatcher, records the pushes and
 * Google Wallet updates each event calls for, and sends them with retries, never in a request's way.
 * Library code, composed by the dispatcher service; any number may run side by side on one store.
 */
import type { WalletRegistrations } from '@passes/application';
import { PASS_EVENT_TYPES, TEMPLATE_EVENT_TYPES } from '@passes/domain';
import type { AllFilter, EventFeed, EventStore } from '@passes/event-store';
import type { CheckpointWaiter, ReadModels } from '@passes/read-model';
import { ApnsClient } from '../apple/apns-client';
import { GoogleAccessTokens } from '../google/google-access-tokens';
import { GoogleWalletApi } from '../google/google-wallet-api';
import type { WalletPasses } from '../wallet-pass';
import type { WalletSettings } from '../wallet-settings';
import { NotificationRecorder } from './notification-recorder';
import { NotificationSender } from './notification-sender';
import type { WalletNotificationStore } from './wallet-notification-store';

/** The events wallets hear of, for a feed that can filter (the embedded one). */
export const WALLET_FEED_FILTER: AllFilter = { eventTypes: [...PASS_EVENT_TYPES, ...TEMPLATE_EVENT_TYPES] };

interface WalletNotifierPorts {
  feed: EventFeed;
  events: EventStore;
  readModels: Pick<ReadModels, 'businesses' | 'passes' | 'templates'>;
  notifications: WalletNotificationStore;
  /** Tells when the projections have reached an event, so a device told of a change can read it. */
  projections: CheckpointWaiter;
  walletPasses: WalletPasses;
  registrations: WalletRegistrations;
}

interface WalletNotifierOptions {
  holder: string;
  clock: { now(): Date };
  retryScheduleMs: readonly number[];
  timeoutMs: number;
  pollIntervalMs?: number;
  maxConcurrent?: number;
  onError: (error: unknown) => void;
}

export class WalletNotifier {
  private readonly recorder: NotificationRecorder;
  private readonly sender: NotificationSender;
  private readonly apns: ApnsClient | null;

  constructor(settings: WalletSettings, ports: WalletNotifierPorts, options: WalletNotifierOptions) {
    const now = () => options.clock.now();
    this.apns = settings.apple ? new ApnsClient(settings.apple, options.timeoutMs) : null;
    const google = settings.google
      ? { api: new GoogleWalletApi(settings.google, new GoogleAccessTokens(settings.google, now, options.timeoutMs), options.timeoutMs), issuerId: settings.google.issuerId }
      : null;
    this.sender = new NotificationSender(ports.notifications, { apns: this.apns, google }, ports.readModels, ports.projections, ports.walletPasses, ports.registrations, {
      holder: options.holder,
      now,
      retryScheduleMs: options.retryScheduleMs,
      timeoutMs: options.timeoutMs,
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      maxConcurrent: options.maxConcurrent ?? 16,
      onError: options.onError,
    });
    this.recorder = new NotificationRecorder(ports.feed, ports.events, ports.readModels, ports.notifications, {
      apple: settings.apple !== null,
      google: settings.google !== null,
      now,
      onRecorded: () => this.sender.wake(),
      onError: options.onError,
    });
  }

  async start(): Promise<void> {
    await this.recorder.start();
    this.sender.start();
  }

  /** Looks for due notifications now: when a test has moved the clock. */
  wake(): void {
    this.sender.wake();
  }

  async stop(): Promise<void> {
    await this.recorder.stop();
    await this.sender.stop();
    this.apns?.close();
  }
}
