/** What a business's plan allows, and how much of it the business uses (spec: Plan limits; DESIGN §5). */
import {
  assertNever,
  DomainError,
  limitsOf,
  PLAN_LIMITS,
  PRO_FEATURES,
  hasFeature,
  requireFeature,
  type CountedResource,
  type LimitedResource,
  type Mode,
  type Plan,
  type ProFeature,
} from '@passes/domain';
import type { Position } from '@passes/event-store';
import { lookupKeys, type BusinessUsage, type ReadModels } from '@passes/read-model';

export interface PlanStatus {
  plan: Plan;
  /** `null` is unlimited. */
  limits: Readonly<Record<LimitedResource, number | null>>;
  /** Live passes and active live milestones: sandbox ones are free. */
  usage: Readonly<Record<LimitedResource, number>>;
  features: Readonly<Record<ProFeature, boolean>>;
}

/** How many of a resource the read models count, and how far into the feed that count is known to reach. */
export interface CountedUsage {
  used: number;
  /** Every creation appended at or before this position is in `used`; null when none is known to be. */
  position: Position | null;
}

/**
 * Counts come from the read models, which every command waits for before answering, so sequential
 * requests see exact counts; requests racing each other at a limit are held to it by `PlanLimitAdmissions`.
 * Passes and templates are counted as they are created (`BusinessUsage`), so reading them costs the
 * same however many a business has; webhooks, at most a few by plan, are counted on each read.
 */
export class Plans {
  constructor(private readonly readModels: Pick<ReadModels, 'businessUsage' | 'businesses' | 'webhooks' | 'milestones' | 'campaigns'>) {}

  async status(businessId: string): Promise<PlanStatus> {
    const [plan, counted, webhooks, milestones, campaigns] = await Promise.all([
      this.planOf(businessId),
      this.countedOf(businessId),
      this.webhooksOf(businessId),
      this.activeMilestones(businessId, 'live'),
      this.campaignsOf(businessId, 'live'),
    ]);
    return {
      plan,
      limits: limitsOf(plan),
      usage: { templates: counted.templates, passes: counted.livePasses, webhooks, reward_milestones: milestones, campaigns },
      features: Object.fromEntries(PRO_FEATURES.map((feature) => [feature, hasFeature(plan, feature)])) as Record<ProFeature, boolean>,
    };
  }

  async requireFeature(businessId: string, feature: ProFeature): Promise<void> {
    requireFeature(await this.planOf(businessId), feature);
  }

  /** The business's plan when it limits `resource`; null when it does not (Pro's passes), so nothing need be counted. */
  async planLimiting(businessId: string, resource: CountedResource): Promise<Plan | null> {
    const plan = await this.planOf(businessId);
    return PLAN_LIMITS[plan][resource] === null ? null : plan;
  }

  /** How many of `resource` the business has, as a plan check counts them. */
  async counted(businessId: string, resource: CountedResource): Promise<CountedUsage> {
    switch (resource) {
      case 'templates':
      case 'passes': {
        const usage = await this.countedOf(businessId);
        return { used: resource === 'passes' ? usage.livePasses : usage.templates, position: usage.position };
      }
      case 'webhooks': {
        // Read before counting, so the count takes in every registration up to it; one projected between
        // the two reads is counted twice by this check, which errs towards refusing.
        const position = await this.readModels.webhooks.checkpoint();
        return { used: await this.webhooksOf(businessId), position };
      }
      default:
        return assertNever(resource);
    }
  }

  /** The business's counted passes and templates, and the feed position they reach; nothing counted yet before its first. */
  private async countedOf(businessId: string): Promise<Pick<BusinessUsage, 'livePasses' | 'templates'> & { position: Position | null }> {
    const usage = await this.readModels.businessUsage.get(businessId);
    return usage ?? { livePasses: 0, templates: 0, position: null };
  }

  /**
   * The business's active milestones of one mode, which the milestone aggregate holds to the plan's limit.
   * A business has a few (one on Free), so they are counted on each read.
   */
  async activeMilestones(businessId: string, mode: Mode): Promise<number> {
    const milestones = await this.readModels.milestones.find('business_mode', lookupKeys.byBusinessMode(businessId, mode));
    return milestones.filter((milestone) => milestone.status === 'active').length;
  }

  /** The business's campaigns of one mode but deleted ones, which the campaign aggregate holds to the plan's limit. */
  campaignsOf(businessId: string, mode: Mode): Promise<number> {
    return this.readModels.campaigns.count('business_mode', lookupKeys.byBusinessMode(businessId, mode));
  }

  private webhooksOf(businessId: string): Promise<number> {
    return this.readModels.webhooks.count('business', lookupKeys.byBusiness(businessId));
  }

  async planOf(businessId: string): Promise<Plan> {
    const business = await this.readModels.businesses.get(businessId);
    if (!business) throw new DomainError('not_found', `Business '${businessId}' not found`);
    return business.plan;
  }
}
