/**
 * Analytics (PROGRAMME §4): a business's counts day by day, under `/businesses/:business_id/analytics`,
 * behind authentication, on both plans; a sandbox key sees its sandbox passes' counts. Exports (Pro) are
 * queued there, read while they are made, and their CSV downloaded once ready.
 */
import { pipeline } from 'node:stream/promises';
import type { Application } from '@passes/application';
import { createAnalyticsExportBody, type AnalyticsResponse } from '@passes/contracts';
import { commandContextOf, passScopeOf } from '../http/authentication';
import { parseBody } from '../http/parse-body';
import { optionalParameter } from '../http/query-parameters';
import type { RouteGroup } from '../http/route-group';
import { analyticsExportRepresentation } from '../representations/analytics-export-representation';
import { analyticsDate } from './analytics-parameters';

export function addAnalyticsRoutes(routes: RouteGroup, application: Application): void {
  const exports = application.analyticsExports;
  const exportIdOf = (params: Record<string, unknown>) => String(params['export_id']);

  routes.get('/', async (request, response) => {
    const report = await application.analytics.report(passScopeOf(response), {
      from: analyticsDate(request, 'from'),
      to: analyticsDate(request, 'to'),
      zone: optionalParameter(request, 'tz') ?? 'UTC',
      templateId: optionalParameter(request, 'template_id'),
    });
    response.json(report satisfies AnalyticsResponse);
  });

  routes.post('/exports', async (request, response) => {
    const body = parseBody(createAnalyticsExportBody, request);
    const asked = { kind: body.kind, from: body.from ?? null, to: body.to ?? null, tz: body.tz ?? 'UTC', templateId: body.template_id ?? null };
    const exported = await exports.request(passScopeOf(response), asked, commandContextOf(response));
    response.status(202).json(analyticsExportRepresentation(exported, exports));
  });

  routes.get('/exports/:export_id', async (request, response) => {
    response.json(analyticsExportRepresentation(await exports.get(passScopeOf(response), exportIdOf(request.params)), exports));
  });

  routes.get('/exports/:export_id/download', async (request, response) => {
    const { exported, content } = await exports.download(passScopeOf(response), exportIdOf(request.params));
    response.status(200);
    response.setHeader('content-type', 'text/csv; charset=utf-8');
    response.setHeader('content-disposition', `attachment; filename="analytics-${exported.kind}-${exported.id}.csv"`);
    response.setHeader('cache-control', 'no-store');
    response.setHeader('x-content-type-options', 'nosniff');
    if (exported.bytes !== null) response.setHeader('content-length', String(exported.bytes));
    try {
      await pipeline(content, response);
    } catch (error) {
      // The caller closed the connection before the last byte was handed over: theirs to retry, not a failure here.
      if (response.destroyed) return;
      throw error;
    }
  });
}
