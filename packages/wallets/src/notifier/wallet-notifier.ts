/**
 * The wallet notifier: follows the event feed like the webhook dispatcher, records the pushes and
 * Google Wallet updates each event calls for, and sends them with retries as the handler of the
 * `wallet.notification` kind on its process's background-work runner, never in a request's way. Library
 * code, composed by the dispatcher service; any number may run side by side on one work store.
 */
import type { WalletRegistrations } from '@passes/application';
import { FeedWorkRecorder, type WorkRunner, type WorkStore } from '@passes/background-work';
import { PASS_EVENT_TYPES, TEMPLATE_EVENT_TYPES } from '@passes/domain';
import type { AllFilter, EventFeed, EventStore, RecordedEvent } from '@passes/event-store';
import type { CheckpointWaiter, ReadModels } from '@passes/read-model';
import { ApnsClient } from '../apple/apns-client';
import { GoogleAccessTokens } from '../google/google-access-tokens';
import { GoogleWalletApi } from '../google/google-wallet-api';
import type { WalletPasses } from '../wallet-pass';
import type { WalletSettings } from '../wallet-settings';
import { NotificationPlanner } from './notification-planner';
import { NotificationSender } from './notification-sender';

/** The events wallets hear of, for a feed that can filter (the embedded one). */
export const WALLET_FEED_FILTER: AllFilter = { eventTypes: [...PASS_EVENT_TYPES, ...TEMPLATE_EVENT_TYPES] };

export interface WalletNotifierPorts {
  feed: EventFeed;
  events: EventStore;
  readModels: Pick<ReadModels, 'businesses' | 'passes' | 'templates'>;
  work: WorkStore;
  /** The process's runner, which the process starts and stops. */
  runner: WorkRunner;
  /** Tells when the projections have reached an event, so a device told of a change can read it. */
  projections: CheckpointWaiter;
  walletPasses: WalletPasses;
  registrations: WalletRegistrations;
  /** `{app_url}`: the addresses of the images a Google class shows. */
  appUrl: () => string;
}

export interface WalletNotifierOptions {
  clock: { now(): Date };
  retryScheduleMs: readonly number[];
  timeoutMs: number;
  maxConcurrent?: number;
  onError: (error: unknown) => void;
}

export class WalletNotifier {
  private readonly recorder: FeedWorkRecorder<RecordedEvent>;
  private readonly apns: ApnsClient | null;

  constructor(settings: WalletSettings, ports: WalletNotifierPorts, options: WalletNotifierOptions) {
    const now = () => options.clock.now();
    this.apns = settings.apple ? new ApnsClient(settings.apple, options.timeoutMs) : null;
    const google = settings.google
      ? { api: new GoogleWalletApi(settings.google, new GoogleAccessTokens(settings.google, now, options.timeoutMs), options.timeoutMs), issuerId: settings.google.issuerId, appUrl: ports.appUrl }
      : null;
    const sender = new NotificationSender({ apns: this.apns, google }, ports.readModels, ports.projections, ports.walletPasses, ports.registrations, {
      now,
      retryScheduleMs: options.retryScheduleMs,
      timeoutMs: options.timeoutMs,
      maxConcurrent: options.maxConcurrent ?? 16,
    });
    ports.runner.register(sender);
    const planner = new NotificationPlanner(ports.events, ports.readModels, { apple: settings.apple !== null, google: settings.google !== null, now });
    this.recorder = new FeedWorkRecorder(ports.feed, ports.work, (event) => planner.workOf(event), {
      onRecorded: () => ports.runner.wake(),
      onError: options.onError,
    });
  }

  start(): Promise<void> {
    return this.recorder.start();
  }

  stop(): Promise<void> {
    return this.recorder.stop();
  }

  /** Once the process's runner has stopped, so that no push is in flight any more. */
  close(): void {
    this.apns?.close();
  }
}
