/** Every call a signed-in screen makes, for the session's business. */
import { segment, type ApiClient } from './api-client';
import { automationsApi } from './endpoints/automations';
import { businessApi } from './endpoints/business';
import { milestonesApi } from './endpoints/milestones';
import { passesApi } from './endpoints/passes';
import { templatesApi } from './endpoints/templates';
import { webhooksApi } from './endpoints/webhooks';

export function dashboardApi(client: ApiClient, businessId: string) {
  const business = `/businesses/${segment(businessId)}`;
  return {
    business: businessApi(client, business),
    templates: templatesApi(client, business),
    milestones: milestonesApi(client, business),
    passes: passesApi(client, business),
    webhooks: webhooksApi(client, business),
    automations: automationsApi(client, business),
  };
}

export type DashboardApi = ReturnType<typeof dashboardApi>;
