/** A business: the tenant that owns templates, passes, API keys and webhooks. Stream `business-{id}`. */
import type { Plan } from '../plan/plan';

export type BusinessEvent =
  | { type: 'BusinessRegistered'; data: { business_id: string; name: string; owner_user_id: string; plan: Plan; occurred_at: string } }
  | { type: 'BusinessPlanChanged'; data: { plan: Plan; previous_plan: Plan; occurred_at: string } };

export type BusinessCommand =
  | { type: 'RegisterBusiness'; businessId: string; name: string; ownerUserId: string; now: Date }
  | { type: 'ChangePlan'; plan: Plan; now: Date };

export interface Business {
  id: string;
  name: string;
  ownerUserId: string;
  plan: Plan;
  createdAt: string;
}

export type BusinessState = Business | null;
