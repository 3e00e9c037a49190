/**
 * Analytics (PROGRAMME §4): a business's counts day by day, under `/businesses/:business_id/analytics`,
 * behind authentication, on both plans; a sandbox key sees its sandbox passes' counts.
 */
import type { Application } from '@passes/application';
import type { AnalyticsResponse } from '@passes/contracts';
import { passScopeOf } from '../http/authentication';
import { optionalParameter } from '../http/query-parameters';
import type { RouteGroup } from '../http/route-group';
import { analyticsDate } from './analytics-parameters';

export function addAnalyticsRoutes(routes: RouteGroup, application: Application): void {
  routes.get('/', async (request, response) => {
    const report = await application.analytics.report(passScopeOf(response), {
      from: analyticsDate(request, 'from'),
      to: analyticsDate(request, 'to'),
      zone: optionalParameter(request, 'tz') ?? 'UTC',
      templateId: optionalParameter(request, 'template_id'),
    });
    response.json(report satisfies AnalyticsResponse);
  });
}
