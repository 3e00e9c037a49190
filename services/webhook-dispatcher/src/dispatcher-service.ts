/**
 * The webhook dispatcher of a process, with the wallet notifier beside it when a wallet is configured
 * (pushes and Google Wallet updates follow the event feed like webhooks). Any number run side by side:
 * deliveries are recorded idempotently and each webhook is leased to one dispatcher per attempt. In the
 * embedded profile it runs inside the API process and follows the event store; in the distributed one it
 * is a process of its own in a Kafka consumer group.
 */
import { AutomationProcess, registerProgrammeWork, type Application } from '@passes/application';
import { SETTLED_WORK_SWEEP_PERIOD_MS, SettledWorkSweep, workLag, type WorkRunner } from '@passes/background-work';
import type { EventFeed } from '@passes/event-store';
import { CheckpointWaiter, collections } from '@passes/read-model';
import { serviceSecrets, TOKENS, type FollowerHealth, type PortRegistry } from '@passes/runtime';
import { WalletNotifier, type Wallets } from '@passes/wallets';
import { WebhookDispatcher } from '@passes/webhooks';

/** How often the notifier looks at another process's projector while a push waits for the read models. */
const READ_MODEL_POLL_INTERVAL_MS = 20;

/** Recorded as the actor of what the dispatcher decides on its own (disabling a webhook after 410). */
const DISPATCHER_CONTEXT = { actor: 'system:webhook-dispatcher', correlationId: 'webhook-dispatcher' };

/** What the process hands the dispatcher besides its ports: its use cases, the feeds it follows, its runner. */
export interface DispatcherParts {
  application: Application;
  wallets: Wallets;
  /** The events the webhook dispatcher notifies of: the event store itself, or the Kafka topic. */
  webhookFeed: EventFeed;
  /** The events the wallet notifier follows, the same way, on its own checkpoint or consumer group. */
  walletFeed: EventFeed;
  /** The events the automations follow (PROGRAMME §3), on their own checkpoint or consumer group. */
  automationFeed: EventFeed;
  /** The process's background-work runner: the deliveries and notifications are sent on it. */
  runner: WorkRunner;
}

export class DispatcherService {
  readonly dispatcher: WebhookDispatcher;
  /** Null when neither wallet is configured. */
  readonly walletNotifier: WalletNotifier | null;
  /** Where the notifier sees whether another process's projector has reached an event. */
  private readonly projections: CheckpointWaiter;
  private readonly webhookFeed: EventFeed;
  private readonly walletFeed: EventFeed;
  private readonly automationFeed: EventFeed;
  /** The automations' process manager and its work, beside the webhooks in the same process. */
  private readonly automations: AutomationProcess;

  constructor(ports: PortRegistry, { application, wallets, webhookFeed, walletFeed, automationFeed, runner }: DispatcherParts) {
    this.webhookFeed = webhookFeed;
    this.walletFeed = walletFeed;
    this.automationFeed = automationFeed;
    const config = ports.get(TOKENS.config);
    const clock = ports.get(TOKENS.clock);
    const logger = ports.get(TOKENS.logger);
    const metrics = ports.get(TOKENS.metrics);
    const events = ports.get(TOKENS.eventStore);
    const documents = ports.get(TOKENS.documentStore);
    const work = ports.get(TOKENS.workStore);
    this.dispatcher = new WebhookDispatcher(webhookFeed, events, work, runner, serviceSecrets(config).cipher, {
      clock,
      retryScheduleMs: config.webhookRetryScheduleMs,
      policy: { allowPrivate: config.webhookAllowPrivate },
      resolveHost: ports.get(TOKENS.deliveryHostResolver),
      timeoutMs: config.webhookTimeoutMs,
      onEndpointGone: (webhookId, statusCode) => application.webhooks.disableGone(webhookId, statusCode, DISPATCHER_CONTEXT),
      onError: (error) => logger.error('webhook dispatcher failed; it carries on by itself', { error }),
      onAttempted: (outcome) => metrics.webhookAttempted(outcome),
    });
    registerProgrammeWork(application, runner, clock);
    runner.every(new SettledWorkSweep(work, { retentionMs: config.workRetentionMs, now: () => clock.now() }), { periodMs: SETTLED_WORK_SWEEP_PERIOD_MS, payload: {} });
    // Every kind the runner does, the wallet notifier's included once it registers below.
    metrics.watchWorkBacklog(() => workLag(work, clock.now(), runner.kinds()));
    this.automations = new AutomationProcess({
      feed: automationFeed,
      events,
      readModels: ports.get(TOKENS.readModels),
      work,
      runner,
      runs: application.automationRuns,
      mailer: ports.get(TOKENS.mailer),
      unsubscribeLinks: application.automationEmails.links,
      clock,
      onError: (error) => logger.error('automations failed; they carry on by themselves', { error }),
    });
    metrics.watchFollowers(() => this.followers());
    this.projections = new CheckpointWaiter(documents, [collections.passes, collections.templates], READ_MODEL_POLL_INTERVAL_MS);
    const { apple, google } = config.wallets;
    this.walletNotifier =
      apple === null && google === null
        ? null
        : new WalletNotifier(
            config.wallets,
            {
              feed: walletFeed,
              events,
              readModels: ports.get(TOKENS.readModels),
              work,
              runner,
              projections: this.projections,
              walletPasses: wallets.passes,
              registrations: application.walletRegistrations,
              appUrl: wallets.appUrl,
            },
            {
              clock,
              retryScheduleMs: config.walletRetryScheduleMs,
              timeoutMs: config.walletTimeoutMs,
              // Never a token, a device or a pass's content: only what failed.
              onError: (error) => logger.error('wallet notifier failed; it carries on by itself', { error }),
            },
          );
  }

  /** Follows the feeds, recording the deliveries and notifications each event calls for. */
  async start(): Promise<void> {
    await this.dispatcher.start();
    await this.walletNotifier?.start();
    await this.automations.start();
  }

  /** Whether each follower of the event feed follows: `/readyz` and the metrics say so. */
  followers(): FollowerHealth[] {
    const webhooks = { follower: 'webhook-dispatcher', ...this.webhookFeed.health() };
    const automations = { follower: 'automations', ...this.automationFeed.health() };
    return this.walletNotifier === null ? [webhooks, automations] : [webhooks, { follower: 'wallet-notifier', ...this.walletFeed.health() }, automations];
  }

  /** Stops following the feeds; what was recorded stays due on the runner. */
  async stop(): Promise<void> {
    await this.dispatcher.stop();
    await this.walletNotifier?.stop();
    await this.automations.stop();
  }

  /** Once the process's runner has stopped too. */
  close(): void {
    this.walletNotifier?.close();
    this.projections.close();
  }
}
