/**
 * Sends due wallet notifications: an APNs push to one device, or a PATCH of a Google Wallet object or
 * class with what the read models hold now. Each waits, within a bound, until the read models have
 * reached its event, so a device that asks what changed right after the push is told. Failures are
 * retried on a growing schedule; APNs saying a token is gone forgets that device.
 */
import type { WalletRegistrations } from '@passes/application';
import type { Pass } from '@passes/domain';
import type { CheckpointWaiter, ReadModels } from '@passes/read-model';
import { DueWorkScans } from '@passes/storage';
import type { ApnsClient, PushResult } from '../apple/apns-client';
import type { GoogleUpdateResult, GoogleWalletApi } from '../google/google-wallet-api';
import { loyaltyClassId, loyaltyObjectFields, loyaltyObjectId } from '../google/loyalty-objects';
import type { WalletPasses } from '../wallet-pass';
import type { AttemptOutcome, WalletNotification, WalletNotificationStore, WalletWork } from './wallet-notification-store';

const READ_MODEL_WAIT_MS = 5_000;
const LEASE_MARGIN_MS = 5_000;
const SYSTEM_CONTEXT = { actor: 'system:wallet-notifier', correlationId: 'wallet-notifier' };

/** What one attempt came to, before it is written down. */
type Result = 'done' | { retry: string } | { failed: string };

interface NotificationSenderOptions {
  holder: string;
  now: () => Date;
  retryScheduleMs: readonly number[];
  timeoutMs: number;
  pollIntervalMs: number;
  maxConcurrent: number;
  onError: (error: unknown) => void;
}

interface NotificationChannels {
  apns: ApnsClient | null;
  google: { api: GoogleWalletApi; issuerId: string } | null;
}

export class NotificationSender {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly scans: DueWorkScans;

  constructor(
    private readonly notifications: WalletNotificationStore,
    private readonly channels: NotificationChannels,
    private readonly readModels: Pick<ReadModels, 'businesses' | 'passes' | 'templates'>,
    private readonly projections: CheckpointWaiter,
    private readonly walletPasses: WalletPasses,
    private readonly registrations: WalletRegistrations,
    private readonly options: NotificationSenderOptions,
  ) {
    this.scans = new DueWorkScans(() => this.scan(), options);
  }

  start(): void {
    this.scans.start();
  }

  wake(): void {
    this.scans.wake();
  }

  /** Attempts in flight finish; what is still due is attempted after the next start. */
  async stop(): Promise<void> {
    await this.scans.stop();
    await Promise.all(this.inFlight);
  }

  private async scan(): Promise<void> {
    const free = this.options.maxConcurrent - this.inFlight.size;
    if (free <= 0) return;
    const ttlMs = READ_MODEL_WAIT_MS + this.options.timeoutMs + LEASE_MARGIN_MS;
    const due = await this.notifications.claimDue({ holder: this.options.holder, now: this.options.now(), ttlMs }, free);
    for (const notification of due) {
      const attempt: Promise<void> = this.attempt(notification)
        .catch(this.options.onError)
        .finally(() => {
          this.inFlight.delete(attempt);
          this.wake();
        });
      this.inFlight.add(attempt);
    }
  }

  private async attempt(notification: WalletNotification): Promise<void> {
    await this.projections.waitFor(notification.position, READ_MODEL_WAIT_MS);
    let result: Result;
    try {
      result = await this.perform(notification.work);
    } catch (error) {
      // A bug or a storage failure waits like a failed attempt rather than spinning.
      this.options.onError(error);
      result = { retry: 'internal error' };
    }
    await this.notifications.saveAttempt(notification.id, this.outcome(notification, result));
  }

  private outcome(notification: WalletNotification, result: Result): AttemptOutcome {
    if (result === 'done') return { status: 'done', nextAttemptAt: null, error: null };
    if ('failed' in result) return { status: 'failed', nextAttemptAt: null, error: result.failed };
    const delay = this.options.retryScheduleMs[notification.attempts];
    if (delay === undefined) return { status: 'failed', nextAttemptAt: null, error: result.retry };
    return { status: 'pending', nextAttemptAt: new Date(this.options.now().getTime() + delay), error: result.retry };
  }

  private async perform(work: WalletWork): Promise<Result> {
    switch (work.kind) {
      case 'apple_push':
        return this.push(work);
      case 'google_object':
        return this.updateObject(work.passId);
      case 'google_class':
        return this.updateClass(work.templateId);
    }
  }

  private async push(work: Extract<WalletWork, { kind: 'apple_push' }>): Promise<Result> {
    if (!this.channels.apns) return { failed: 'Apple Wallet is not configured' };
    const result: PushResult = await this.channels.apns.push(work.pushToken);
    if (result === 'sent') return 'done';
    if (result === 'gone') {
      const pass = await this.pass(work.passId);
      if (pass) await this.registrations.rejectPushToken(pass, work.deviceLibraryIdentifier, work.pushToken, SYSTEM_CONTEXT);
      return 'done';
    }
    return result;
  }

  private async updateObject(passId: string): Promise<Result> {
    const { google } = this.channels;
    if (!google) return { failed: 'Google Wallet is not configured' };
    const pass = await this.pass(passId);
    const walletPass = pass === null ? null : await this.walletPasses.of(pass);
    if (walletPass === null) return 'done';
    return googleResult(await google.api.patchObject(loyaltyObjectId(google.issuerId, passId), loyaltyObjectFields(walletPass)));
  }

  private async updateClass(templateId: string): Promise<Result> {
    const { google } = this.channels;
    if (!google) return { failed: 'Google Wallet is not configured' };
    const template = await this.readModels.templates.get(templateId);
    const business = template ? await this.readModels.businesses.get(template.businessId) : null;
    if (!template || !business) return 'done';
    const fields = { issuerName: business.name, programName: template.name, hexBackgroundColor: template.colors.background };
    return googleResult(await google.api.patchClass(loyaltyClassId(google.issuerId, templateId), fields));
  }

  private async pass(passId: string): Promise<Pass | null> {
    return this.readModels.passes.get(passId);
  }
}

/** A pass nobody saved to Google Wallet has no object there: nothing to update, and nothing wrong. */
function googleResult(result: GoogleUpdateResult): Result {
  return result === 'updated' || result === 'not_saved' ? 'done' : result;
}
