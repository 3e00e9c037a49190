/**
 * Automations (PROGRAMME §3): create, list, read, change, delete; their runs and a dry run on a pass.
 * Under `/businesses/:business_id/automations`, behind authentication; a sandbox key works on sandbox rules.
 */
import type { Application } from '@passes/application';
import { createAutomationBody, testAutomationBody, updateAutomationBody, type AutomationListResponse, type AutomationRunListResponse } from '@passes/contracts';
import { commandContextOf, passScopeOf } from '../http/authentication';
import { parseBody } from '../http/parse-body';
import { pageRequest } from '../http/query-parameters';
import type { RouteGroup } from '../http/route-group';
import { automationRepresentation, automationRunRepresentation, automationTestRepresentation } from '../representations/automation-representations';

export function addAutomationRoutes(routes: RouteGroup, application: Application): void {
  const automations = application.automations;
  const idOf = (params: Record<string, unknown>) => String(params['automation_id']);

  routes.post('/', async (request, response) => {
    const body = parseBody(createAutomationBody, request);
    const draft = { name: body.name, templateId: body.template_id ?? null, trigger: body.trigger, actions: body.actions, enabled: body.enabled ?? true };
    const automation = await automations.create(passScopeOf(response), draft, commandContextOf(response));
    response.status(201).json(automationRepresentation(automation));
  });

  routes.get('/', async (request, response) => {
    const page = await automations.list(passScopeOf(response), pageRequest(request));
    response.json({ data: page.items.map(automationRepresentation), has_more: page.nextCursor !== null, next_cursor: page.nextCursor } satisfies AutomationListResponse);
  });

  routes.get('/:automation_id', async (request, response) => {
    response.json(automationRepresentation(await automations.get(passScopeOf(response), idOf(request.params))));
  });

  routes.patch('/:automation_id', async (request, response) => {
    const body = parseBody(updateAutomationBody, request);
    const update = { name: body.name, templateId: body.template_id, trigger: body.trigger, actions: body.actions, enabled: body.enabled };
    const automation = await automations.update(passScopeOf(response), idOf(request.params), update, commandContextOf(response));
    response.json(automationRepresentation(automation));
  });

  routes.delete('/:automation_id', async (request, response) => {
    await automations.delete(passScopeOf(response), idOf(request.params), commandContextOf(response));
    response.status(204).end();
  });

  routes.get('/:automation_id/runs', async (request, response) => {
    const page = await automations.runs(passScopeOf(response), idOf(request.params), pageRequest(request));
    response.json({ data: page.items.map(automationRunRepresentation), has_more: page.nextCursor !== null, next_cursor: page.nextCursor } satisfies AutomationRunListResponse);
  });

  routes.post('/:automation_id/test', async (request, response) => {
    const body = parseBody(testAutomationBody, request);
    response.json(automationTestRepresentation(await automations.test(passScopeOf(response), idOf(request.params), body.pass)));
  });
}
