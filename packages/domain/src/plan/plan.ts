/** Plans and what they allow (spec: Plan limits). Pure rules; the application supplies usage counts. */
import { DomainError } from '../shared/domain-error';

export type Plan = 'free' | 'pro';
export const PLANS: readonly Plan[] = ['free', 'pro'];

/** Features only Pro has. */
export type ProFeature = 'api_access' | 'bulk_operations' | 'automations' | 'analytics_export' | 'online_payments';
export const PRO_FEATURES: readonly ProFeature[] = ['api_access', 'bulk_operations', 'automations', 'analytics_export', 'online_payments'];

export type CountedResource = 'templates' | 'passes' | 'webhooks';
export const COUNTED_RESOURCES: readonly CountedResource[] = ['templates', 'passes', 'webhooks'];

/**
 * Counted limits that the limited aggregate decides itself, given the plan and its count with the
 * command (DESIGN §8): reward milestones, active ones counted; campaigns, all but deleted ones.
 */
export type DecidedLimit = 'reward_milestones' | 'campaigns';

/** Every `feature` a 402 can name: a Pro feature or a limit reached. */
export type RefusedFeature = ProFeature | CountedResource | DecidedLimit;
export const REFUSED_FEATURES: readonly RefusedFeature[] = [...PRO_FEATURES, ...COUNTED_RESOURCES, 'reward_milestones', 'campaigns'];

/** Every limit a plan sets and `GET /businesses/me` shows, counted by the application or decided by an aggregate. */
export type LimitedResource = CountedResource | DecidedLimit;
export const LIMITED_RESOURCES: readonly LimitedResource[] = [...COUNTED_RESOURCES, 'reward_milestones', 'campaigns'];

/** `null` is unlimited. */
export type PlanLimits = Readonly<Record<CountedResource, number | null>>;

export const PLAN_LIMITS: Readonly<Record<Plan, PlanLimits>> = {
  free: { templates: 1, passes: 100, webhooks: 1 },
  pro: { templates: null, passes: null, webhooks: 20 },
};

const DECIDED_LIMITS: Readonly<Record<Plan, Readonly<Record<DecidedLimit, number | null>>>> = {
  free: { reward_milestones: 1, campaigns: 1 },
  pro: { reward_milestones: null, campaigns: null },
};

const PLAN_FEATURES: Readonly<Record<Plan, ReadonlySet<ProFeature>>> = {
  free: new Set(),
  pro: new Set(PRO_FEATURES),
};

const FEATURE_NAMES: Readonly<Record<ProFeature, string>> = {
  api_access: 'API access',
  bulk_operations: 'Bulk operations',
  automations: 'Automations',
  analytics_export: 'Analytics export',
  online_payments: 'Online payments',
};

const RESOURCE_NAMES: Readonly<Record<CountedResource | DecidedLimit, { one: string; many: string }>> = {
  templates: { one: 'template', many: 'templates' },
  passes: { one: 'issued pass', many: 'issued passes' },
  webhooks: { one: 'webhook', many: 'webhooks' },
  reward_milestones: { one: 'active reward milestone', many: 'active reward milestones' },
  campaigns: { one: 'campaign', many: 'campaigns' },
};

/** Every limit of the plan; `null` is unlimited. */
export function limitsOf(plan: Plan): Readonly<Record<LimitedResource, number | null>> {
  return { ...PLAN_LIMITS[plan], ...DECIDED_LIMITS[plan] };
}

export function hasFeature(plan: Plan, feature: ProFeature): boolean {
  return PLAN_FEATURES[plan].has(feature);
}

/** The refusal the spec shows as 402 `{error: "pro_feature", feature, plan, message}`. */
export class PlanRefusal extends DomainError {
  constructor(
    readonly feature: RefusedFeature,
    readonly plan: Plan,
    message: string,
  ) {
    super('pro_feature', message, { feature, plan });
    this.name = 'PlanRefusal';
  }
}

export function requireFeature(plan: Plan, feature: ProFeature): void {
  if (!hasFeature(plan, feature)) {
    throw new PlanRefusal(feature, plan, `${FEATURE_NAMES[feature]} is a Pro feature; this business is on the ${plan} plan.`);
  }
}

/** Refuses adding `adding` more of a resource when that would pass the plan's limit. */
export function requireWithinLimit(plan: Plan, resource: CountedResource | DecidedLimit, used: number, adding = 1): void {
  const limit = resource === 'reward_milestones' || resource === 'campaigns' ? DECIDED_LIMITS[plan][resource] : PLAN_LIMITS[plan][resource];
  if (limit === null || used + adding <= limit) return;
  const noun = limit === 1 ? RESOURCE_NAMES[resource].one : RESOURCE_NAMES[resource].many;
  const upgrade = plan === 'free' ? ' Upgrade to Pro for more.' : '';
  throw new PlanRefusal(resource, plan, `The ${plan} plan allows ${limit} ${noun}; this business has ${used}.${upgrade}`);
}
