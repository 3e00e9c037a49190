/**
 * Bulk issue and bulk update (spec 2 and 5): `POST` and `PATCH /businesses/:business_id/passes/bulk`.
 * Added to the pass routes before their own, whose `PATCH /:identifier` would otherwise take `bulk` for a
 * pass. Always 200 with the bulk result once the envelope is valid, however many items failed.
 */
import type { Application, BulkItem, BulkUpdateInput, IssuePassInput } from '@passes/application';
import { bulkBody, bulkUpdateItem, issuePassBody, type BulkIssueResponse, type BulkUpdateResponse } from '@passes/contracts';
import type { Request, Response } from 'express';
import { commandContextOf, passScopeOf } from '../http/authentication';
import { requestInLog } from '../http/correlation-id';
import { parseBody, parseBulkItem } from '../http/parse-body';
import { logStoreFailure, type StoreFailure } from '../http/store-failure';
import type { RouteGroup } from '../http/route-group';
import type { Logger } from '@passes/runtime';
import { bulkResult } from '../representations/bulk-result-representation';
import { issueInput, passUpdate } from './pass-bodies-to-commands';

function issueItems(request: Request): BulkItem<IssuePassInput>[] {
  return parseBody(bulkBody, request).passes.map((item) => {
    const parsed = parseBulkItem(issuePassBody, item);
    return 'refusal' in parsed ? parsed : { input: issueInput(parsed.body) };
  });
}

function updateItems(request: Request): BulkItem<BulkUpdateInput>[] {
  return parseBody(bulkBody, request).passes.map((item) => {
    const parsed = parseBulkItem(bulkUpdateItem, item);
    if ('refusal' in parsed) return parsed;
    const { identifier, ...fields } = parsed.body;
    return { input: { identifier, update: passUpdate(fields) } };
  });
}

export function addBulkPassRoutes(routes: RouteGroup, application: Application, logger: Logger): void {
  const reporting = (request: Request, response: Response) => ({
    onUnexpected: (error: unknown, index: number) => logger.error('bulk item failed', { ...requestInLog(request, response), index, error }),
    onStoreFailure: (failure: StoreFailure, items: number) => logStoreFailure(logger, failure, 'bulk items failed', { ...requestInLog(request, response), items }),
  });

  routes.post('/bulk', async (request, response) => {
    const outcomes = await application.bulkPassCommands.issue(passScopeOf(response), issueItems(request), commandContextOf(response));
    response.json(
      bulkResult(outcomes, {
        status: 'created',
        pass: (pass) => ({ id: pass.id, serial_number: pass.serialNumber }),
        ...reporting(request, response),
      }) satisfies BulkIssueResponse,
    );
  });

  routes.patch('/bulk', async (request, response) => {
    const outcomes = await application.bulkPassCommands.update(passScopeOf(response), updateItems(request), commandContextOf(response));
    response.json(bulkResult(outcomes, { status: 'updated', pass: (pass) => ({ id: pass.id }), ...reporting(request, response) }) satisfies BulkUpdateResponse);
  });
}
