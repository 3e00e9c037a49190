/** What a business's plan allows, and how much of it the business uses (spec: Plan limits; DESIGN §5). */
import {
  assertNever,
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
import type { Position } from '@passes/event-store';
import { collections, lookupKeys, type BusinessUsage, type DocumentStore } from '@passes/read-model';

export interface PlanStatus {
  plan: Plan;
  limits: PlanLimits;
  usage: Usage;
  features: Readonly<Record<ProFeature, boolean>>;
}

/**
 * Counts come from the read models, which every command waits for before answering, so sequential
 * requests see exact counts; requests racing each other at the limit may pass it by their number, except
 * live passes, which `LivePassAdmissions` holds exactly within a process.
 * Passes and templates are counted as they are created (`BusinessUsage`), so reading them costs the
 * same however many a business has; webhooks, at most a few by plan, are counted on each read.
 */
export class Plans {
  constructor(private readonly documents: DocumentStore) {}

  async status(businessId: string): Promise<PlanStatus> {
    const [plan, counted, webhooks] = await Promise.all([this.planOf(businessId), this.countedOf(businessId), this.webhooksOf(businessId)]);
    return {
      plan,
      limits: PLAN_LIMITS[plan],
      usage: { templates: counted.templates, passes: counted.livePasses, webhooks },
      features: Object.fromEntries(PRO_FEATURES.map((feature) => [feature, hasFeature(plan, feature)])) as Record<ProFeature, boolean>,
    };
  }

  async requireFeature(businessId: string, feature: ProFeature): Promise<void> {
    requireFeature(await this.planOf(businessId), feature);
  }

  /** Refuses, with the 402 refusal, adding `adding` of a resource beyond the plan's limit. */
  async requireRoomFor(businessId: string, resource: CountedResource, adding = 1): Promise<void> {
    const plan = await this.planLimiting(businessId, resource);
    if (plan !== null) requireWithinLimit(plan, resource, await this.used(businessId, resource), adding);
  }

  /** The business's plan when it limits `resource`; null when it does not (Pro's passes), so nothing need be counted. */
  async planLimiting(businessId: string, resource: CountedResource): Promise<Plan | null> {
    const plan = await this.planOf(businessId);
    return PLAN_LIMITS[plan][resource] === null ? null : plan;
  }

  /** The live passes the usage read model counts, and the feed position it has taken in (null before any). */
  async countedLivePasses(businessId: string): Promise<{ livePasses: number; position: Position | null }> {
    const usage = await this.documents.get<BusinessUsage>(collections.businessUsage, businessId);
    return usage ? { livePasses: usage.doc.livePasses, position: usage.doc.position } : { livePasses: 0, position: null };
  }

  private async used(businessId: string, resource: CountedResource): Promise<number> {
    switch (resource) {
      case 'templates':
        return (await this.countedOf(businessId)).templates;
      case 'passes':
        return (await this.countedOf(businessId)).livePasses;
      case 'webhooks':
        return this.webhooksOf(businessId);
      default:
        return assertNever(resource);
    }
  }

  private async countedOf(businessId: string): Promise<Pick<BusinessUsage, 'livePasses' | 'templates'>> {
    const usage = await this.documents.get<BusinessUsage>(collections.businessUsage, businessId);
    return usage?.doc ?? { livePasses: 0, templates: 0 };
  }

  private webhooksOf(businessId: string): Promise<number> {
    return this.documents.count(collections.webhooks, 'business', lookupKeys.byBusiness(businessId));
  }

  private async planOf(businessId: string): Promise<Plan> {
    const business = await this.documents.get<Business>(collections.businesses, businessId);
    if (!business) throw new DomainError('not_found', `Business '${businessId}' not found`);
    return business.doc.plan;
  }
}
