/**
 * The webhook dispatcher as a process's component, with the wallet notifier beside it when a wallet is
 * configured (pushes and Google Wallet updates follow the event feed like webhooks). Any number run side by side: deliveries are
 * recorded idempotently and each webhook is leased to one dispatcher per attempt. In the embedded
 * profile it runs inside the API process and follows the event store; in the distributed one it is a
 * process of its own in a Kafka consumer group.
 */
import { noWait, type Clock, type IdGenerator } from '@passes/application';
import { workLag, type WorkStore } from '@passes/background-work';
import type { EventFeed, EventStore } from '@passes/event-store';
import type { Mailer } from '@passes/mailer';
import { CheckpointWaiter, collections, newLeaseHolder, type DocumentStore } from '@passes/read-model';
import { composeApplication, composeWallets, serviceSecrets, TOKENS, type Config, type Logger, type Metrics } from '@passes/runtime';
import { WALLET_NOTIFICATION, WalletNotifier } from '@passes/wallets';
import { WEBHOOK_DELIVERY, WebhookDispatcher, type HostResolver } from '@passes/webhooks';
import { inject, injectable } from 'tsyringe';

/** How often the notifier looks at another process's projector while a push waits for the read models. */
const READ_MODEL_POLL_INTERVAL_MS = 20;

/** Recorded as the actor of what the dispatcher decides on its own (disabling a webhook after 410). */
const DISPATCHER_CONTEXT = { actor: 'system:webhook-dispatcher', correlationId: 'webhook-dispatcher' };

@injectable()
export class DispatcherService {
  readonly dispatcher: WebhookDispatcher;
  /** Null when neither wallet is configured. */
  readonly walletNotifier: WalletNotifier | null;
  private readonly readModels: CheckpointWaiter;

  constructor(
    @inject(TOKENS.config) config: Config,
    @inject(TOKENS.clock) clock: Clock,
    @inject(TOKENS.ids) ids: IdGenerator,
    @inject(TOKENS.logger) logger: Logger,
    @inject(TOKENS.webhookFeed) feed: EventFeed,
    @inject(TOKENS.eventStore) events: EventStore,
    @inject(TOKENS.documentStore) documents: DocumentStore,
    @inject(TOKENS.workStore) work: WorkStore,
    @inject(TOKENS.mailer) mailer: Mailer,
    @inject(TOKENS.walletFeed) walletFeed: EventFeed,
    @inject(TOKENS.appUrl) appUrl: () => string,
    @inject(TOKENS.metrics) metrics: Metrics,
    @inject(TOKENS.hostResolver) resolveHost: HostResolver,
    @inject(TOKENS.deliveryHostResolver) resolveDeliveryHost: HostResolver,
  ) {
    const application = composeApplication({
      config,
      stores: { events, documents, work, mailer },
      clock,
      ids,
      readYourWrites: noWait,
      appUrl,
      resolveHost,
    });
    this.dispatcher = new WebhookDispatcher(feed, events, work, serviceSecrets(config).cipher, {
      holder: newLeaseHolder(),
      clock,
      retryScheduleMs: config.webhookRetryScheduleMs,
      policy: { allowPrivate: config.webhookAllowPrivate },
      resolveHost: resolveDeliveryHost,
      timeoutMs: config.webhookTimeoutMs,
      pollIntervalMs: config.webhookPollIntervalMs,
      onEndpointGone: (webhookId, statusCode) => application.webhooks.disableGone(webhookId, statusCode, DISPATCHER_CONTEXT),
      onError: (error) => logger.error('webhook dispatcher failed; it carries on by itself', { error }),
      onAttempted: (outcome) => metrics.webhookAttempted(outcome),
    });
    metrics.watchWorkBacklog(() => workLag(work, clock.now(), [WEBHOOK_DELIVERY.name, WALLET_NOTIFICATION.name]));
    this.readModels = new CheckpointWaiter(documents, [collections.passes, collections.templates], READ_MODEL_POLL_INTERVAL_MS);
    const { apple, google } = config.wallets;
    this.walletNotifier =
      apple === null && google === null
        ? null
        : new WalletNotifier(
            config.wallets,
            {
              feed: walletFeed,
              events,
              documents,
              work,
              readModels: this.readModels,
              walletPasses: composeWallets(config, application, documents, appUrl).passes,
              registrations: application.walletRegistrations,
            },
            {
              holder: newLeaseHolder(),
              clock,
              retryScheduleMs: config.walletRetryScheduleMs,
              timeoutMs: config.walletTimeoutMs,
              pollIntervalMs: config.webhookPollIntervalMs,
              // Never a token, a device or a pass's content: only what failed.
              onError: (error) => logger.error('wallet notifier failed; it carries on by itself', { error }),
            },
          );
  }

  async start(): Promise<void> {
    await this.dispatcher.start();
    await this.walletNotifier?.start();
  }

  /** Looks for due deliveries and notifications now: after a manual retry in this process, or a moved test clock. */
  wake(): void {
    this.dispatcher.wake();
    this.walletNotifier?.wake();
  }

  async stop(): Promise<void> {
    await this.dispatcher.stop();
    await this.walletNotifier?.stop();
    this.readModels.close();
  }
}
