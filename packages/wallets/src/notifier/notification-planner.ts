/**
 * The wallet notifications an event calls for: a change to a pass pushes every device its stream had
 * registered at that event, and updates its Google Wallet object; a change to a template pushes the
 * devices of its registered passes and updates its Google Wallet class. Ids derive from the event, so a
 * redelivered event records nothing new (the feed is at-least-once).
 */
import { hash } from 'node:crypto';
import { aggregateIdOf, isEventOf, passAggregate, passEvents, templateEvents, type Pass, type PassEventType } from '@passes/domain';
import { newWork, type NewWork } from '@passes/background-work';
import { sortablePosition, type EventStore, type RecordedEvent } from '@passes/event-store';
import { lookupKeys, StreamStates, type ReadModels } from '@passes/read-model';
import { WALLET_NOTIFICATION, type WalletWork } from './wallet-notification-kind';

/**
 * Facts that change nothing a wallet shows: a scan, the registrations themselves, an automation's run
 * (what its actions change comes as events of their own), and the holder's choice of automation emails.
 */
const UNSEEN: ReadonlySet<PassEventType> = new Set<PassEventType>(['PassScanned', 'PassInstalled', 'PassUninstalled', 'AutomationRan', 'AutomationEmailsStopped', 'AutomationEmailsResumed']);

export interface NotificationPlannerOptions {
  apple: boolean;
  google: boolean;
  now: () => Date;
}

export class NotificationPlanner {
  private readonly passes: StreamStates;

  constructor(
    events: EventStore,
    private readonly readModels: Pick<ReadModels, 'passes'>,
    private readonly options: NotificationPlannerOptions,
  ) {
    this.passes = new StreamStates(events);
  }

  async workOf(event: RecordedEvent): Promise<NewWork[]> {
    const createdAt = this.options.now();
    const order = sortablePosition(event.position);
    const works = await this.notificationsOf(event);
    return works.map((work) => newWork(WALLET_NOTIFICATION, { id: notificationId(event.id, work), order, payload: work, dueAt: createdAt, createdAt }));
  }

  private async notificationsOf(event: RecordedEvent): Promise<WalletWork[]> {
    if (isEventOf(passEvents, event.type)) {
      // A pass just issued is in no wallet yet.
      if (UNSEEN.has(event.type) || event.type === 'PassIssued') return [];
      // The pass as it was right after the event: the devices registered then are the ones to tell.
      const pass = await this.passes.stateAfter(passAggregate, event);
      if (pass === null) return [];
      return [...(this.options.apple ? pushes(pass) : []), ...(this.options.google ? [{ kind: 'google_object' as const, passId: pass.id }] : [])];
    }
    if (isEventOf(templateEvents, event.type) && (event.type === 'TemplateUpdated' || event.type === 'TemplateImageChanged')) {
      const templateId = aggregateIdOf(event.stream, 'template');
      const registered = this.options.apple
        ? await this.readModels.passes.find('wallet_template', lookupKeys.walletPassesOfTemplate(templateId))
        : [];
      return [...registered.flatMap(pushes), ...(this.options.google ? [{ kind: 'google_class' as const, templateId }] : [])];
    }
    return [];
  }
}

function pushes(pass: Pass): WalletWork[] {
  return Object.entries(pass.walletDevices).map(([deviceLibraryIdentifier, pushToken]) => ({ kind: 'apple_push', passId: pass.id, deviceLibraryIdentifier, pushToken }));
}

function notificationId(eventId: string, work: WalletWork): string {
  const target = work.kind === 'apple_push' ? `${work.passId}/${work.deviceLibraryIdentifier}/${work.pushToken}` : work.kind === 'google_object' ? work.passId : work.templateId;
  return `wn_${hash('sha256', `${eventId}/${work.kind}/${target}`, 'hex').slice(0, 32)}`;
}
