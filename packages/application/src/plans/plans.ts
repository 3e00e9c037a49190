/** What a business's plan allows, and how much of it the business uses (spec: Plan limits; DESIGN §5). */
import {
  COUNTED_RESOURCES,
  DomainError,
  PLAN_LIMITS,
  PRO_FEATURES,
  hasFeature,
  requireFeature,
  requireWithinLimit,
  type Business,
  type CountedResource,
  type Plan,
  type PlanLimits,
  type ProFeature,
  type Usage,
} from '@passes/domain';
import { collections, lookupKeys, type DocumentStore } from '@passes/read-model';
import type { PassQueries } from '../passes/pass-queries';

export interface PlanStatus {
  plan: Plan;
  limits: PlanLimits;
  usage: Usage;
  features: Readonly<Record<ProFeature, boolean>>;
}

/**
 * Counts come from the read models, which every command waits for before answering, so sequential
 * requests see exact counts; requests racing each other at the limit may pass it by their number.
 */
export class Plans {
  private readonly counters: Readonly<Record<CountedResource, (businessId: string) => Promise<number>>>;

  constructor(
    private readonly documents: DocumentStore,
    passes: PassQueries,
  ) {
    this.counters = {
      templates: (businessId) => documents.count(collections.templates, 'business', lookupKeys.byBusiness(businessId)),
      passes: (businessId) => passes.countLive(businessId),
      webhooks: (businessId) => documents.count(collections.webhooks, 'business', lookupKeys.byBusiness(businessId)),
    };
  }

  async status(businessId: string): Promise<PlanStatus> {
    const plan = await this.planOf(businessId);
    const counts = await Promise.all(COUNTED_RESOURCES.map(async (resource) => [resource, await this.counters[resource](businessId)] as const));
    return {
      plan,
      limits: PLAN_LIMITS[plan],
      usage: Object.fromEntries(counts) as Record<CountedResource, number>,
      features: Object.fromEntries(PRO_FEATURES.map((feature) => [feature, hasFeature(plan, feature)])) as Record<ProFeature, boolean>,
    };
  }

  async requireFeature(businessId: string, feature: ProFeature): Promise<void> {
    requireFeature(await this.planOf(businessId), feature);
  }

  /** Refuses, with the 402 refusal, adding `adding` of a resource beyond the plan's limit. */
  async requireRoomFor(businessId: string, resource: CountedResource, adding = 1): Promise<void> {
    const plan = await this.planOf(businessId);
    if (PLAN_LIMITS[plan][resource] === null) return;
    requireWithinLimit(plan, resource, await this.counters[resource](businessId), adding);
  }

  private async planOf(businessId: string): Promise<Plan> {
    const business = await this.documents.get<Business>(collections.businesses, businessId);
    if (!business) throw new DomainError('not_found', `Business '${businessId}' not found`);
    return business.doc.plan;
  }
}
