/** Every call a signed-in screen makes, for the session's business. */
import { segment, type ApiClient } from './api-client';
import { analyticsApi } from './endpoints/analytics';
import { automationsApi } from './endpoints/automations';
import { businessApi } from './endpoints/business';
import { customersApi } from './endpoints/customers';
import { campaignsApi } from './endpoints/campaigns';
import { milestonesApi } from './endpoints/milestones';
import { passesApi } from './endpoints/passes';
import { paymentsApi } from './endpoints/payments';
import { templatesApi } from './endpoints/templates';
import { usersApi } from './endpoints/users';
import { webhooksApi } from './endpoints/webhooks';

export function dashboardApi(client: ApiClient, businessId: string) {
  const business = `/businesses/${segment(businessId)}`;
  return {
    business: businessApi(client, business),
    templates: templatesApi(client, business),
    milestones: milestonesApi(client, business),
    passes: passesApi(client, business),
    webhooks: webhooksApi(client, business),
    analytics: analyticsApi(client, business),
    users: usersApi(client, business),
    customers: customersApi(client, business),
    payments: paymentsApi(client, business),
    campaigns: campaignsApi(client, business),
    automations: automationsApi(client, business),
  };
}

export type DashboardApi = ReturnType<typeof dashboardApi>;
