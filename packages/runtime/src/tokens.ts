/** Injection tokens of the composition roots: one per port, typed at the `inject` site by the port. */
export const TOKENS = {
  config: Symbol('Config'),
  clock: Symbol('Clock'),
  ids: Symbol('IdGenerator'),
  logger: Symbol('Logger'),
  metrics: Symbol('Metrics'),
  eventStore: Symbol('EventStore'),
  documentStore: Symbol('DocumentStore'),
  workStore: Symbol('WorkStore'),
  rateLimitStore: Symbol('RateLimitStore'),
  idempotencyStore: Symbol('IdempotencyStore'),
  checkpointStore: Symbol('CheckpointStore'),
  mailer: Symbol('Mailer'),
  /** `CatchUpRunner | null`: where the projector catches rebuilt generations up. */
  catchUpRunner: Symbol('CatchUpRunner'),
  /** The events the webhook dispatcher notifies of: the event store itself, or the Kafka topic. */
  webhookFeed: Symbol('WebhookFeed'),
  /** The events the wallet notifier follows, the same way, on its own checkpoint or consumer group. */
  walletFeed: Symbol('WalletFeed'),
  /** `() => string`: the public site's address, `{app_url}`: PASSES_APP_URL, or where the embedded API listens. */
  appUrl: Symbol('AppUrl'),
  /** How a command's response waits for the read models (DESIGN §4). */
  readYourWrites: Symbol('ReadYourWrites'),
  /** `HostResolver`: how webhook hosts are resolved at registration. */
  hostResolver: Symbol('HostResolver'),
  /** `HostResolver`: how a webhook delivery finds its target's addresses. */
  deliveryHostResolver: Symbol('DeliveryHostResolver'),
} as const;
