/**
 * The least role each route of a business asks of a dashboard user, by method and route pattern as
 * registered: the one table the role guard reads and docs/api.md states. A route not named here is for
 * owners only, so a new route is safe until someone decides who else may use it.
 */
import type { UserRole } from '@passes/domain';

/** A role for the route, or one per value of a path parameter (an action's name); other values: owner. */
export type RoleRule = UserRole | { param: string; roles: Readonly<Record<string, UserRole>> };

const BUSINESS = '/api/v1/businesses/:business_id';
const PASS = `${BUSINESS}/passes/:identifier`;

export const ROUTE_ROLES: Readonly<Record<string, RoleRule>> = {
  'GET /api/v1/businesses/me': 'staff',
  // Serving customers: find a pass, read it, scan it, act on it.
  [`GET ${BUSINESS}/passes/lookup/email/:email`]: 'staff',
  [`GET ${BUSINESS}/passes/lookup/external/:external_id`]: 'staff',
  [`GET ${PASS}`]: 'staff',
  [`GET ${PASS}/events`]: 'staff',
  [`GET ${PASS}/rewards`]: 'staff',
  [`POST ${PASS}/rewards/:reward_id/redeem`]: 'staff',
  [`POST ${PASS}/:action`]: {
    param: 'action',
    roles: { stamp: 'staff', points: 'staff', charge: 'staff', topup: 'staff', checkin: 'staff', redeem: 'staff', reactivate: 'manager' },
  },
  [`POST ${BUSINESS}/scans`]: 'staff',
  [`GET ${BUSINESS}/passes`]: 'staff',
  [`GET ${BUSINESS}/customers`]: 'staff',
  [`GET ${BUSINESS}/customers/:email`]: 'staff',
  // A pass shows its template: staff read templates, managers make and change them.
  [`GET ${BUSINESS}/templates`]: 'staff',
  [`GET ${BUSINESS}/templates/:template_id`]: 'staff',
  // Running the programme: issuing and changing passes, templates, milestones.
  [`POST ${BUSINESS}/passes`]: 'manager',
  [`POST ${BUSINESS}/passes/bulk`]: 'manager',
  [`PATCH ${BUSINESS}/passes/bulk`]: 'manager',
  [`PATCH ${PASS}`]: 'manager',
  [`DELETE ${PASS}`]: 'manager',
  [`POST ${BUSINESS}/templates`]: 'manager',
  [`PATCH ${BUSINESS}/templates/:template_id`]: 'manager',
  [`PUT ${BUSINESS}/templates/:template_id/images/:slot`]: 'manager',
  [`DELETE ${BUSINESS}/templates/:template_id/images/:slot`]: 'manager',
  [`POST ${BUSINESS}/milestones`]: 'manager',
  [`GET ${BUSINESS}/milestones`]: 'manager',
  [`GET ${BUSINESS}/milestones/:milestone_id`]: 'manager',
  [`PATCH ${BUSINESS}/milestones/:milestone_id`]: 'manager',
  [`DELETE ${BUSINESS}/milestones/:milestone_id`]: 'manager',
  [`POST ${BUSINESS}/campaigns`]: 'manager',
  [`GET ${BUSINESS}/campaigns`]: 'manager',
  [`GET ${BUSINESS}/campaigns/:campaign_id`]: 'manager',
  [`PATCH ${BUSINESS}/campaigns/:campaign_id`]: 'manager',
  [`DELETE ${BUSINESS}/campaigns/:campaign_id`]: 'manager',
  [`POST ${BUSINESS}/campaigns/:campaign_id/send`]: 'manager',
  [`POST ${BUSINESS}/campaigns/:campaign_id/cancel`]: 'manager',
  [`POST ${BUSINESS}/campaigns/:campaign_id/preview`]: 'manager',
  [`GET ${BUSINESS}/campaigns/:campaign_id/recipients`]: 'manager',
  [`POST ${BUSINESS}/automations`]: 'manager',
  [`GET ${BUSINESS}/automations`]: 'manager',
  [`GET ${BUSINESS}/automations/:automation_id`]: 'manager',
  [`PATCH ${BUSINESS}/automations/:automation_id`]: 'manager',
  [`DELETE ${BUSINESS}/automations/:automation_id`]: 'manager',
  [`GET ${BUSINESS}/automations/:automation_id/runs`]: 'manager',
  [`POST ${BUSINESS}/automations/:automation_id/test`]: 'manager',
  // What the programme did, and taking it away: the figures a manager runs the programme by.
  [`GET ${BUSINESS}/analytics`]: 'manager',
  [`POST ${BUSINESS}/analytics/exports`]: 'manager',
  [`GET ${BUSINESS}/analytics/exports/:export_id`]: 'manager',
  [`GET ${BUSINESS}/analytics/exports/:export_id/download`]: 'manager',
  // Money: staff send a customer a payment link as they top up at the counter; managers see payments and
  // refund them; the Stripe account, its top-up amounts and the subscription are the owner's (billing).
  [`POST ${PASS}/payment-links`]: 'staff',
  [`GET ${BUSINESS}/payments`]: 'manager',
  [`POST ${BUSINESS}/payments/:payment_id/refund`]: 'manager',
  // Everything else (API keys, webhooks, users, billing) is the owner's.
};
