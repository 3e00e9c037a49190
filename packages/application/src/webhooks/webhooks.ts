/**
 * Webhooks of a business: registered with the secret shown once, listed without it, deleted; their
 * delivery log, and redelivery by hand. The dispatcher disables a webhook whose endpoint answered 410.
 */
import { DomainError, streamNames, webhookAggregate, type Webhook, type WebhookEventName } from '@passes/domain';
import { lookupKeys, type ReadModels } from '@passes/read-model';
import { newWebhookSecret, webhookTargetProblem, type Delivery, type DeliveryLog, type HostResolver, type TargetPolicy, type WebhookSecretCipher } from '@passes/webhooks';
import { awaitReflection, runAdmitted, type Admission, type PlanLimitAdmissions } from '../plans/plan-limit-admissions';
import type { Clock } from '../shared/clock';
import type { CommandContext } from '../shared/command-context';
import type { CommandHandler } from '../shared/command-handler';
import type { IdGenerator } from '../shared/id-generator';
import type { ReadYourWrites } from '../shared/read-your-writes';

/** Newest first; older deliveries are kept but not listed. */
const DELIVERY_LOG_LENGTH = 100;

interface WebhookRegistration {
  url: string;
  events: readonly WebhookEventName[];
  description: string | null;
}

interface RegisteredWebhook {
  webhook: Webhook;
  /** The signing secret itself: returned this once, stored only encrypted. */
  secret: string;
}

export interface WebhookPorts {
  deliveries: DeliveryLog;
  cipher: WebhookSecretCipher;
  policy: TargetPolicy;
  /** Resolves the URL's host at registration; delivery checks again, against the addresses of that moment. */
  resolveHost: HostResolver;
  /** Tells the dispatcher a delivery is due now. */
  wakeDispatcher: () => void;
}

export class Webhooks {
  constructor(
    private readonly commands: CommandHandler,
    private readonly readModels: Pick<ReadModels, 'webhooks'>,
    private readonly ports: WebhookPorts,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly readYourWrites: ReadYourWrites,
    private readonly admissions: PlanLimitAdmissions,
  ) {}

  async register(businessId: string, registration: WebhookRegistration, context: CommandContext): Promise<RegisteredWebhook> {
    const problem = await webhookTargetProblem(registration.url, this.ports.policy, this.ports.resolveHost);
    if (problem !== null) throw new DomainError('validation_error', `url ${problem}.`, { issues: [{ path: 'url', message: problem }] });
    const admission = await this.admissions.admitOne(businessId, 'webhooks');
    return runAdmitted(admission, () => this.registerAdmitted(businessId, registration, context, admission));
  }

  private async registerAdmitted(businessId: string, registration: WebhookRegistration, context: CommandContext, admission: Admission): Promise<RegisteredWebhook> {
    const webhookId = this.ids.newId();
    const secret = newWebhookSecret((size) => this.ids.randomBytes(size));
    const result = await this.commands.handle(webhookAggregate, { stream: streamNames.webhook(webhookId), businessId, context }, () => ({
      type: 'RegisterWebhook' as const,
      webhookId,
      businessId,
      url: registration.url,
      events: registration.events,
      description: registration.description,
      secretCiphertext: this.ports.cipher.encrypt(secret, webhookId),
      now: this.clock.now(),
    }));
    if (!result.state || result.position === null) throw new Error('RegisterWebhook produced no webhook');
    await awaitReflection(admission, result.position, this.readYourWrites);
    return { webhook: result.state, secret };
  }

  async list(businessId: string): Promise<Webhook[]> {
    return this.readModels.webhooks.find('business', lookupKeys.byBusiness(businessId));
  }

  async get(businessId: string, webhookId: string): Promise<Webhook> {
    const webhook = await this.readModels.webhooks.get(webhookId);
    if (!webhook || webhook.businessId !== businessId) throw new DomainError('not_found', `Webhook '${webhookId}' not found`);
    return webhook;
  }

  async delete(businessId: string, webhookId: string, context: CommandContext): Promise<void> {
    await this.get(businessId, webhookId);
    const result = await this.commands.handle(webhookAggregate, { stream: streamNames.webhook(webhookId), businessId, context }, () => ({
      type: 'DeleteWebhook' as const,
      now: this.clock.now(),
    }));
    if (result.position !== null) await this.readYourWrites.waitFor(result.position);
  }

  /** Called by the dispatcher when the endpoint answered 410 Gone; no caller waits for the read model. */
  async disableGone(webhookId: string, statusCode: number, context: CommandContext): Promise<void> {
    const webhook = await this.readModels.webhooks.get(webhookId);
    await this.commands.handle(webhookAggregate, { stream: streamNames.webhook(webhookId), businessId: webhook?.businessId ?? null, context }, () => ({
      type: 'DisableWebhook' as const,
      reason: 'endpoint_gone' as const,
      statusCode,
      now: this.clock.now(),
    }));
  }

  async deliveries(businessId: string, webhookId: string): Promise<Delivery[]> {
    await this.get(businessId, webhookId);
    return this.ports.deliveries.listByWebhook(webhookId, DELIVERY_LOG_LENGTH);
  }

  /** Makes the delivery due now, whatever became of it; its attempts keep counting. */
  async retryDelivery(businessId: string, webhookId: string, deliveryId: string): Promise<Delivery> {
    const webhook = await this.get(businessId, webhookId);
    const delivery = await this.ports.deliveries.get(deliveryId);
    if (!delivery || delivery.webhookId !== webhookId) throw new DomainError('not_found', `Delivery '${deliveryId}' not found`);
    if (webhook.status !== 'active') throw new DomainError('invalid_state', `Cannot redeliver to a webhook that is ${webhook.status}.`);
    await this.ports.deliveries.reschedule(deliveryId, this.clock.now());
    this.ports.wakeDispatcher();
    const rescheduled = await this.ports.deliveries.get(deliveryId);
    if (!rescheduled) throw new Error(`Delivery ${deliveryId} vanished`);
    return rescheduled;
  }
}
