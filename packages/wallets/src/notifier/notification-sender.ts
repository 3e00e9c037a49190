/**
 * Sends one wallet notification, the handler of the `wallet.notification` kind of background work: an
 * APNs push to one device, or a PATCH of a Google Wallet object or class with what the read models hold
 * now. Each waits, within a bound, until the read models have reached its event, so a device that asks
 * what changed right after the push is told. The runner retries failures on the schedule; APNs saying a
 * token is gone forgets that device.
 */
import type { WalletRegistrations } from '@passes/application';
import type { Work, WorkHandler, WorkResult } from '@passes/background-work';
import type { Pass } from '@passes/domain';
import { positionFromSortable } from '@passes/event-store';
import type { CheckpointWaiter, ReadModels } from '@passes/read-model';
import type { ApnsClient, PushResult } from '../apple/apns-client';
import type { GoogleUpdateResult, GoogleWalletApi } from '../google/google-wallet-api';
import { loyaltyClassId, loyaltyClassImages, loyaltyObjectFields, loyaltyObjectId } from '../google/loyalty-objects';
import type { WalletPasses } from '../wallet-pass';
import { WALLET_NOTIFICATION, type WalletWork } from './wallet-notification-kind';

const READ_MODEL_WAIT_MS = 5_000;
const LEASE_MARGIN_MS = 5_000;
const SYSTEM_CONTEXT = { actor: 'system:wallet-notifier', correlationId: 'wallet-notifier' };

/** What one attempt came to. */
type Result = 'done' | { retry: string } | { failed: string };

export interface NotificationSenderOptions {
  /** The time an object is updated at: its rewards' statuses are as of then. */
  now: () => Date;
  retryScheduleMs: readonly number[];
  timeoutMs: number;
  maxConcurrent: number;
}

export interface NotificationChannels {
  apns: ApnsClient | null;
  google: { api: GoogleWalletApi; issuerId: string; appUrl: () => string } | null;
}

export class NotificationSender implements WorkHandler<WalletWork> {
  readonly kind = WALLET_NOTIFICATION;
  readonly leaseMs: number;
  readonly retryScheduleMs: readonly number[];
  readonly maxConcurrent: number;
  private readonly now: () => Date;

  constructor(
    private readonly channels: NotificationChannels,
    private readonly readModels: Pick<ReadModels, 'businesses' | 'passes' | 'templates'>,
    private readonly projections: CheckpointWaiter,
    private readonly walletPasses: WalletPasses,
    private readonly registrations: WalletRegistrations,
    options: NotificationSenderOptions,
  ) {
    this.leaseMs = READ_MODEL_WAIT_MS + options.timeoutMs + LEASE_MARGIN_MS;
    this.retryScheduleMs = options.retryScheduleMs;
    this.maxConcurrent = options.maxConcurrent;
    this.now = options.now;
  }

  async handle(notification: Work<WalletWork>): Promise<WorkResult> {
    await this.projections.waitFor(positionFromSortable(notification.order), READ_MODEL_WAIT_MS);
    const result = await this.perform(notification.payload);
    if (result === 'done') return { outcome: 'done' };
    return 'failed' in result ? { outcome: 'dead', error: result.failed } : { outcome: 'retry', error: result.retry };
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
    return googleResult(await google.api.patchObject(loyaltyObjectId(google.issuerId, passId), loyaltyObjectFields(walletPass, this.now())));
  }

  private async updateClass(templateId: string): Promise<Result> {
    const { google } = this.channels;
    if (!google) return { failed: 'Google Wallet is not configured' };
    const template = await this.readModels.templates.get(templateId);
    const business = template ? await this.readModels.businesses.get(template.businessId) : null;
    if (!template || !business) return 'done';
    const fields = { issuerName: business.name, programName: template.name, hexBackgroundColor: template.colors.background, ...loyaltyClassImages(template, google.appUrl()) };
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
